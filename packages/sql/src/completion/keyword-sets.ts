/** Which keywords fit a position: statement starts, clause continuations, expression words. */
import type { Dialect } from '../dialect.js';
import { dialectDefinition } from '../definitions/index.js';
import { defOf } from '../parser/parse-script.js';
import type { CursorContext } from './context.js';

const STARTS: Record<string, string[]> = {
  mysql: ['SELECT', 'INSERT INTO', 'UPDATE', 'DELETE FROM', 'WITH', 'CREATE TABLE', 'ALTER TABLE', 'DROP TABLE', 'SHOW TABLES', 'SHOW CREATE TABLE', 'DESC', 'EXPLAIN', 'TRUNCATE TABLE', 'REPLACE INTO', 'CALL', 'USE', 'SET', 'START TRANSACTION', 'COMMIT', 'ROLLBACK', 'CREATE VIEW', 'CREATE INDEX'],
  postgresql: ['SELECT', 'INSERT INTO', 'UPDATE', 'DELETE FROM', 'WITH', 'CREATE TABLE', 'ALTER TABLE', 'DROP TABLE', 'EXPLAIN', 'EXPLAIN ANALYZE', 'TRUNCATE TABLE', 'CALL', 'SET', 'SHOW', 'BEGIN', 'COMMIT', 'ROLLBACK', 'CREATE VIEW', 'CREATE INDEX', 'VACUUM', 'ANALYZE', 'COPY', 'DO'],
  sqlserver: ['SELECT', 'INSERT INTO', 'UPDATE', 'DELETE FROM', 'WITH', 'CREATE TABLE', 'ALTER TABLE', 'DROP TABLE', 'EXEC', 'DECLARE', 'SET', 'TRUNCATE TABLE', 'MERGE INTO', 'BEGIN TRAN', 'COMMIT', 'ROLLBACK', 'CREATE VIEW', 'CREATE INDEX', 'USE', 'PRINT', 'GO'],
  sqlite: ['SELECT', 'INSERT INTO', 'UPDATE', 'DELETE FROM', 'WITH', 'CREATE TABLE', 'ALTER TABLE', 'DROP TABLE', 'EXPLAIN QUERY PLAN', 'PRAGMA', 'INSERT OR REPLACE INTO', 'BEGIN', 'COMMIT', 'ROLLBACK', 'CREATE VIEW', 'CREATE INDEX', 'VACUUM', 'ATTACH DATABASE'],
  oracle: ['SELECT', 'INSERT INTO', 'UPDATE', 'DELETE FROM', 'WITH', 'CREATE TABLE', 'ALTER TABLE', 'DROP TABLE', 'MERGE INTO', 'BEGIN', 'DECLARE', 'EXPLAIN PLAN FOR', 'TRUNCATE TABLE', 'COMMIT', 'ROLLBACK', 'CREATE VIEW', 'CREATE INDEX', 'CREATE OR REPLACE PROCEDURE'],
  duckdb: ['SELECT', 'FROM', 'INSERT INTO', 'UPDATE', 'DELETE FROM', 'WITH', 'CREATE TABLE', 'ALTER TABLE', 'DROP TABLE', 'DESCRIBE', 'SUMMARIZE', 'SHOW TABLES', 'EXPLAIN', 'COPY', 'ATTACH', 'INSTALL', 'LOAD', 'PIVOT', 'CREATE VIEW'],
  clickhouse: ['SELECT', 'INSERT INTO', 'ALTER TABLE', 'CREATE TABLE', 'DROP TABLE', 'WITH', 'SHOW TABLES', 'DESCRIBE', 'EXPLAIN', 'OPTIMIZE TABLE', 'TRUNCATE TABLE', 'SYSTEM', 'CREATE VIEW', 'CREATE MATERIALIZED VIEW'],
};

export function startKeywords(d: Dialect): string[] {
  if (d.name === 'redis') return dialectDefinition('redis').keywords;
  return STARTS[d.name] ?? STARTS.mysql!;
}

function limitKeywords(d: Dialect): string[] {
  if (d.name === 'sqlserver') return ['OFFSET'];
  if (d.name === 'oracle') return ['FETCH FIRST', 'OFFSET'];
  return ['LIMIT'];
}

export function afterTableKeywords(ctx: CursorContext, d: Dialect): string[] {
  switch (ctx.clause) {
    case 'UPDATE':
      return ['SET', 'AS', 'JOIN'];
    case 'INTO':
      return ['VALUES', 'SELECT', ...(d.name === 'mysql' ? ['SET'] : []), 'DEFAULT VALUES'];
    case 'TABLE': case 'TRUNCATE':
      return [];
  }
  const list = ['WHERE', 'JOIN', 'LEFT JOIN', 'INNER JOIN', 'AS'];
  if (ctx.clause === 'JOIN' || ctx.clause === 'APPLY') list.unshift('ON');
  list.push('RIGHT JOIN', ...(d.name === 'mysql' ? [] : ['FULL JOIN']), 'CROSS JOIN', 'GROUP BY', 'ORDER BY', ...limitKeywords(d), 'USING', 'UNION', 'UNION ALL');
  if (d.name === 'sqlserver') list.push('WITH (NOLOCK)', 'CROSS APPLY', 'OUTER APPLY');
  return list;
}

export function afterOperandKeywords(ctx: CursorContext, d: Dialect): string[] {
  switch (ctx.clause) {
    case 'SELECT':
      return ['FROM', 'AS', ...(d.name === 'sqlserver' ? ['INTO'] : [])];
    case 'WHERE': case 'ON': case 'HAVING': case 'WHEN': case 'QUALIFY': case 'PREWHERE':
      return ['AND', 'OR', 'NOT', 'IN', 'LIKE', 'BETWEEN', 'IS NULL', 'IS NOT NULL', ...(ctx.clause === 'ON' ? ['JOIN', 'LEFT JOIN', 'WHERE'] : []), 'GROUP BY', 'ORDER BY', ...limitKeywords(d), 'EXISTS', 'THEN'];
    case 'GROUP':
      return ['HAVING', 'ORDER BY', ...limitKeywords(d), ...(d.name === 'mysql' ? ['WITH ROLLUP'] : [])];
    case 'ORDER':
      return ['ASC', 'DESC', ...limitKeywords(d), ...(d.name === 'postgresql' || d.name === 'oracle' ? ['NULLS FIRST', 'NULLS LAST'] : [])];
    case 'LIMIT': case 'OFFSET':
      return ['OFFSET', ...(d.name === 'sqlserver' || d.name === 'oracle' ? ['ROWS', 'FETCH NEXT'] : [])];
    case 'SET':
      return ['WHERE', ...(d.name === 'postgresql' || d.name === 'sqlserver' ? ['FROM'] : [])];
    case 'THEN': case 'ELSE': case 'CASE':
      return ['WHEN', 'ELSE', 'END'];
    case 'VALUES':
      return [];
  }
  return dialectDefinition(defOf(d)).priority_keywords;
}

export function expressionKeywords(ctx: CursorContext): string[] {
  const list = ['CASE', 'NOT', 'NULL', 'EXISTS', 'TRUE', 'FALSE', 'CAST', 'INTERVAL'];
  if (ctx.prevWord === 'SELECT') list.unshift('DISTINCT', '*');
  if (ctx.prevWord === 'CASE') list.unshift('WHEN');
  return list;
}
