/**
 * Issue 23.2 on PostgreSQL and MariaDB. Without a console session a run is autocommit: a script
 * that leaves a transaction open is rolled back and fails with "a transaction needs a console
 * session", and the next request (on the same pooled connection) does not run inside it. In a
 * console session, a backend killed mid-transaction makes the next COMMIT fail ("the connection
 * was lost; the transaction was rolled back") instead of answering success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, pgSourceInput, scratchPgDatabase, testApp, mysqlAdmin, mariadbSourceInput, type TestApp } from '../test/helpers.js';

/** Polls a condition until it holds (a condition, not a clock: the bound only ends a test that would hang). */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached in 30 s');
}

interface Engine {
  name: string;
  /** A query of 1,000 rows. */
  manyRows: string;
  /** A statement that turns autocommit off for the session, where the engine has one. */
  autocommitOff?: string;
  /** Creates the scratch database with table t(a int); returns the data source input. */
  setUp(): Promise<Record<string, unknown>>;
  /** Rows of t as another connection sees them (committed only). */
  committedCount(): Promise<number>;
  /** Sessions of the scratch database with a transaction open. */
  openTransactions(): Promise<number>;
  /** A query answering the id of the backend it runs on. */
  backendId: string;
  /** Kills that backend from another connection. */
  kill(id: string): Promise<void>;
  tearDown(): Promise<void>;
}

function postgres(): Engine {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  const one = async (sql: string) => Number(((await db.adminQuery(sql, [db.name])) as { rows: { n: string }[] }).rows[0]!.n);
  return {
    name: 'PostgreSQL',
    manyRows: 'select g from generate_series(1, 1000) g',
    async setUp() {
      db = await scratchPgDatabase('askdb_tx', 'create table t(a int)');
      return pgSourceInput('pg tx', db.name);
    },
    async committedCount() {
      const { default: pg } = await import('pg');
      const url = new URL(PG_URL);
      url.pathname = `/${db.name}`;
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      try {
        return Number((await c.query('select count(*) as n from t')).rows[0].n);
      } finally {
        await c.end();
      }
    },
    openTransactions: () => one("select count(*) as n from pg_stat_activity where datname = $1 and state like 'idle in transaction%'"),
    backendId: 'select pg_backend_pid()',
    async kill(id) {
      // pg_terminate_backend only signals: wait until the backend is gone.
      await db.adminQuery('select pg_terminate_backend($1::int) where $2::text is not null', [Number(id), db.name]);
      await until(async () => (await one(`select count(*) as n from pg_stat_activity where datname = $1 and pid = ${Number(id)}`)) === 0);
    },
    tearDown: () => db.drop(),
  };
}

function mariadb(): Engine {
  const name = `askdb_tx_${process.pid}_${Date.now().toString(36)}`;
  const holders = () => mysqlAdmin<{ id: number }[]>('select p.id from information_schema.processlist p join information_schema.innodb_trx x on x.trx_mysql_thread_id = p.id where p.db = ?', [name]);
  return {
    name: 'MariaDB',
    manyRows: 'select seq from seq_1_to_1000',
    autocommitOff: 'set autocommit = 0',
    async setUp() {
      await mysqlAdmin(`create database ${name}; create table ${name}.t(a int) engine=InnoDB`);
      return mariadbSourceInput('maria tx', name);
    },
    async committedCount() {
      return Number((await mysqlAdmin<{ n: number }[]>(`select count(*) as n from ${name}.t`))[0]!.n);
    },
    openTransactions: async () => {
      // The list may lag by up to 0.1 s (see killInTransaction): none until it has been refreshed after now.
      await new Promise((r) => setTimeout(r, 150));
      return (await holders()).length;
    },
    backendId: 'select connection_id()',
    async kill(id) {
      await mysqlAdmin(`kill ${Number(id)}`);
      await until(async () => (await mysqlAdmin<unknown[]>('select id from information_schema.processlist where id = ?', [Number(id)])).length === 0);
    },
    tearDown: () => mysqlAdmin(`drop database if exists ${name}`),
  };
}

