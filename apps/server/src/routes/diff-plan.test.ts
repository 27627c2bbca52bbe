/**
 * POST /api/diff/plan (issue 26): the sync script as statements grouped by kind, drops of what only the
 * target has marked destructive with a count; the kept statements' texts are a script that runs. The
 * pinned /api/diff/sql answers the same script text as before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';

interface PlanStatement { sql: string; kind: string; destructive: boolean; note: string | null; text: string }
interface Plan { text: string; destructiveCount: number; statements: PlanStatement[] }

describe('POST /api/diff/plan', () => {
  let t: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-diff-plan-'));
  const ids: Record<string, number> = {};
  const run = async (id: number, sql: string) => {
    const results = (await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, databaseName: 'main', sql, errorContinue: true })).body.data as { success: boolean; message: string }[];
    expect(results.filter((r) => !r.success)).toEqual([]);
  };
  const names = async (id: number) =>
    ((await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, databaseName: 'main', sql: "SELECT type || ' ' || name FROM sqlite_master WHERE name NOT LIKE 'sqlite%' ORDER BY 1" })).body.data[0].dataList as string[][]).map((r) => r[0]);
  const sides = () => ({ source: { dataSourceId: ids.source, databaseName: 'main' }, target: { dataSourceId: ids.target, databaseName: 'main' } });

  beforeAll(async () => {
    t = await testApp({ demo: false });
    for (const side of ['source', 'target']) {
      ids[side] = (await t.json('POST', '/api/connection/datasource/create', { alias: `plan ${side}`, type: 'SQLITE', filePath: path.join(dir, `${side}.sqlite`), options: { create: 'true' } })).body.data as number;
    }
    await run(ids.source!, `
      CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT NOT NULL);
      CREATE TABLE log (id INTEGER PRIMARY KEY, msg TEXT);
      CREATE TRIGGER items_log AFTER INSERT ON items BEGIN INSERT INTO log (msg) VALUES (new.label); END;
      CREATE VIEW item_labels AS SELECT label FROM items;`);
    await run(ids.target!, `
      CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT NOT NULL);
      CREATE TABLE old_stuff (id INTEGER PRIMARY KEY, note TEXT);
      INSERT INTO old_stuff (note) VALUES ('keep me');
      CREATE VIEW old_view AS SELECT note FROM old_stuff;
      CREATE TRIGGER old_trigger AFTER INSERT ON items BEGIN SELECT 1; END;`);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('groups statements by kind and marks drops of target-only objects destructive, with a count', async () => {
    const r = await t.json<Plan>('POST', '/api/diff/plan', sides());
    expect(r.status).toBe(200);
    const plan = r.body.data;
    const destructive = plan.statements.filter((s) => s.destructive).map((s) => [s.kind, s.sql]);
    expect(destructive).toEqual(expect.arrayContaining([['trigger', 'DROP TRIGGER "old_trigger"'], ['view', 'DROP VIEW old_view'], ['table', 'DROP TABLE old_stuff']]));
    expect(plan.destructiveCount).toBe(3);
    expect(destructive).toHaveLength(3);
    const kinds = new Set(plan.statements.filter((s) => !s.destructive).map((s) => s.kind));
    expect([...kinds].sort()).toEqual(['table', 'trigger', 'view']);
    // The pinned route answers the same script, and it is the kept texts joined.
    expect((await t.json<string>('POST', '/api/diff/sql', sides())).body.data).toBe(plan.text);
    expect(`${plan.statements.map((s) => s.text).join('\n\n')}\n`).toBe(plan.text);
  });

  it('the script without the destructive statements creates what is missing and keeps what only the target has', async () => {
    const plan = (await t.json<Plan>('POST', '/api/diff/plan', sides())).body.data;
    await run(ids.target!, plan.statements.filter((s) => !s.destructive).map((s) => s.text).join('\n\n'));
    expect(await names(ids.target!)).toEqual(['table items', 'table log', 'table old_stuff', 'trigger items_log', 'trigger old_trigger', 'view item_labels', 'view old_view']);
    const again = (await t.json<Plan>('POST', '/api/diff/plan', sides())).body.data;
    expect(again.statements.every((s) => s.destructive)).toBe(true);
    expect(again.destructiveCount).toBe(3);
  });
});
