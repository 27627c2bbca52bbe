/** The SQLite file guard on a real database: which ATTACH / VACUUM INTO statements pass, and the check after a statement ran. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { checkStatementFiles, detachForeignFiles } from './file-guard.js';

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-sqlite-guard-')));
const inside = path.join(dir, 'in');
fs.mkdirSync(inside);
const access = { directories: [inside], paths: [] };
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('SQLite file guard', () => {
  it('lets ATTACH and VACUUM INTO name allowed files and in-memory databases', () => {
    for (const sql of [
      `ATTACH '${inside}/a.db' AS a`, `attach database "${inside}/b.db" as b`, "ATTACH ':memory:' AS m", "ATTACH '' AS t",
      `/* note */ ATTACH 'file:${inside}/c.db?mode=ro' AS c;`, `VACUUM INTO '${inside}/copy.db'`, 'VACUUM', 'SELECT 1',
    ]) expect(() => checkStatementFiles(sql, access), sql).not.toThrow();
  });

  it('refuses other files, parent-folder tricks, prefixes of the folder and computed names', () => {
    for (const sql of [
      `ATTACH '${dir}/x.db' AS x`, `ATTACH '${inside}/../x.db' AS x`, `ATTACH '${inside}-other/x.db' AS x`,
      `ATTACH 'file://localhost${dir}/x.db' AS x`, `ATTACH '${inside}/' || 'x.db' AS x`, `ATTACH (SELECT '${dir}/x.db') AS x`,
      `VACUUM main INTO '${dir}/copy.db'`, `VACUUM INTO lower('${inside}/copy.db')`,
    ]) expect(() => checkStatementFiles(sql, access), sql).toThrow(/Refused to reach the file/);
  });

  it('detaches a database attached outside the allowed files, whatever way it got there', () => {
    const db = new Database(path.join(inside, 'main.db'));
    db.exec(`ATTACH '${inside}/ok.db' AS ok; ATTACH '${dir}/outside.db' AS outside`);
    expect(() => detachForeignFiles(db, access)).toThrow(/outside\.db/);
    expect((db.pragma('database_list') as { name: string }[]).map((d) => d.name)).toEqual(['main', 'ok']);
    expect(() => detachForeignFiles(db, access)).not.toThrow();
    db.close();
  });
});