describe.each([postgres(), mariadb()])('transactions and pooled connections on $name', (engine) => {
  let t: TestApp;
  let id: number;
  const exec = (body: Record<string, unknown>, lang?: string) => t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, ...body }, lang ? { 'accept-language': lang } : undefined);

  beforeAll(async () => {
    const input = await engine.setUp();
    t = await testApp({ demo: false });
    // One pooled connection: the next request surely gets the connection the first one used.
    id = (await t.json('POST', '/api/connection/datasource/create', { ...input, poolSize: 1 })).body.data;
    expect(id).toBeTypeOf('number');
  });
  afterAll(async () => {
    await t.close();
    await engine.tearDown();
  });

  it('a request without a session that leaves a transaction open is rolled back and told so; the next request does not run inside it', async () => {
    const first = await exec({ sql: 'begin; insert into t values (1)' });
    expect(first.body.success).toBe(false);
    expect(first.body.errorCode).toBe('TRANSACTION_NEEDS_SESSION');
    expect(first.body.errorMessage).toMatch(/transaction needs a console session/i);
    const next = await exec({ sql: 'select count(*) from t' });
    expect(next.body.data[0].dataList).toEqual([['0']]);
    expect(await engine.committedCount()).toBe(0);
    expect(await engine.openTransactions()).toBe(0);
    // Said in the user's language too.
    const zh = await exec({ sql: 'begin; select 1' }, 'zh-CN');
    expect(zh.body.errorMessage).toContain('事务需要控制台会话');
    const ja = await exec({ sql: 'start transaction; select 1' }, 'ja-JP');
    expect(ja.body.errorMessage).toContain('トランザクションにはコンソールセッションが必要です');
  });

  it('a result cursor does not keep a transaction open past the request either', async () => {
    const r = await exec({ sql: `begin; insert into t values (5); ${engine.manyRows}`, pageSize: 100 });
    expect(r.body.errorCode).toBe('TRANSACTION_NEEDS_SESSION');
    expect(await engine.committedCount()).toBe(0);
    expect(await engine.openTransactions()).toBe(0);
    // Without a transaction, the cursor is kept as before.
    const plain = await exec({ sql: engine.manyRows, pageSize: 100 });
    expect(plain.body.data[0]).toMatchObject({ hasMore: true, cursorId: expect.any(String) });
    await t.json('POST', '/api/rdb/dml/cursor/close', { cursorId: plain.body.data[0].cursorId });
  });

  it.runIf(!!engine.autocommitOff)('a session left with autocommit off is not pooled either', async () => {
    const off = await exec({ sql: engine.autocommitOff! });
    expect(off.body.errorCode).toBe('TRANSACTION_NEEDS_SESSION');
    await exec({ sql: 'insert into t values (6)' });
    expect(await engine.committedCount()).toBe(1);
    await exec({ sql: 'delete from t' });
  });

  it('a whole transaction in one request still commits', async () => {
    const r = await exec({ sql: 'begin; insert into t values (7); commit' });
    expect(r.body.data.map((x: { success: boolean }) => x.success)).toEqual([true, true, true]);
    expect(await engine.committedCount()).toBe(1);
    await exec({ sql: 'delete from t' });
  });

  /** Opens a transaction in a console session and kills the very backend that holds it. */
  async function openAndKill(consoleId: number, insert: string): Promise<void> {
    const opened = await exec({ consoleId, sql: `begin; ${insert}; ${engine.backendId}` });
    expect(opened.body.data.map((x: { success: boolean }) => x.success)).toEqual([true, true, true]);
    await engine.kill(String(opened.body.data[2].dataList[0][0]));
  }

  it('in a console session, a backend killed mid-transaction makes the next COMMIT fail, and the console goes on afterwards', async () => {
    const consoleId = 4242;
    await openAndKill(consoleId, 'insert into t values (2)');
    const commit = await exec({ consoleId, sql: 'commit' });
    expect(commit.body.data[0].success).toBe(false);
    expect(commit.body.data[0].message).toMatch(/connection was lost; the transaction was rolled back/i);
    expect(await engine.committedCount()).toBe(0);
    // The transaction is over: the console works again, on a new connection.
    const after = await exec({ consoleId, sql: 'select count(*) from t' });
    expect(after.body.data[0]).toMatchObject({ success: true, dataList: [['0']] });
  });

  it('after a lost transaction, statements fail until it is ended; ROLLBACK ends it', async () => {
    const consoleId = 4343;
    await openAndKill(consoleId, 'insert into t values (3)');
    const r = await exec({ consoleId, sql: 'insert into t values (4); rollback; select count(*) from t' }, 'ja-JP');
    const [insert, rollback, count] = r.body.data;
    expect(insert.success).toBe(false);
    expect(insert.message).toContain('接続が失われたため');
    expect(rollback.success).toBe(true);
    expect(count.dataList).toEqual([['0']]);
    expect(await engine.committedCount()).toBe(0);
  });
});
