import { describe, expect, it } from 'vitest';
import { extractSqlBlocks } from './extract-sql.js';

describe('extractSqlBlocks', () => {
  it('takes sql-tagged and dialect-tagged fences, and untagged fences that read as SQL', () => {
    const md = [
      'Here you go:',
      '```sql\nSELECT 1;\n```',
      'and in Postgres:',
      '```postgresql\nSELECT now();\n```',
      '```\nWITH x AS (SELECT 1) SELECT * FROM x\n```',
      '```python\nprint("SELECT no")\n```',
      '```\nnot sql at all\n```',
    ].join('\n');
    expect(extractSqlBlocks(md).map((b) => b.sql)).toEqual(['SELECT 1;', 'SELECT now();', 'WITH x AS (SELECT 1) SELECT * FROM x']);
  });

  it('accepts ~~~ fences and longer backtick fences', () => {
    expect(extractSqlBlocks('~~~sql\nSELECT 2\n~~~').map((b) => b.sql)).toEqual(['SELECT 2']);
    expect(extractSqlBlocks('````sql\nSELECT \'```\'\n````').map((b) => b.sql)).toEqual(["SELECT '```'"]);
  });

  it('takes an unfenced answer that is SQL, and an unclosed fence of a reply cut short', () => {
    expect(extractSqlBlocks('SELECT name FROM t')).toEqual([{ sql: 'SELECT name FROM t', language: '' }]);
    expect(extractSqlBlocks('Sure:\n```sql\nSELECT a FROM t WHERE')).toEqual([{ sql: 'SELECT a FROM t WHERE', language: 'sql' }]);
  });

  it('finds nothing in a reply with no SQL', () => {
    expect(extractSqlBlocks('An index is a data structure that speeds up lookups.')).toEqual([]);
  });
});
