/** Redis against the real local server: console commands, keys as tables, cancel, lost connections, connect errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Redis from 'ioredis';
import { ConnectionPool } from '../src/pool.js';
import { driverFor } from '../src/registry.js';
import type { Connection, ConnectionConfig, DatabaseDriver } from '../src/driver.js';
import { collect, must } from './run-sql.js';
import { REDIS_URL, serviceAvailable, silentServer, uniqueName } from './services.js';

const available = await serviceAvailable('Redis', REDIS_URL, 6379);
const server = new URL(REDIS_URL);
const DB = 11;
const config: ConnectionConfig = { alias: 'redis', type: 'REDIS', host: server.hostname, port: Number(server.port || 6379), databaseName: String(DB) };

describe.skipIf(!available)('Redis driver', () => {
  const prefix = uniqueName('askdb') + ':';
  let driver: DatabaseDriver;
  let conn: Connection;
  let admin: Redis;

  beforeAll(async () => {
    driver = await driverFor('REDIS');
    conn = await driver.connect(config);
    admin = new Redis({ host: config.host, port: config.port, db: DB });
    await admin.hset(`${prefix}user:1`, 'name', 'Ada', 'city', '北京');
    await admin.rpush(`${prefix}queue`, 'a', 'b', 'c');
    await admin.sadd(`${prefix}tags`, 'x');
    await admin.zadd(`${prefix}board`, 10, 'ann', 20.5, 'bob');
    await admin.set(`${prefix}counter`, '9007199254740993', 'EX', 600);
    await admin.set(`${prefix}blob`, Buffer.from([0xde, 0xad, 0xbe, 0xef]));
  });
  afterAll(async () => {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    admin.disconnect();
    await conn?.close();
  });

  it('runs console commands with quoted arguments and shows replies as rows', async () => {
    await must(conn, `SET ${prefix}greeting "hello world 😀 中文"`, { databaseName: String(DB) });
    const got = await must(conn, `GET ${prefix}greeting`, { databaseName: String(DB) });
    expect(got.header!.map((h) => h.name)).toEqual(['value']);
    expect(got.rows).toEqual([['hello world 😀 中文']]);
    expect((await must(conn, `GET ${prefix}missing`)).rows).toEqual([[null]]);
    expect((await must(conn, `GET ${prefix}counter`)).rows).toEqual([['9007199254740993']]);
    expect((await must(conn, `GET ${prefix}blob`)).rows).toEqual([['0xdeadbeef']]);
    expect((await must(conn, `SET ${prefix}nul "NULL"`)).rows).toEqual([['OK']]);
    expect((await must(conn, `GET ${prefix}nul`)).rows).toEqual([['NULL']]);
  });

  it('renders field/value, member/score and list replies as columns', async () => {
    const hash = await must(conn, `HGETALL ${prefix}user:1`);
    expect(hash.header!.map((h) => h.name)).toEqual(['field', 'value']);
    expect(hash.rows).toEqual([['name', 'Ada'], ['city', '北京']]);
    const zset = await must(conn, `ZRANGE ${prefix}board 0 -1 WITHSCORES`);
    expect(zset.rows).toEqual([['ann', '10'], ['bob', '20.5']]);
    const list = await must(conn, `LRANGE ${prefix}queue 0 -1`);
    expect(list.rows).toEqual([['1', 'a'], ['2', 'b'], ['3', 'c']]);
    const info = await must(conn, 'INFO server');
    expect(info.rows.find((r) => r[1] === 'redis_version')).toBeTruthy();
  });

  it("returns Redis's own error and the position of a quoting mistake", async () => {
    const bad = await collect(conn, `NOSUCHCMD ${prefix}x`);
    expect([bad.done.success, bad.done.message]).toEqual([false, expect.stringMatching(/^ERR unknown command/)]);
    const quote = await collect(conn, 'SET k\n  "unclosed');
    expect(quote.done.success).toBe(false);
    expect(quote.done.errorPosition).toEqual({ line: 2, column: 3 });
    const wrongType = await collect(conn, `LPUSH ${prefix}user:1 x`);
    expect(wrongType.done.message).toMatch(/^WRONGTYPE/);
  });

  it('lists databases 0–15 and keys as tables with type, ttl and size, paged and searchable', async () => {
    const dbs = await conn.metadata.databases();
    expect(dbs.map((d) => d.name)).toEqual(Array.from({ length: 16 }, (_, i) => String(i)));
    const page = await conn.metadata.tables({ databaseName: String(DB) }, { searchKey: prefix, pageSize: 100 });
    const byName = Object.fromEntries(page.data.map((t) => [t.name, t.details]));
    expect(byName[`${prefix}user:1`]).toMatchObject({ type: 'hash', ttl: -1 });
    expect(byName[`${prefix}counter`]!.type).toBe('string');
    expect(Number(byName[`${prefix}counter`]!.ttl)).toBeGreaterThan(500);
    expect(Number(byName[`${prefix}queue`]!.size)).toBeGreaterThan(0);
    const first = await conn.metadata.tables({ databaseName: String(DB) }, { searchKey: prefix, pageSize: 2, pageNo: 1 });
    const second = await conn.metadata.tables({ databaseName: String(DB) }, { searchKey: prefix, pageSize: 2, pageNo: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.hasNextPage).toBe(true);
    expect(second.data.map((t) => t.name)).not.toContain(first.data[0]!.name);
    const literal = await conn.metadata.tables({ databaseName: String(DB) }, { searchKey: `${prefix}user:*` });
    expect(literal.data).toEqual([]);
  });

  it('gives each key type its columns and the commands that recreate it', async () => {
    const loc = { databaseName: String(DB) };
    expect((await conn.metadata.columns({ ...loc, tableName: `${prefix}board` })).map((c) => c.name)).toEqual(['member', 'score']);
    const ddl = await conn.metadata.tableDdl({ ...loc, tableName: `${prefix}user:1` });
    expect(ddl).toBe(`HSET ${prefix}user:1 name Ada city 北京`);
    expect(await conn.metadata.tableDdl({ ...loc, tableName: `${prefix}blob` })).toBe(`SET ${prefix}blob "\\xde\\xad\\xbe\\xef"`);
    expect(await conn.metadata.tableDdl({ ...loc, tableName: `${prefix}counter` })).toMatch(/^SET \S+ 9007199254740993\nPEXPIRE \S+ \d+$/);
  });

  it('cancels a blocking command within a second', async () => {
    const ac = new AbortController();
    const started = Date.now();
    setTimeout(() => ac.abort(), 300);
    const r = await collect(conn, `BLPOP ${prefix}never 30`, { signal: ac.signal });
    expect([r.done.success, r.done.cancelled]).toEqual([false, true]);
    expect(Date.now() - started).toBeLessThan(1500);
    expect((await must(conn, 'PING')).rows).toEqual([['PONG']]);
  });

  it('marks a killed connection broken and the pool replaces it', async () => {
    const pool = new ConnectionPool({ max: 2 });
    try {
      const lease = await pool.acquire('redis', config, 'v1');
      const id = (await must(lease.connection, 'CLIENT ID')).rows[0]![0]!;
      const running = collect(lease.connection, `BLPOP ${prefix}never 30`);
      await new Promise((r) => setTimeout(r, 200));
      await admin.call('CLIENT', 'KILL', 'ID', id);
      const r = await running;
      expect(r.done.success).toBe(false);
      expect(lease.connection.broken).toBe(true);
      lease.release();
      const next = await pool.acquire('redis', config, 'v1');
      expect(next.connection).not.toBe(lease.connection);
      expect((await must(next.connection, 'PING')).rows).toEqual([['PONG']]);
      next.release();
    } finally {
      await pool.closeAll();
    }
  });

  it('says what went wrong when connecting fails', async () => {
    const user = uniqueName('askdb_user');
    await admin.call('ACL', 'SETUSER', user, 'on', '>right-password', '~*', '+@all');
    try {
      await expect(driver.connect({ ...config, user, password: 'wrong' })).rejects.toMatchObject({ code: 'AUTH_FAILED', message: expect.stringContaining(user) });
      const ok = await driver.connect({ ...config, user, password: 'right-password' });
      expect((await must(ok, 'ACL WHOAMI')).rows).toEqual([[user]]);
      await ok.close();
    } finally {
      await admin.call('ACL', 'DELUSER', user);
    }
    await expect(driver.connect({ ...config, port: 1 })).rejects.toMatchObject({ code: 'CONNECTION_REFUSED' });
    await expect(driver.connect({ ...config, host: 'no-such-host.invalid' })).rejects.toMatchObject({ code: 'HOST_NOT_FOUND' });
    const silent = await silentServer();
    try {
      const started = Date.now();
      await expect(driver.connect({ ...config, host: '127.0.0.1', port: silent.port, connectTimeoutMs: 1000 })).rejects.toMatchObject({ code: 'TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      await silent.close();
    }
  });
});
