/**
 * MySQL-wire faults found by the survival corpus (issue 23.1) end one statement and that
 * connection, never hang it. A result abandoned after its first page queued its last rows after
 * the abandon and paused the socket again, so the next statement never got its answer. After `SET NAMES dec8` mysql2 cannot encode the next statement and
 * fails the connection inside conn.query(), before the query had listeners — the statement waited
 * forever and its request never answered.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mysqltestStatements } from '../../../apps/server/src/survival/mysqltest.js';
import { mysqlDriver } from '../src/mysql/index.js';
import { MYSQL_URL, serviceAvailable } from './services.js';
import { collect } from './run-sql.js';

const CTYPE_MANY = '/usr/share/mysql/mysql-test/main/ctype_many.test';
const available = await serviceAvailable('MariaDB', MYSQL_URL, 3306);
const u = new URL(MYSQL_URL);
const config = { alias: 'm', type: 'MARIADB' as const, host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password) };

describe.runIf(available)('MySQL-wire fault containment', () => {
  it.runIf(fs.existsSync(CTYPE_MANY))('results left after their first page (a script\'s non-last statements) never leave the connection paused: MariaDB\'s ctype_many.test', async () => {
    const conn = await mysqlDriver.connect(config);
    const db = `askdb_abandon_${process.pid}`;
    try {
      await collect(conn, `CREATE DATABASE IF NOT EXISTS ${db}`);
      await collect(conn, `USE ${db}`);
      for (const sql of mysqltestStatements(fs.readFileSync(CTYPE_MANY, 'utf8'))) {
        const run = (async () => {
          for await (const e of conn.execute(sql, { pageSize: 5 })) if (e.type === 'rows' || e.type === 'done') break;
        })();
        const r = await Promise.race([run.then(() => 'ok'), new Promise<'hung'>((res) => setTimeout(() => res('hung'), 10_000))]);
        expect(r, sql.slice(0, 100)).toBe('ok');
      }
    } finally {
      await collect(conn, `DROP DATABASE IF EXISTS ${db}`).catch(() => undefined);
      await conn.close();
    }
  });

  it('a statement after SET NAMES to a character set the client cannot encode fails at once and drops the connection', async () => {
    const conn = await mysqlDriver.connect(config);
    try {
      expect((await collect(conn, 'SET NAMES dec8')).done.success).toBe(true);
      const next = await Promise.race([collect(conn, 'select 1'), new Promise<'hung'>((r) => setTimeout(() => r('hung'), 10_000))]);
      expect(next).not.toBe('hung');
      const done = (next as Awaited<ReturnType<typeof collect>>).done;
      expect(done.success).toBe(false);
      expect(done.message).toMatch(/character set \(dec8.*cannot send statements/);
      expect(conn.broken).toBe(true);
    } finally {
      await conn.close();
    }
    const fresh = await mysqlDriver.connect(config);
    try {
      expect((await collect(fresh, 'select 1')).rows).toEqual([['1']]);
    } finally {
      await fresh.close();
    }
  });
});
