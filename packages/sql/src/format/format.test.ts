import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatSql, formatSqlResult } from './format.js';

describe('formatSql', () => {
  afterEach(() => vi.restoreAllMocks());
  it('formats with the dialect and keyword case', () => {
    expect(formatSql('select id,name from customers where id=1', 'MYSQL', 'upper')).toBe('SELECT\n  id,\n  name\nFROM\n  customers\nWHERE\n  id = 1');
    expect(formatSql('SELECT id FROM t', 'POSTGRESQL', 'lower')).toBe('select\n  id\nfrom\n  t');
    expect(formatSql('select [a b] from [t]', 'SQLSERVER', 'off')).toBe('select\n  [a b]\nfrom\n  [t]');
    expect(formatSql('select $1::int', 'POSTGRESQL', 'upper')).toBe('SELECT\n  $1::INT');
  });

  it('returns the original text, with the spec log line, when formatting fails', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = "SELECT 'unterminated FROM t";
    expect(formatSql(broken, 'MYSQL', 'upper')).toBe(broken);
    expect(log.mock.calls[0]![0]).toBe('Server-side SQL formatting error:');
  });

  it('keeps DELIMITER, GO and / separators and formats the statements between them', () => {
    const delimiter = 'DELIMITER //\ncreate procedure p() begin select 1; select 2; end //\nDELIMITER ;\ncall p();';
    const out = formatSql(delimiter, 'MYSQL', 'upper');
    expect(out.startsWith('DELIMITER //\n')).toBe(true);
    expect(out).toContain('//\nDELIMITER ;\nCALL p ();');
    expect(out).toMatch(/CREATE PROCEDURE/);
    const go = 'select 1\nGO\nselect 2\nGO';
    expect(formatSql(go, 'SQLSERVER', 'upper')).toBe('SELECT\n  1\nGO\nSELECT\n  2\nGO');
  });

  it('leaves empty text and Redis commands alone', () => {
    expect(formatSql('  ', 'MYSQL')).toBe('  ');
    expect(formatSql('get  key', 'REDIS', 'upper')).toBe('get  key');
  });

  it('says when formatting failed, so the editor can tell the user (spec 02 §8)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(formatSqlResult('select ((( from where', 'POSTGRESQL')).toEqual({ text: 'select ((( from where', failed: true });
    expect(formatSqlResult("select 'x", 'MYSQL').failed).toBe(true);
    expect(formatSqlResult('select a from t', 'POSTGRESQL')).toEqual({ text: 'select\n  a\nfrom\n  t', failed: false });
  });
});
