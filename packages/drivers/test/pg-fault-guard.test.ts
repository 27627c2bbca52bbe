/**
 * A pg protocol fault ends one connection, never the process (issue 23.1). The reproduction is
 * the crash of the report: a COPY sent through a plain pg-cursor, whose query object has no
 * handler for the COPY messages; pg calls it from its socket handler and the exception was uncaught.
 */
import { describe, expect, it } from 'vitest';
import Cursor from 'pg-cursor';
import { resolveTarget } from '../src/shared/endpoint.js';
import { openPgClient, pgClientConfig } from '../src/postgres/connect.js';
import { pgFaultOf } from '../src/postgres/fault-guard.js';
import { postgresDriver } from '../src/postgres/index.js';
import { PG_URL, serviceAvailable } from './services.js';
import { collect } from './run-sql.js';

const available = await serviceAvailable('PostgreSQL', PG_URL, 5432);
const u = new URL(PG_URL);
const config = { alias: 'pg', type: 'POSTGRESQL' as const, host: u.hostname, port: Number(u.port || 5432), user: decodeURIComponent(u.username || 'postgres'), password: decodeURIComponent(u.password) };

describe.runIf(available)('pg fault containment', () => {
  it('a query object that cannot handle COPY fails its statement and drops only its connection', async () => {
    const target = await resolveTarget(config, 5432);
    const client = await openPgClient(pgClientConfig(config, target), target);
    const cursor = client.query(new Cursor('copy (select 1) to stdout'));
    const read = new Promise<unknown>((resolve) => cursor.read(10, (err: unknown) => resolve(err)));
    const err = await read;
    expect(String(err)).toMatch(/Connection terminated/);
    expect(pgFaultOf(client)?.message).toMatch(/handleCopy(Data|InResponse) is not a function/);
    await client.end().catch(() => undefined);
    // The process is alive and another connection works.
    const conn = await postgresDriver.connect(config);
    try {
      expect((await collect(conn, 'select 1')).rows).toEqual([['1']]);
    } finally {
      await conn.close();
    }
  });

  it('COPY through the driver in every direction and form leaves the connection usable', async () => {
    const conn = await postgresDriver.connect(config);
    try {
      for (const sql of ['copy (select 1) to stdout', 'copy pg_class from stdin', '/* c */ COPY (select 2) TO STDOUT (FORMAT binary)', 'copy (select 1) to program \'true\'', 'copy x to stdin']) {
        const r = await collect(conn, sql);
        expect(r.done, sql).toBeTruthy();
        expect((await collect(conn, 'select 7')).rows, `after ${sql}`).toEqual([['7']]);
      }
      expect(conn.broken).toBe(false);
    } finally {
      await conn.close();
    }
  });
});
