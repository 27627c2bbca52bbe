/**
 * One suite run for each engine against a real server (or the embedded engine): what a user sees
 * when they run SQL, browse a schema, cancel, lose a connection or mistype a host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionPool } from '../src/pool.js';
import { driverFor } from '../src/registry.js';
import type { Connection, DatabaseDriver } from '../src/driver.js';
import type { EngineFixture, Sandbox } from './engines/fixture.js';
import { duckdbFixture } from './engines/duckdb.js';
import { mariadbFixture } from './engines/mariadb.js';
import { postgresFixture } from './engines/postgres.js';
import { sqliteFixture } from './engines/sqlite.js';
import { collect, must, runScript } from './run-sql.js';
import { silentServer } from './services.js';

const fixtures: EngineFixture[] = [postgresFixture, mariadbFixture, sqliteFixture, duckdbFixture];

for (const f of fixtures) {
  const available = await f.available();
  describe.skipIf(!available)(`${f.name} conformance`, () => {
    let sandbox: Sandbox;
    let driver: DatabaseDriver;
    let conn: Connection;
    const loc = () => sandbox.loc;

    beforeAll(async () => {
      sandbox = await f.sandbox();
      driver = await driverFor(f.type);
      conn = await driver.connect(sandbox.config);
      for (const s of f.sessionSetup ?? []) await must(conn, s);
      await runScript(conn, f.type, f.schemaScript);
    }, 60_000);
    afterAll(async () => {
      await conn?.close();
      await sandbox?.cleanup();
    });

    it("returns every stored value in the database's own text form", async () => {
      const columns = f.values.map((v, i) => `c${i} ${v.type}`).join(', ');
      await must(conn, `CREATE TABLE askdb_values (${columns})`);
      await must(conn, `INSERT INTO askdb_values VALUES (${f.values.map((v) => v.literal).join(', ')})`);
      const r = await must(conn, 'SELECT * FROM askdb_values');
      expect(r.rows).toHaveLength(1);
      f.values.forEach((v, i) => {
        expect({ type: v.type, value: r.rows[0]![i] }).toEqual({ type: v.type, value: v.expected });
        if (v.dataType) expect({ type: v.type, dataType: r.header![i]!.dataType }).toEqual({ type: v.type, dataType: v.dataType });
      });
      expect(r.header!.map((h) => h.name)).toEqual(f.values.map((_, i) => `c${i}`));
    });

    it('reports affected rows, keeps a transaction across statements, and runs in the picked location', async () => {
      await must(conn, 'CREATE TABLE askdb_tx (id int)');
      const inserted = await must(conn, 'INSERT INTO askdb_tx VALUES (1), (2)');
      expect([inserted.header, inserted.done.updateCount]).toEqual([null, 2]);
      await must(conn, 'BEGIN');
      await must(conn, 'DELETE FROM askdb_tx');
      expect((await must(conn, 'SELECT count(*) FROM askdb_tx')).rows).toEqual([['0']]);
      await must(conn, 'ROLLBACK');
      expect((await must(conn, 'SELECT count(*) FROM askdb_tx')).rows).toEqual([['2']]);
      const located = await must(conn, 'SELECT count(*) FROM customers', { databaseName: loc().databaseName, schemaName: loc().schemaName });
      expect(located.rows).toEqual([['0']]);
    });

    it.runIf(f.type === 'POSTGRESQL' || f.type === 'MARIADB')('reaches another database from a connection opened elsewhere', async () => {
      const elsewhere = await driver.connect({ ...sandbox.config, databaseName: undefined });
      try {
        const r = await must(elsewhere, 'SELECT count(*) FROM customers', { databaseName: loc().databaseName, schemaName: loc().schemaName });
        expect(r.rows).toEqual([['0']]);
        const tables = await elsewhere.metadata.tables(loc());
        expect(tables.data.map((t) => t.name).filter((n) => !n.startsWith('askdb_'))).toEqual(['customers', 'orders']);
        if (f.type === 'POSTGRESQL') expect((await elsewhere.metadata.schemas(loc().databaseName)).map((x) => x.name)).toContain('shop');
        expect((await elsewhere.metadata.columns({ ...loc(), tableName: 'orders' })).map((c) => c.name)).toEqual(['id', 'customer_id', 'total', 'status']);
      } finally {
        await elsewhere.close();
      }
    });

    it('streams a large result in page-sized batches', async () => {
      const n = 25_000;
      const r = await must(conn, f.manyRows(n), { pageSize: 1000 });
      expect(r.rows).toHaveLength(n);
      expect(r.batches.every((b) => b === 1000)).toBe(true);
      expect(r.rows[n - 1]).toEqual([String(n), `row ${n}`]);
      expect(r.done.updateCount).toBeNull();
    });

    it('stops reading when the consumer stops, and the connection stays usable', async () => {
      let seen = 0;
      for await (const e of conn.execute(f.manyRows(1_000_000), { pageSize: 100 })) {
        if (e.type === 'rows') seen += e.rows.length;
        if (seen >= 300) break;
      }
      expect(seen).toBe(300);
      expect((await must(conn, 'SELECT 42')).rows).toEqual([['42']]);
    });

    it('cancels a long query in the database within about a second', async () => {
      const ac = new AbortController();
      let abortedAt = 0;
      setTimeout(() => { abortedAt = Date.now(); ac.abort(); }, 400);
      let done: Extract<Awaited<ReturnType<typeof collect>>['done'], object> | null = null;
      for await (const e of conn.execute(f.longQuery, { signal: ac.signal, pageSize: 1000 })) if (e.type === 'done') done = e;
      const latency = Date.now() - abortedAt;
      expect(done!.success).toBe(false);
      expect(done!.cancelled).toBe(true);
      expect(latency).toBeLessThan(1500);
      expect((await must(conn, 'SELECT 1')).rows).toEqual([['1']]);
    }, 20_000);

    it('cancels through Connection.cancel() as the server does, within about a second', async () => {
      let calledAt = 0;
      setTimeout(() => { calledAt = Date.now(); void conn.cancel(); }, 400);
      let done: { success: boolean; cancelled?: boolean; message: string } | null = null;
      for await (const e of conn.execute(f.longQuery, { pageSize: 1000 })) if (e.type === 'done') done = e;
      expect([done!.success, done!.cancelled, done!.message]).toEqual([false, true, expect.stringMatching(/cancel/i)]);
      expect(Date.now() - calledAt).toBeLessThan(1500);
      expect((await must(conn, 'SELECT 1')).rows).toEqual([['1']]);
    }, 20_000);

    it("reports malformed SQL with the database's message and its line and column", async () => {
      const r = await collect(conn, f.malformed.sql);
      expect(r.done.success).toBe(false);
      expect(r.done.message).toMatch(f.malformed.messageIncludes);
      expect(r.done.errorPosition).toEqual(f.malformed.position);
      expect((await must(conn, 'SELECT 1')).rows).toEqual([['1']]);
    });

    describe('metadata', () => {
      it('lists tables with comments, paged and searchable', async () => {
        const all = await conn.metadata.tables(loc(), { pageNo: 1, pageSize: 100 });
        expect(all.data.map((t) => t.name).filter((n) => !n.startsWith('askdb_'))).toEqual(['customers', 'orders']);
        if (f.features.comments) expect(all.data.find((t) => t.name === 'customers')!.comment).toBe('People who buy 买家');
        const found = await conn.metadata.tables(loc(), { searchKey: 'CUST' });
        expect(found.data.map((t) => t.name)).toEqual(['customers']);
        const first = await conn.metadata.tables(loc(), { pageNo: 1, pageSize: 1, searchKey: 'o' });
        const second = await conn.metadata.tables(loc(), { pageNo: 2, pageSize: 1, searchKey: 'o' });
        expect([first.data[0]!.name, first.total, first.hasNextPage]).toEqual(['customers', 2, true]);
        expect([second.data[0]!.name, second.total, second.hasNextPage]).toEqual(['orders', 2, false]);
        const beyond = await conn.metadata.tables(loc(), { pageNo: 3, pageSize: 1, searchKey: 'o' });
        expect([beyond.data, beyond.total, beyond.hasNextPage]).toEqual([[], 2, false]);
        const none = await conn.metadata.tables(loc(), { searchKey: 'no_such_%_table' });
        expect([none.data, none.total]).toEqual([[], 0]);
      });

      it('describes columns: native and spec types, nullability, defaults, comments, keys', async () => {
        const cols = await conn.metadata.columns({ ...loc(), tableName: 'customers' });
        expect(cols.map((c) => c.name)).toEqual(['id', 'email', 'name', 'created_at']);
        const [id, email, , created] = cols;
        expect([id!.primaryKey, id!.autoIncrement, id!.dataType]).toEqual([true, true, 'NUMERIC']);
        expect([email!.nullable, email!.primaryKey, email!.dataType]).toEqual([false, false, 'STRING']);
        expect(email!.columnType).toMatch(/char/i);
        if (f.features.comments) expect(email!.comment).toBe('Login e-mail');
        expect(created!.dataType).toBe('DATETIME');
        expect(created!.defaultValue).toBeTruthy();
        expect(cols.find((c) => c.name === 'name')!.nullable).toBe(true);
      });

      it('lists primary, unique, foreign and check keys', async () => {
        const keys = await conn.metadata.keys({ ...loc(), tableName: 'orders' });
        expect(keys.find((k) => k.type === 'PRIMARY')!.columns).toEqual(['id']);
        const fk = keys.find((k) => k.type === 'FOREIGN')!;
        expect([fk.columns, fk.referencedTable, fk.referencedColumns]).toEqual([['customer_id'], 'customers', ['id']]);
        if (f.features.fkActions) expect(fk.onDelete).toBe('CASCADE');
        if (f.features.checkConstraints) expect(keys.find((k) => k.type === 'CHECK')!.checkExpression).toMatch(/total`?\s*>=\s*0/);
        const customerKeys = await conn.metadata.keys({ ...loc(), tableName: 'customers' });
        expect(customerKeys.find((k) => k.type === 'UNIQUE')!.columns).toEqual(['email']);
      });

      it('lists indexes with their columns, order and predicate', async () => {
        const indexes = await conn.metadata.indexes({ ...loc(), tableName: 'orders' });
        const ix = indexes.find((i) => i.name === 'orders_customer_idx')!;
        expect(ix.unique).toBe(false);
        expect(ix.columns.map((c) => c.name)).toEqual(['customer_id', 'total']);
        if (f.features.descIndexes) expect(ix.columns.map((c) => c.order)).toEqual(['ASC', 'DESC']);
        if (f.features.partialIndexes) expect(ix.where).toMatch(/void/);
      });

      it('lists views and their columns', async () => {
        const views = await conn.metadata.views(loc());
        expect(views.map((v) => v.name)).toEqual(['big_orders']);
        expect(views[0]!.definition ?? '').toMatch(/total/i);
        const cols = await conn.metadata.viewColumns({ ...loc(), tableName: 'big_orders' });
        expect(cols.map((c) => c.name)).toEqual(['id', 'total']);
      });

      it('lists functions, procedures and triggers', async () => {
        if (f.features.functions) {
          const fns = await conn.metadata.functions(loc());
          const fn = fns.find((x) => x.name === 'order_count')!;
          expect(fn.parameters!.map((p) => p.parameterName)).toEqual(['cust']);
        }
        if (f.features.procedures) {
          const procs = await conn.metadata.procedures(loc());
          expect(procs.map((p) => p.name)).toContain('reset_status');
        }
        if (f.features.triggers) {
          const triggers = await conn.metadata.triggers({ ...loc(), tableName: 'orders' });
          expect(triggers.map((t) => [t.name, t.tableName, t.timing])).toEqual([['orders_touch', 'orders', 'BEFORE']]);
          expect(triggers[0]!.event).toMatch(/INSERT/);
        }
      });

      it.runIf(!!f.dropRoutines)('shows the CREATE text of functions and procedures, which re-creates them', async () => {
        const fn = (await conn.metadata.functions(loc())).find((x) => x.name === 'order_count')!;
        const fnText = await conn.metadata.routineDefinition!(loc(), 'FUNCTION', 'order_count', fn.specificName);
        expect(fnText).toMatch(/CREATE[\s\S]*order_count[\s\S]*orders/i);
        const procText = f.features.procedures ? await conn.metadata.routineDefinition!(loc(), 'PROCEDURE', 'reset_status') : null;
        if (f.features.procedures) expect(procText).toMatch(/CREATE[\s\S]*reset_status[\s\S]*UPDATE/i);
        expect(await conn.metadata.routineDefinition!(loc(), 'FUNCTION', 'no_such_function')).toBeNull();

        await runScript(conn, f.type, f.dropRoutines!);
        expect((await conn.metadata.functions(loc())).map((x) => x.name)).not.toContain('order_count');
        await runScript(conn, f.type, fnText!);
        if (procText) await runScript(conn, f.type, procText);
        expect((await conn.metadata.functions(loc())).map((x) => x.name)).toContain('order_count');
        if (procText) expect((await conn.metadata.procedures(loc())).map((x) => x.name)).toContain('reset_status');
      });

      it('shows the DDL of a table', async () => {
        const ddl = await conn.metadata.tableDdl({ ...loc(), tableName: 'orders' });
        expect(ddl).toMatch(/CREATE TABLE/i);
        expect(ddl).toMatch(/customer_id/);
        expect(ddl).toMatch(/REFERENCES/i);
        expect(ddl).toMatch(/orders_customer_idx/);
      });

      it.runIf(f.type === 'POSTGRESQL' || f.type === 'MARIADB')('reads the columns of a list of named tables and views in one call', async () => {
        const byTable = await conn.metadata.columnsOf!(loc(), ['orders', 'big_orders', 'no_such_table']);
        expect([...byTable.keys()].sort()).toEqual(['big_orders', 'orders']);
        expect(byTable.get('orders')!.map((c) => c.name)).toEqual(['id', 'customer_id', 'total', 'status']);
        expect(byTable.get('orders')![0]!.primaryKey).toBe(true);
        expect((await conn.metadata.columnsOf!(loc(), [])).size).toBe(0);
      });

      it('reads the whole schema in one catalog call', async () => {
        const cat = await conn.metadata.catalog(loc());
        const names = cat.tables.map((t) => t.name).filter((n) => !n.startsWith('askdb_'));
        expect(names).toEqual(['customers', 'orders']);
        const orders = cat.tables.find((t) => t.name === 'orders')!;
        expect(orders.columns.map((c) => c.name)).toEqual(['id', 'customer_id', 'total', 'status']);
        if (f.type === 'POSTGRESQL') {
          // A table row type is not among the names loaded up front: found after the first use.
          expect((await must(conn, 'SELECT o FROM shop.orders o')).header![0]!.columnType).toBe('record');
          expect((await must(conn, 'SELECT o FROM shop.orders o')).header![0]!.columnType).toMatch(/^(shop\.)?orders$/);
          expect(orders.columns[0]!.identity).toBe('ALWAYS');
          expect(cat.tables.find((t) => t.name === 'customers')!.columns[0]!.identity).toBeNull();
          expect(cat.sequences!.map((s) => [s.name, s.ownedBy])).toEqual([['customers_id_seq', 'customers.id'], ['orders_id_seq', 'orders.id']]);
        }
        expect(orders.keys.some((k) => k.type === 'FOREIGN' && k.referencedTable === 'customers')).toBe(true);
        expect(orders.indexes.some((i) => i.name === 'orders_customer_idx')).toBe(true);
        expect(cat.views.map((v) => [v.name, v.columns.length])).toEqual([['big_orders', 2]]);
        if (f.features.functions) expect(cat.functions.map((x) => x.name)).toContain('order_count');
        if (f.features.comments) expect(cat.tables.find((t) => t.name === 'customers')!.comment).toBe('People who buy 买家');
      });
    });

    it.runIf(!!f.kill)('ends the result of a killed connection with an error; the pool replaces it', async () => {
      const pool = new ConnectionPool({ max: 2 });
      try {
        const lease = await pool.acquire('conformance', sandbox.config, 'v1');
        const pid = (await must(lease.connection, f.kill!.processIdSql)).rows[0]![0]!;
        const side = await driver.connect(sandbox.config);
        const running = collect(lease.connection, f.longQuery);
        await new Promise((r) => setTimeout(r, 400));
        await must(side, f.kill!.killSql(pid));
        await side.close();
        const r = await running;
        expect(r.done.success).toBe(false);
        expect(r.done.message).toBeTruthy();
        await new Promise((r) => setTimeout(r, 50));
        expect(lease.connection.broken).toBe(true);
        lease.release();
        const next = await pool.acquire('conformance', sandbox.config, 'v1');
        expect(next.connection).not.toBe(lease.connection);
        expect((await must(next.connection, 'SELECT 7')).rows).toEqual([['7']]);
        next.release();
      } finally {
        await pool.closeAll();
      }
    }, 20_000);

    it.runIf(!!f.missingFile)('says the database file does not exist', async () => {
      await expect(driver.connect(f.missingFile!)).rejects.toMatchObject({ code: 'FILE_NOT_FOUND', message: expect.stringContaining('missing.db') });
    });

    describe.runIf(!!f.connectErrors)('connect errors', () => {
      // Collected even when skipped: every read of `e` must tolerate its absence.
      const e = f.connectErrors ?? ({} as NonNullable<EngineFixture['connectErrors']>);
      it('says the password or user is wrong', async () => {
        await expect(driver.connect(e.badAuth)).rejects.toMatchObject({ code: 'AUTH_FAILED', message: expect.stringMatching(/authentication failed/i) });
      });
      it('says the port refused the connection', async () => {
        await expect(driver.connect(e.refused)).rejects.toMatchObject({ code: 'CONNECTION_REFUSED', message: expect.stringContaining(':1 ') });
      });
      it('says the host does not exist', async () => {
        await expect(driver.connect(e.unknownHost)).rejects.toMatchObject({ code: 'HOST_NOT_FOUND', message: expect.stringContaining('no-such-host.invalid') });
      });
      it('gives up within the connect timeout when the server never answers', async () => {
        const silent = await silentServer();
        try {
          const started = Date.now();
          await expect(driver.connect(e.timeout(silent.port))).rejects.toMatchObject({ code: 'TIMEOUT' });
          expect(Date.now() - started).toBeLessThan(1500 + 1000);
        } finally {
          await silent.close();
        }
      });
      it.runIf(!!e.tlsMismatch)('says TLS was refused when SSL is required but the server has none', async () => {
        await expect(driver.connect(e.tlsMismatch!)).rejects.toMatchObject({ code: 'TLS_ERROR', message: expect.stringMatching(/SSL/) });
      });
      it.runIf(!!e.unknownDatabase)('says the database does not exist', async () => {
        await expect(driver.connect(e.unknownDatabase!)).rejects.toMatchObject({ code: 'DATABASE_NOT_FOUND' });
      });
    });
  });
}
