/**
 * SQLite schema sync against the engine's own catalog (issue 26): a kitchen-sink file (AUTOINCREMENT on
 * some tables only, WITHOUT ROWID, STRICT, partial and expression indexes, views, triggers) synced into
 * an empty file and back; after each script sqlite_master and the pragmas of both sides agree
 * (oracle-sqlite.ts says what the dump holds and what it normalises).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exec, oracleSides, syncAndCompare } from './oracle.js';
import { sqliteOracle } from './oracle-sqlite.js';

const KITCHEN = fileURLToPath(new URL('./fixtures/sqlite-kitchen.sql', import.meta.url));

describe('SQLite schema sync equals sqlite_master and the pragmas', () => {
  const { open, kitchen } = oracleSides(sqliteOracle, KITCHEN);

  it('an empty file becomes the kitchen sink: triggers, AUTOINCREMENT only where the source has it, WITHOUT ROWID, STRICT', async () => {
    const statements = await syncAndCompare(sqliteOracle, kitchen(), await open());
    const text = statements.join('\n');
    expect(text.match(/AUTOINCREMENT/g)).toHaveLength(2);
    expect(statements.filter((s) => /^create trigger/i.test(s))).toHaveLength(5);
    for (const needle of [') WITHOUT ROWID', ') STRICT', 'INSTEAD OF INSERT ON city_list']) expect(text).toContain(needle);
  }, 120_000);

  it('the kitchen sink becomes empty again: triggers only the target has are dropped', async () => {
    const target = await open();
    target.load(KITCHEN);
    await syncAndCompare(sqliteOracle, await open(), target);
  }, 120_000);

  it('a table rebuilt to change it keeps its triggers, and its AUTOINCREMENT and STRICT flags follow the source', async () => {
    const source = await open();
    source.load(KITCHEN);
    await exec(source, 'ALTER TABLE city ADD COLUMN founded INTEGER CHECK (founded > 0)');
    await exec(source, 'DROP TRIGGER "measurement guard"');
    const target = await open();
    target.load(KITCHEN);
    await exec(target, 'DROP TABLE audit_log');
    await exec(target, 'CREATE TABLE audit_log (id INTEGER PRIMARY KEY AUTOINCREMENT, table_name TEXT NOT NULL, action TEXT NOT NULL, row_id INTEGER, at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP) STRICT');
    await syncAndCompare(sqliteOracle, source, target);
  }, 120_000);
});
