import { describe, expect, it } from 'vitest';
import { dialectFor } from './dialects/registry.js';
import { splitStatements } from './splitter.js';
import { streamSplitter } from './stream-splitter.js';

/** Feeds `text` in pieces cut at `cuts` and returns every statement emitted. */
function streamed(text: string, type: string, cuts: number[]) {
  const sp = streamSplitter(dialectFor(type));
  const out = [];
  let p = 0;
  for (const c of [...cuts, text.length]) {
    out.push(...sp.push(text.slice(p, c)));
    p = c;
  }
  out.push(...sp.end());
  return out;
}

const PG = `INSERT INTO t VALUES (1, 'a;b');
-- a comment; with a semicolon
CREATE FUNCTION f() RETURNS int AS $body$ BEGIN RETURN 1; END; $body$ LANGUAGE plpgsql;
/* block; comment */ SELECT 'it''s; here', "q;id" FROM t;
SELECT 2`;

const MY = `INSERT INTO t VALUES (1, 'x\\';y'); # hash; comment
DELIMITER //
CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END//
DELIMITER ;
SELECT \`a;b\` FROM t;
/*!40101 SET NAMES utf8 */;
SELECT 3;`;

const MSSQL = `CREATE PROCEDURE p AS SELECT 1; SELECT 2
GO
SELECT [a;b] FROM t; SELECT 3
GO
`;

const ORACLE = `BEGIN NULL; END;
/
CREATE OR REPLACE PROCEDURE p IS BEGIN NULL; END;
/
SELECT 1 FROM dual;`;

describe('streamSplitter', () => {
  for (const [type, text] of [['POSTGRESQL', PG], ['MYSQL', MY], ['SQLSERVER', MSSQL], ['ORACLE', ORACLE]] as const) {
    it(`${type}: a single cut anywhere (inside a statement, a string, a dollar body, a comment, a delimiter) changes nothing`, () => {
      const whole = splitStatements(text, dialectFor(type));
      expect(whole.length).toBeGreaterThan(2);
      for (let c = 0; c <= text.length; c++) expect(streamed(text, type, [c]), `cut at ${c}`).toEqual(whole);
    });
    it(`${type}: one character at a time`, () => {
      expect(streamed(text, type, Array.from({ length: text.length }, (_, i) => i))).toEqual(splitStatements(text, dialectFor(type)));
    });
  }

  it('emits statements as soon as they are complete and holds only the one being read', () => {
    const sp = streamSplitter(dialectFor('POSTGRESQL'));
    expect(sp.push("SELECT 'a;")).toEqual([]);
    expect(sp.push("b'; SELECT $$x;")).toMatchObject([{ sql: "SELECT 'a;b'", start: 0, startLine: 1 }]);
    expect(sp.push('y$$;\n-- c;\nSELECT 3')).toMatchObject([{ sql: 'SELECT $$x;y$$', start: 14 }]);
    expect(sp.pending.length).toBeLessThan(20);
    expect(sp.end()).toMatchObject([{ sql: 'SELECT 3', startLine: 3, startColumn: 1 }]);
  });

  it('skips a byte-order mark', () => {
    const sp = streamSplitter(dialectFor('POSTGRESQL'));
    expect([...sp.push('\ufeffSELECT 1;'), ...sp.end()].map((s) => s.sql)).toEqual(['SELECT 1']);
  });
});
