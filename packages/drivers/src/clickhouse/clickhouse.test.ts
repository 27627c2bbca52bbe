import { describe, expect, it } from 'vitest';
import { dialectFor } from '@askdb/sql';
import { connectFailureTests } from '../../test/connect-failures.js';
import { resolveTarget } from '../shared/endpoint.js';
import { clickHouseOptions } from './index.js';
import { splitKeyExpression } from './metadata.js';
import { hasOwnFormat, returnsRows, tsvRow } from './tsv.js';

const base = { alias: 'ch', type: 'CLICKHOUSE' as const };

describe('ClickHouse (no ClickHouse server runs here)', () => {
  it('reads TabSeparated cells as ClickHouse printed them, \\N as NULL', () => {
    expect(tsvRow('9007199254740993\t\\N\tNULL\ta\\tb\\nc\\\\d\t😀 中文\t[1,2,3]')).toEqual(['9007199254740993', null, 'NULL', 'a\tb\nc\\d', '😀 中文', '[1,2,3]']);
  });
  it('tells statements that return rows from commands, and passes a user FORMAT through', () => {
    expect(returnsRows('  -- note\nSELECT 1')).toBe(true);
    expect(returnsRows('WITH x AS (SELECT 1) SELECT * FROM x')).toBe(true);
    expect(returnsRows('CREATE TABLE t (a UInt8) ENGINE = Memory')).toBe(false);
    expect(returnsRows('INSERT INTO t VALUES (1)')).toBe(false);
    expect(hasOwnFormat('SELECT 1 FORMAT JSON')).toBe(true);
    expect(hasOwnFormat("SELECT 'FORMAT'")).toBe(false);
  });
  it('splits key expressions at top-level commas', () => {
    expect(splitKeyExpression('id, toDate(ts, \'UTC\'), cityHash64(a, b)')).toEqual(['id', "toDate(ts, 'UTC')", 'cityHash64(a, b)']);
  });
  it('builds client options: https under SSL, the schema as ClickHouse database, a session per connection', async () => {
    const o = clickHouseOptions({ ...base, ssl: { mode: 'require' }, schemaName: 'logs' }, await resolveTarget({ ...base, host: 'ch.example.com', user: 'ann', password: 'pw' }, 8123));
    expect(o).toMatchObject({ url: 'https://ch.example.com:8123', username: 'ann', password: 'pw', database: 'logs', application: 'AskDB' });
    expect(o.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(clickHouseOptions(base, await resolveTarget({ ...base, url: 'http://u@h:9000/sales' }, 8123))).toMatchObject({ url: 'http://h:9000', database: 'sales', username: 'u' });
    expect(dialectFor('CLICKHOUSE').quoteIdentifier('my table', true)).toBe('`my table`');
  });
  connectFailureTests(base);
});
