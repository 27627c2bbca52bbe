/**
 * SQL blocks of a model's markdown answer: fenced blocks tagged sql (or a dialect name), untagged
 * fenced blocks whose text reads as SQL, and — when the answer has no fence at all — the whole
 * answer if it reads as SQL (models asked for "only SQL" sometimes drop the fence).
 */
import { looksLikeSql } from '../prompts/language.js';

export interface SqlBlock {
  sql: string;
  /** The fence's info string, lower case ('' when untagged or unfenced). */
  language: string;
}

const SQL_TAGS = new Set([
  'sql', 'mysql', 'mariadb', 'postgresql', 'postgres', 'pgsql', 'psql', 'plpgsql', 'sqlite', 'plsql', 'oracle', 'tsql', 't-sql',
  'mssql', 'sqlserver', 'duckdb', 'clickhouse', 'hive', 'hiveql', 'sparksql', 'snowflake', 'bigquery', 'db2', 'presto', 'trino',
]);

export function extractSqlBlocks(markdown: string): SqlBlock[] {
  const blocks: SqlBlock[] = [];
  const fence = /^([ \t]*)(`{3,}|~{3,})[ \t]*([^\n`]*)\n([\s\S]*?)^\1?[ \t]*\2[`~]*[ \t]*$/gm;
  let sawFence = false;
  for (const m of markdown.matchAll(fence)) {
    sawFence = true;
    const language = (m[3] ?? '').trim().split(/\s+/)[0]!.toLowerCase();
    const body = (m[4] ?? '').replace(/\n$/, '');
    if (SQL_TAGS.has(language) || (language === '' && looksLikeSql(body))) {
      if (body.trim()) blocks.push({ sql: body, language });
    }
  }
  if (!sawFence) {
    // An unclosed fence at the end (a reply cut short) still counts.
    const open = /^[ \t]*(`{3,}|~{3,})[ \t]*([A-Za-z-]*)[^\n]*\n([\s\S]*)$/m.exec(markdown);
    if (open && (SQL_TAGS.has(open[2]!.toLowerCase()) || looksLikeSql(open[3]!))) {
      if (open[3]!.trim()) blocks.push({ sql: open[3]!.replace(/\n$/, ''), language: open[2]!.toLowerCase() });
    } else if (looksLikeSql(markdown)) {
      blocks.push({ sql: markdown.trim(), language: '' });
    }
  }
  return blocks;
}
