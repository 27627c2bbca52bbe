/**
 * SQL audit on the real stores: every entry point that runs SQL leaves a row (console execute,
 * execute_stream, export, a table-data edit and a schema-sync script, both run by the web through
 * execute); the super admin's list filters and pages them; another organisation's super admin sees
 * none of them; OPERATOR and ADMIN are refused; the CSV export is formula-safe. Local mode
 * (SQLite store) records its one user too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { as, type Persona, type TeamFixture, makeTeam } from '../test/org-fixtures.js';

type Row = { id: number; userId: number; userName: string | null; dataSourceId: number; databaseName: string | null; schemaName: string | null; statementType: string; sql: string; startTime: string; duration: number; rowCount: number | null; success: boolean; message: string | null; clientIp: string | null };

const qs = (o: Record<string, unknown>) => new URLSearchParams(Object.entries(o).filter(([, v]) => v !== undefined).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe('SQL audit (server mode, PostgreSQL store)', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let target: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let f: TeamFixture;
  let ds: number;
  let outsiderDs: number;
  const started = new Date().toISOString();

  const list = async (who: Persona, filter: Record<string, unknown> = {}) => as(t, who, 'GET', `/api/audit/sql/list?${qs(filter)}`);
  const rows = async (filter: Record<string, unknown> = {}): Promise<Row[]> => (await list(f.owner, { pageSize: 500, ...filter })).body.data.data;
  const post = (who: Persona, url: string, payload: object, remoteAddress?: string) => t.app.inject({ method: 'POST', url, payload, headers: who.headers, ...(remoteAddress ? { remoteAddress } : {}) });

  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_audit_store');
    target = await scratchPgDatabase('askdb_audit_target', "create table orders(id int primary key, amount int); insert into orders values (1, 10), (2, 20), (3, 30);");
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
    f = await makeTeam(t, 'Audit');
    ds = (await as(t, f.owner, 'POST', '/api/connection/datasource/create', pgSourceInput('audited', target.name))).body.data;
    outsiderDs = (await as(t, f.outsider, 'POST', '/api/connection/datasource/create', pgSourceInput('theirs', target.name))).body.data;
    expect(ds).toBeTypeOf('number');

    // Console execute, from a known client address: a query, a failing statement.
    const r = await post(f.owner, '/api/rdb/dml/execute', { dataSourceId: ds, databaseName: target.name, schemaName: 'public', sql: 'select * from orders order by id; select * from no_such_table' }, '203.0.113.7');
    expect(r.json().data.map((x: { success: boolean }) => x.success)).toEqual([true, false]);
    // execute_stream.
    const s = await post(f.owner, '/api/rdb/dml/execute_stream', { dataSourceId: ds, databaseName: target.name, sql: 'select g from generate_series(1, 2500) g' });
    expect(s.body).toContain('"type":"end"');
    // Export.
    const e = await post(f.owner, '/api/rdb/dml/export', { dataSourceId: ds, databaseName: target.name, sql: 'select id, amount from orders where amount >= 20', format: 'csv' });
    expect(e.headers['content-type']).toContain('text/csv');
    // A table-data edit as the web applies it: DML on the tab's session, stop at the first error.
    const edit = await post(f.owner, '/api/rdb/dml/execute', { dataSourceId: ds, databaseName: target.name, consoleId: 900001, errorContinue: false, pageSize: 1, sql: 'UPDATE "public"."orders" SET "amount" = 11 WHERE "id" IN (1, 2)' });
    expect(edit.json().data[0].updateCount).toBe(2);
    // A schema-sync / table-editor script, run by the web through execute.
    await post(f.owner, '/api/rdb/dml/execute', { dataSourceId: ds, databaseName: target.name, sql: 'ALTER TABLE "public"."orders" ADD COLUMN "note" text; CREATE INDEX orders_amount ON orders (amount); DROP INDEX orders_amount' });
    // A member (OPERATOR) of the same team runs something too.
    const shared = (await as(t, f.admin, 'POST', '/api/connection/datasource/create', { ...pgSourceInput('team shared', target.name), visibility: 'SHARED' })).body.data;
    // Without a grant the member is refused before the database (audited as a refused attempt); with one, the statement runs.
    expect((await post(f.operator, '/api/rdb/dml/execute', { dataSourceId: shared, databaseName: target.name, sql: 'delete from orders where id = 2' })).statusCode).toBe(403);
    const grant = await as(t, f.admin, 'POST', '/api/permission/authorization/create', { userId: f.operator.userId, dataSourceId: shared, actions: ['READ', 'WRITE'], expireAt: null });
    expect(grant.status).toBe(200);
    await post(f.operator, '/api/rdb/dml/execute', { dataSourceId: shared, databaseName: target.name, sql: 'delete from orders where id = 3' });
    // The other team's owner works on their own source.
    await post(f.outsider, '/api/rdb/dml/execute', { dataSourceId: outsiderDs, databaseName: target.name, sql: "select 'outsider secret'" });
  });
  afterAll(async () => {
    await t?.close();
    await store?.drop();
    await target?.drop();
  });

  it('records every entry point with who, where, what, when, how long, how many rows, outcome and client address', async () => {
    const all = await rows();
    const by = (sql: string) => all.find((r) => r.sql === sql);
    const query = by('select * from orders order by id')!;
    expect(query).toMatchObject({ userId: f.owner.userId, userName: f.owner.name, dataSourceId: ds, databaseName: target.name, schemaName: 'public', statementType: 'SELECT', rowCount: 3, success: true, clientIp: '203.0.113.7' });
    expect(query.startTime >= started).toBe(true);
    expect(query.duration).toBeGreaterThanOrEqual(0);
    const failed = by('select * from no_such_table')!;
    expect(failed).toMatchObject({ success: false, statementType: 'SELECT' });
    expect(failed.message).toMatch(/no_such_table/);
    expect(by('select g from generate_series(1, 2500) g')).toMatchObject({ rowCount: 2500, success: true, statementType: 'SELECT' });
    expect(by('select id, amount from orders where amount >= 20')).toMatchObject({ rowCount: 2, success: true });
    expect(by('UPDATE "public"."orders" SET "amount" = 11 WHERE "id" IN (1, 2)')).toMatchObject({ statementType: 'UPDATE', rowCount: 2, success: true });
    expect(by('ALTER TABLE "public"."orders" ADD COLUMN "note" text')?.statementType).toBe('ALTER');
    expect(by('CREATE INDEX orders_amount ON orders (amount)')?.statementType).toBe('CREATE');
    expect(by('DROP INDEX orders_amount')?.statementType).toBe('DROP');
    expect(by('delete from orders where id = 3')).toMatchObject({ userId: f.operator.userId, statementType: 'DELETE', rowCount: 1 });
    expect(all.some((r) => r.sql.includes('outsider secret'))).toBe(false);
  });

  it('filters by user, data source, type, time range and text, and pages newest first', async () => {
    // Newest first: the run, then the refused attempt before the grant (issue 24 point 5).
    const operator = await rows({ userId: f.operator.userId });
    expect(operator.map((r) => [r.sql, r.success])).toEqual([['delete from orders where id = 3', true], ['delete from orders where id = 2', false]]);
    expect(operator[1]!.message).toMatch(/^REFUSED \(no permission/);
    expect((await rows({ dataSourceId: ds })).every((r) => r.dataSourceId === ds)).toBe(true);
    expect((await rows({ statementType: 'UPDATE' })).map((r) => r.statementType)).toEqual(['UPDATE']);
    expect((await rows({ searchKey: 'GENERATE_series' })).map((r) => r.sql)).toEqual(['select g from generate_series(1, 2500) g']);
    expect(await rows({ searchKey: '100%_' })).toEqual([]);
    expect(await rows({ from: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    expect((await rows({ from: started, to: Date.now() + 60_000 })).length).toBe((await rows()).length);

    const total = (await list(f.owner, { pageSize: 3 })).body.data.total as number;
    expect(total).toBe(10); // nine runs and one refused attempt
    const seen: Row[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = (await list(f.owner, { pageNo, pageSize: 3 })).body.data;
      seen.push(...page.data);
      if (!page.hasNextPage) break;
    }
    expect(seen.map((r) => r.id)).toEqual((await rows()).map((r) => r.id));
    expect(new Set(seen.map((r) => r.id)).size).toBe(total);
    const times = seen.map((r) => r.startTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('says clearly what is wrong with a filter', async () => {
    const reversed = await as(t, f.owner, 'GET', `/api/audit/sql/list?${qs({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })}`, undefined, 'zh-CN');
    expect(reversed.status).toBe(400);
    expect(reversed.body.errorMessage).toContain('晚于结束');
    const badType = await list(f.owner, { statementType: 'SHOUT' });
    expect(badType.status).toBe(400);
    expect(badType.body.errorMessage).toMatch(/statementType/);
    const badTime = await list(f.owner, { from: 'yesterday-ish' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.errorMessage).toMatch(/ISO 8601/);
  });

  it("another organisation's super admin sees none of our rows, only their own", async () => {
    const theirs = (await list(f.outsider, { pageSize: 500 })).body.data;
    expect(theirs.data.map((r: Row) => r.sql)).toEqual(["select 'outsider secret'"]);
    expect((await list(f.outsider, { dataSourceId: ds })).body.data.total).toBe(0);
    const csv = (await t.app.inject({ method: 'GET', url: '/api/audit/sql/export', headers: f.outsider.headers })).body;
    expect(csv).not.toContain('orders');
  });

  it('is for the super admin only: OPERATOR and ADMIN get 403, anonymous 401; nothing edits or deletes a row', async () => {
    for (const who of [f.operator, f.admin]) {
      expect((await list(who)).status).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/audit/sql/export', headers: who.headers })).statusCode).toBe(403);
    }
    expect((await t.json('GET', '/api/audit/sql/list')).status).toBe(401);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      expect((await t.app.inject({ method: method as 'POST', url: '/api/audit/sql/list', headers: f.owner.headers })).statusCode).toBe(404);
    }
  });

  it('exports the filtered rows as CSV, formula cells neutralised, headers in the language asked', async () => {
    const formula = "select '=HYPERLINK(\"http://evil.example\",\"x\")' as a";
    await post(f.owner, '/api/rdb/dml/execute', { dataSourceId: ds, databaseName: target.name, sql: `-- note\n${formula}` });
    await post(f.owner, '/api/rdb/dml/execute', { dataSourceId: ds, databaseName: target.name, sql: '=1+1' });
    const res = await t.app.inject({ method: 'GET', url: `/api/audit/sql/export?${qs({ searchKey: '=' })}`, headers: { ...f.owner.headers, 'accept-language': 'ja-JP' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="sql-audit_\d{14}\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('ID,開始時刻,ユーザー,ユーザー ID,データソース ID,データベース,スキーマ,種類,SQL,所要時間（ミリ秒）,行数,結果,メッセージ,クライアントアドレス');
    const cells = lines.filter((l) => l.includes('=1+1'));
    expect(cells).toHaveLength(1);
    expect(cells[0]).toContain(",OTHER,'=1+1,");
    expect(res.body).not.toMatch(/(^|,)=1\+1/m);
    expect(res.body).toContain(`,SELECT,"${formula.replace(/"/g, '""')}",`);
    const all = await t.app.inject({ method: 'GET', url: '/api/audit/sql/export', headers: f.owner.headers });
    expect(all.body.trim().split('\r\n').length - 1).toBe((await list(f.owner)).body.data.total);
  });
});

describe('SQL audit (local mode, SQLite store)', () => {
  let target: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;

  beforeAll(async () => {
    target = await scratchPgDatabase('askdb_audit_local');
    t = await testApp({ demo: false });
  });
  afterAll(async () => {
    await t?.close();
    await target?.drop();
  });

  it("records the local user's statements and shows them on the audit page", async () => {
    const ds = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('local pg', target.name))).body.data;
    await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: ds, sql: 'create table t(a int); insert into t values (1), (2); select a from t' });
    const page = (await t.json('GET', '/api/audit/sql/list?pageSize=10')).body.data;
    expect(page.data.map((r: Row) => [r.statementType, r.rowCount, r.userId])).toEqual([['SELECT', 2, 1], ['INSERT', 2, 1], ['CREATE', 0, 1]]);
    expect(page.data[0].databaseName).toBe(target.name);
  });

  it('records the rows the AI samples from the database for its value index', async () => {
    const id = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('ai pg', target.name))).body.data;
    await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: "create table cities(name text); insert into cities values ('Helsinki'), ('Oslo'), ('Turku')" });
    const saved = await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: 'http://127.0.0.1:9/v1', apiKey: 'sk-test', model: 'm', privacy: 'SCHEMA_AND_SAMPLES' });
    expect(saved.status).toBe(200);
    expect((await t.json('POST', '/api/ai/schema_link', { dataSourceId: id, databaseName: target.name, schemaName: 'public', question: 'values of a' })).status).toBe(200);
    const rows = (await t.json('GET', `/api/audit/sql/list?dataSourceId=${id}&searchKey=limit`)).body.data.data as Row[];
    expect(rows.map((r) => [r.statementType, r.sql, r.rowCount, r.userId])).toEqual([['SELECT', 'SELECT * FROM "cities" LIMIT 200', 3, 1]]);
  });
});
