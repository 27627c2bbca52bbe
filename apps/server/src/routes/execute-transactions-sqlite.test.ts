/**
 * Issue 23.2 on an embedded engine: a SQLite run without a console session that leaves BEGIN open
 * is rolled back and told so, and the next request on the pooled connection is not inside it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';

describe('transactions and pooled connections on SQLite', () => {
  let t: TestApp;
  let id: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-tx-sqlite-'));
  const file = path.join(dir, 'tx.sqlite');

  beforeAll(async () => {
    const db = new Database(file);
    db.exec('CREATE TABLE t (a INTEGER)');
    db.close();
    t = await testApp({ demo: false });
    id = (await t.json('POST', '/api/connection/datasource/create', { alias: 'tx', type: 'SQLITE', filePath: file, poolSize: 1 })).body.data;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('BEGIN left open without a session is rolled back; the next request sees nothing of it', async () => {
    const first = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: 'begin; insert into t values (1)' });
    expect(first.body).toMatchObject({ success: false, errorCode: 'TRANSACTION_NEEDS_SESSION' });
    const next = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: 'select count(*) from t' });
    expect(next.body.data[0].dataList).toEqual([['0']]);
    const outside = new Database(file, { readonly: true });
    try {
      expect(outside.prepare('select count(*) as n from t').get()).toEqual({ n: 0 });
    } finally {
      outside.close();
    }
  });
});
