import { describe, expect, it } from 'vitest';
import { dialectFor } from './dialects/registry.js';
import { splitStatements } from './splitter.js';
import { statementAtCursor } from './cursor.js';

const split = (sql: string, type = 'MYSQL') => splitStatements(sql, dialectFor(type)).map((s) => s.sql);

describe('splitStatements', () => {
  it('splits on semicolons and keeps offsets exact', () => {
    const sql = 'SELECT 1;\n  select 2 ;\n\nSELECT 3';
    const st = splitStatements(sql, dialectFor('POSTGRESQL'));
    expect(st.map((s) => s.sql)).toEqual(['SELECT 1', 'select 2', 'SELECT 3']);
    for (const s of st) expect(sql.slice(s.start, s.end)).toBe(s.sql);
    expect(st[1]).toMatchObject({ startLine: 2, startColumn: 3, endLine: 2, endColumn: 11 });
    expect(st[2]).toMatchObject({ startLine: 4, startColumn: 1, endLine: 4, endColumn: 9 });
  });

  it('ignores semicolons in strings, identifiers and comments', () => {
    expect(split(`SELECT 'a;b', "c;d" FROM t; -- x;y\nSELECT /* ; */ 2`, 'POSTGRESQL')).toEqual([
      `SELECT 'a;b', "c;d" FROM t`,
      'SELECT /* ; */ 2',
    ]);
    expect(split("SELECT `a;b` FROM t; # c;\nSELECT 'it''s;', 'x\\';y'")).toEqual(['SELECT `a;b` FROM t', "SELECT 'it''s;', 'x\\';y'"]);
    expect(split('SELECT [a;b] FROM t; SELECT 2', 'SQLSERVER')).toEqual(['SELECT [a;b] FROM t', 'SELECT 2']);
  });

  it('backslash escapes only where the engine has them', () => {
    // PostgreSQL standard strings: a backslash is an ordinary character, so the string ends at the quote.
    expect(split("SELECT 'a\\'; SELECT 2", 'POSTGRESQL')).toEqual(["SELECT 'a\\'", 'SELECT 2']);
    expect(split("SELECT 'a\\'; SELECT 2'", 'MYSQL')).toEqual(["SELECT 'a\\'; SELECT 2'"]);
    expect(split("SELECT E'a\\'; b'; SELECT 2", 'POSTGRESQL')).toEqual(["SELECT E'a\\'; b'", 'SELECT 2']);
  });

  it('nests block comments in PostgreSQL only', () => {
    expect(split('/* a /* b */ ; */ SELECT 1; SELECT 2', 'POSTGRESQL')).toEqual(['SELECT 1', 'SELECT 2']);
    expect(split('/* a /* b */ SELECT 1; SELECT 2', 'MYSQL')).toEqual(['SELECT 1', 'SELECT 2']);
  });

  it('keeps dollar-quoted bodies whole', () => {
    const fn = `CREATE FUNCTION f() RETURNS int AS $body$ BEGIN RETURN 1; END; $body$ LANGUAGE plpgsql`;
    expect(split(`${fn};\nDO $$ BEGIN PERFORM 1; END $$;\nSELECT $1, $2`, 'POSTGRESQL')).toEqual([fn, 'DO $$ BEGIN PERFORM 1; END $$', 'SELECT $1, $2']);
  });

  it('PostgreSQL BEGIN is a transaction, BEGIN ATOMIC a body', () => {
    expect(split('BEGIN; INSERT INTO t VALUES (1); COMMIT;', 'POSTGRESQL')).toEqual(['BEGIN', 'INSERT INTO t VALUES (1)', 'COMMIT']);
    const atomic = 'CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT 2; END';
    expect(split(`${atomic}; SELECT 3`, 'POSTGRESQL')).toEqual([atomic, 'SELECT 3']);
  });

  it('handles MySQL DELIMITER, including a delimiter glued to END', () => {
    const sql = `DELIMITER //\nCREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END //\nDELIMITER ;\nCALL p();\nDELIMITER $$\nCREATE FUNCTION f() RETURNS int BEGIN RETURN 1; END$$\nDELIMITER ;\nSELECT f()`;
    expect(split(sql)).toEqual([
      'CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END',
      'CALL p()',
      'CREATE FUNCTION f() RETURNS int BEGIN RETURN 1; END',
      'SELECT f()',
    ]);
  });

  it('keeps BEGIN…END and CASE…END bodies without DELIMITER', () => {
    const trg = `CREATE TRIGGER tr AFTER INSERT ON t FOR EACH ROW BEGIN
  UPDATE s SET n = CASE WHEN n > 1 THEN 0 ELSE n END;
  IF NEW.x THEN INSERT INTO log VALUES (1); END IF;
  CASE NEW.y WHEN 1 THEN SET @a = 1; ELSE SET @a = 2; END CASE;
END`;
    expect(split(`${trg};\nSELECT 1;`)).toEqual([trg, 'SELECT 1']);
    expect(split(`${trg};\nSELECT 1;`, 'SQLITE')).toEqual([trg, 'SELECT 1']);
    expect(split('BEGIN; SELECT 1; COMMIT;', 'SQLITE')).toEqual(['BEGIN', 'SELECT 1', 'COMMIT']);
    expect(split('BEGIN TRANSACTION; SELECT 1; END TRANSACTION;', 'SQLITE')).toEqual(['BEGIN TRANSACTION', 'SELECT 1', 'END TRANSACTION']);
  });

  it('CASE outside a block never swallows the next statements', () => {
    expect(split('SELECT CASE WHEN 1 THEN 2; SELECT 3')).toEqual(['SELECT CASE WHEN 1 THEN 2', 'SELECT 3']);
  });

  it('splits SQL Server batches on GO and keeps routines to the end of their batch', () => {
    const sql = `CREATE PROCEDURE p AS\nSELECT 1;\nSELECT 2;\nGO\nSELECT 3; SELECT 'GO'\n  go 2\nIF 1 = 1 BEGIN SELECT 4; SELECT 5; END;\nBEGIN TRAN; COMMIT`;
    expect(split(sql, 'SQLSERVER')).toEqual([
      'CREATE PROCEDURE p AS\nSELECT 1;\nSELECT 2;',
      'SELECT 3',
      "SELECT 'GO'",
      'IF 1 = 1 BEGIN SELECT 4; SELECT 5; END',
      'BEGIN TRAN',
      'COMMIT',
    ]);
    // GO inside a line is an ordinary word
    expect(split('SELECT go FROM t GO', 'SQLSERVER')).toEqual(['SELECT go FROM t GO']);
  });

  it('handles Oracle PL/SQL blocks and / terminators', () => {
    const proc = `CREATE OR REPLACE PROCEDURE p IS\n  v NUMBER;\nBEGIN\n  IF v > 1 THEN v := 0; END IF;\n  SELECT 1 INTO v FROM dual;\nEND p;`;
    const sql = `${proc}\n/\nSELECT 1 FROM dual;\nDECLARE x NUMBER; BEGIN x := 1; END;\nSELECT 2 / 1 FROM dual;\nBEGIN NULL; END;\n/\nCREATE PACKAGE pk AS PROCEDURE a; FUNCTION b RETURN NUMBER; END pk;\nSELECT 3 FROM dual`;
    expect(split(sql, 'ORACLE')).toEqual([
      proc,
      'SELECT 1 FROM dual',
      'DECLARE x NUMBER; BEGIN x := 1; END;',
      'SELECT 2 / 1 FROM dual',
      'BEGIN NULL; END;',
      'CREATE PACKAGE pk AS PROCEDURE a; FUNCTION b RETURN NUMBER; END pk;',
      'SELECT 3 FROM dual',
    ]);
    const body = 'CREATE PACKAGE BODY pk AS PROCEDURE a IS BEGIN NULL; END a; FUNCTION b RETURN NUMBER IS BEGIN RETURN 1; END; END pk;';
    expect(split(`${body}\nSELECT 1 FROM dual`, 'DM')).toEqual([body, 'SELECT 1 FROM dual']);
    // An index on a column named package is not PL/SQL.
    expect(split('CREATE INDEX i ON t (package); SELECT 1 FROM dual', 'ORACLE')).toEqual(['CREATE INDEX i ON t (package)', 'SELECT 1 FROM dual']);
  });

  it('keeps MySQL executable comments as statements and drops comment-only ones', () => {
    expect(split('/*!40101 SET NAMES utf8 */;\n-- only a comment;\n/* c */;\nSELECT 1')).toEqual(['/*!40101 SET NAMES utf8 */', 'SELECT 1']);
  });

  it('splits Redis by lines', () => {
    expect(split('SET a 1\n\n  GET a  \nDEL "x;y"', 'REDIS')).toEqual(['SET a 1', 'GET a', 'DEL "x;y"']);
  });

  it('never throws or hangs on hostile input', () => {
    const bad = ["SELECT 'unterminated", 'SELECT "x', '/* open', 'SELECT $$ open', '$', '$$', "E'\\", '\u0000\u0001\u0002;;\uffff\ud800', '(((((((('.repeat(10000)];
    for (const type of ['MYSQL', 'POSTGRESQL', 'SQLSERVER', 'ORACLE', 'SQLITE', 'CLICKHOUSE', 'REDIS']) {
      for (const b of bad) {
        const st = splitStatements(b, dialectFor(type));
        for (const s of st) expect(b.slice(s.start, s.end)).toBe(s.sql);
      }
    }
    expect(split("SELECT 1; SELECT 'open; SELECT 2", 'POSTGRESQL')).toEqual(['SELECT 1', "SELECT 'open; SELECT 2"]);
    const big = 'SELECT 1;\n'.repeat(1_000_000);
    const t0 = Date.now();
    expect(splitStatements(big, dialectFor('MYSQL'))).toHaveLength(1_000_000);
    expect(Date.now() - t0).toBeLessThan(20_000);
    let junk = '';
    for (let i = 0; i < 200_000; i++) junk += String.fromCharCode((i * 7919) % 65536);
    expect(() => splitStatements(junk, dialectFor('POSTGRESQL'))).not.toThrow();
  });
});

describe('statementAtCursor', () => {
  const sql = 'SELECT 1; SELECT 2;\n\nSELECT\n  3';
  const st = splitStatements(sql, dialectFor('MYSQL'));
  it('picks the statement containing the cursor, bounds inclusive', () => {
    expect(statementAtCursor(st, 1, 1)?.sql).toBe('SELECT 1');
    expect(statementAtCursor(st, 1, 9)?.sql).toBe('SELECT 1');
    expect(statementAtCursor(st, 1, 12)?.sql).toBe('SELECT 2');
    expect(statementAtCursor(st, 4, 2)?.sql).toBe('SELECT\n  3');
  });
  it('falls back to the nearest statement on the same line, else none', () => {
    expect(statementAtCursor(st, 1, 10)?.sql).toBe('SELECT 1');
    expect(statementAtCursor(st, 1, 20)?.sql).toBe('SELECT 2');
    expect(statementAtCursor(st, 2, 1)).toBeUndefined();
  });
});
