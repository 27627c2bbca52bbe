/**
 * Dashboards and charts in server mode on a real PostgreSQL store and data source: scoping, required
 * fields in the user's language, read-only refusal, the result bound on a 1,000,000-row query,
 * failing SQL, no rows, a deleted data source, and the scheduled refresh on two replicas sharing
 * one store with a fake clock (each due dashboard refreshed once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, runOnPgDatabase, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { pgStoreUrl } from '../test/accounts.js';
import { as, makeTeam, type TeamFixture } from '../test/org-fixtures.js';
import { refreshDue } from '../services/dashboards/refresh-job.js';
import { DashboardRepo } from '../store/dashboards.js';

describe('dashboards and charts (server mode, PostgreSQL)', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let data: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let t2: TestApp;
  let team: TeamFixture;
  let ds: number;

  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_dash_store');
    data = await scratchPgDatabase('askdb_dash_data', `
      create table sales (region text, month int, amount int);
      insert into sales values ('north', 1, 10), ('north', 2, 14), ('south', 1, 7), ('south', 2, 9), ('east', 1, 3);`);
    t = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(store.name), demo: false });
    t2 = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(store.name), demo: false });
    team = await makeTeam(t, 'Dash');
    ds = (await as(t, team.owner, 'POST', '/api/connection/datasource/create', pgSourceInput('sales db', data.name))).body.data;
  }, 60_000);
  afterAll(async () => {
    await t2?.close();
    await t?.close();
    await store?.drop();
    await data?.drop();
  });

  const newDashboard = async (name = 'Sales', extra: object = {}) => {
    const r = await as(t, team.owner, 'POST', '/api/dashboard/create', { name, dataset: { dataSourceId: ds }, ...extra });
    expect(r.body.errorMessage).toBeUndefined();
    return r.body.data as number;
  };
  const newChart = async (dashboardId: number, sql: string, type = 'COLUMN') => {
    const r = await as(t, team.owner, 'POST', '/api/chart/create', { dashboardId, name: `chart ${type}`, type, sql, settings: { xField: 'region', ySeries: [{ field: 'total' }] } });
    expect(r.body.errorMessage).toBeUndefined();
    return r.body.data as number;
  };

  it('keeps a dashboard to its owner: others in the team and other organisations get 404, lists hold only their own', async () => {
    const id = await newDashboard('Owner only');
    const own = await as(t, team.owner, 'GET', `/api/dashboard/get?id=${id}`);
    expect(own.body.data).toMatchObject({ id, name: 'Owner only', dataset: { dataSourceId: ds }, datasetName: 'sales db', refresh: { kind: 'NEVER' }, nextRuns: [] });
    for (const who of [team.outsider, team.operator]) {
      expect((await as(t, who, 'GET', `/api/dashboard/get?id=${id}`)).status).toBe(404);
      expect((await as(t, who, 'POST', '/api/dashboard/update', { id, name: 'stolen' })).status).toBe(404);
      expect((await as(t, who, 'POST', '/api/dashboard/delete', { id })).status).toBe(404);
      expect((await as(t, who, 'GET', `/api/chart/list?dashboardId=${id}`)).status).toBe(404);
      expect((await as(t, who, 'GET', '/api/dashboard/list')).body.data.data.map((d: { id: number }) => d.id)).not.toContain(id);
    }
    const chart = await newChart(id, 'select region, sum(amount) as total from sales group by region order by region');
    expect((await as(t, team.outsider, 'POST', '/api/chart/execute', { id: chart })).status).toBe(404);
    expect((await as(t, team.outsider, 'GET', `/api/chart/get?id=${chart}`)).status).toBe(404);
    // The outsider cannot build a dashboard over our data source either.
    expect((await as(t, team.outsider, 'POST', '/api/dashboard/create', { name: 'x', dataset: { dataSourceId: ds } })).status).toBe(404);
    expect((await as(t, team.owner, 'GET', '/api/dashboard/list')).body.data.data.map((d: { id: number }) => d.id)).toContain(id);
    expect((await as(t, team.owner, 'POST', '/api/dashboard/delete', { id })).body.data).toBe(true);
    expect((await as(t, team.owner, 'GET', `/api/chart/get?id=${chart}`)).status).toBe(404);
  });

  it('requires a name and a dataset, in the user\'s language', async () => {
    const noName = await as(t, team.owner, 'POST', '/api/dashboard/create', { name: '  ', dataset: { dataSourceId: ds } }, 'zh-CN');
    expect(noName.status).toBe(400);
    expect(noName.body.errorMessage).toBe('此项为必填项！（名称）');
    const noSet = await as(t, team.owner, 'POST', '/api/dashboard/create', { name: 'x' }, 'ja-JP');
    expect(noSet.status).toBe(400);
    expect(noSet.body.errorMessage).toContain('この項目は必須です');
    const badCron = await as(t, team.owner, 'POST', '/api/dashboard/create', { name: 'x', dataset: { dataSourceId: ds }, refresh: { kind: 'CRON', cron: '* * * * * *' } });
    expect(badCron.body).toMatchObject({ success: false, errorCode: 'REFRESH_RULE_INVALID' });
    const preview = await as(t, team.owner, 'POST', '/api/dashboard/refresh_preview', { kind: 'MINUTES', minutes: 30 });
    expect(preview.body.data).toHaveLength(5);
  });

  it('runs a chart query with the result as headerList/dataList, and stores it as the last result', async () => {
    const d = await newDashboard();
    const chart = await newChart(d, 'select region, sum(amount) as total from sales group by region order by region');
    const r = await as(t, team.owner, 'POST', '/api/chart/execute', { id: chart });
    expect(r.body.data.headerList.map((h: { name: string }) => h.name)).toEqual(['region', 'total']);
    expect(r.body.data.dataList).toEqual([['east', '3'], ['north', '24'], ['south', '16']]);
    expect(r.body.data.truncated).toBe(false);
    const stored = (await as(t, team.owner, 'GET', `/api/chart/list?dashboardId=${d}`)).body.data[0];
    expect(stored.lastResult.dataList).toHaveLength(3);
    expect(stored.lastRunAt).toBeTruthy();
    expect(stored.lastError).toBeNull();
  });

  it("runs chart queries through the SQL audit, as the viewer", async () => {
    const marker = `audit_marker_${Date.now().toString(36)}`;
    await as(t, team.owner, 'POST', '/api/chart/execute', { dataSourceId: ds, sql: `select count(*) as ${marker} from sales` });
    const found = async () => (await as(t, team.owner, 'GET', `/api/audit/sql/list?searchKey=${marker}&pageNo=1&pageSize=10`)).body.data?.data ?? [];
    let rows: { sql: string; userId: number; dataSourceId: number }[] = [];
    for (let i = 0; i < 40 && rows.length === 0; i++) {
      rows = await found();
      if (!rows.length) await new Promise((r) => setTimeout(r, 250));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: team.owner.userId, dataSourceId: ds });
    expect(rows[0]!.sql).toContain(marker);
  });

  it('refuses anything but a read: DML, DDL, data-modifying CTEs, several statements, side-effecting functions, row locks', async () => {
    for (const sql of ['delete from sales', 'drop table sales', 'with d as (delete from sales returning *) select * from d', 'select 1; delete from sales', 'select * into copy_sales from sales', 'update sales set amount = 0', 'select pg_terminate_backend(-1)', 'select pg_sleep(30)', 'select * from sales for update']) {
      const r = await as(t, team.owner, 'POST', '/api/chart/execute', { dataSourceId: ds, sql });
      expect(r.status, sql).toBe(400);
      expect(r.body.errorCode, sql).toBe('CHART_NOT_READ_ONLY');
    }
    const kill = await as(t, team.owner, 'POST', '/api/chart/execute', { dataSourceId: ds, sql: 'select pg_terminate_backend(-1)' });
    expect(kill.body.errorMessage).toContain('the function pg_terminate_backend has side effects');
    const count = await as(t, team.owner, 'POST', '/api/chart/execute', { dataSourceId: ds, sql: 'select count(*) from sales' });
    expect(count.body.data.dataList).toEqual([['5']]);
  });

  it('runs chart queries in a read-only session: a user function that writes fails, and the pooled connection is read-write again after', async () => {
    await runOnPgDatabase(data.name, 'create function zero_sales() returns int language sql as $$ update sales set amount = 0 returning 1 $$;');
    const r = await as(t, team.owner, 'POST', '/api/chart/execute', { dataSourceId: ds, sql: 'select zero_sales()' });
    expect(r.body.errorCode).toBe('CHART_QUERY_FAILED');
    expect(r.body.errorMessage).toMatch(/read-only transaction/);
    const sum = await as(t, team.owner, 'POST', '/api/chart/execute', { dataSourceId: ds, sql: 'select sum(amount) from sales' });
    expect(sum.body.data.dataList).toEqual([['43']]);
    const record = (await t.deps.dataSources.get(ds))!;
    const mode = await t.deps.connections.with(record, async (c) => {
      for await (const ev of c.execute('show transaction_read_only', { pageSize: 10 })) if (ev.type === 'rows') return ev.rows[0]![0];
      return null;
    });
    expect(mode).toBe('off');
  });

  it("a team member without access to the owner's private data source gets no rows from it", async () => {
    const member = team.operator;
    const run = await as(t, member, 'POST', '/api/chart/execute', { dataSourceId: ds, sql: 'select region from sales' });
    expect([403, 404]).toContain(run.status);
    expect(run.body.data).toBeUndefined();
    expect((await as(t, member, 'POST', '/api/dashboard/create', { name: 'mine', dataset: { dataSourceId: ds } })).status).not.toBe(200);
  });

  it('bounds a 1,000,000-row query at 5,000 points with a visible note', async () => {
    const r = await as(t, team.owner, 'POST', '/api/chart/execute', { dataSourceId: ds, sql: 'select g as x, g % 97 as y from generate_series(1, 1000000) g' });
    expect(r.body.data.dataList).toHaveLength(5000);
    expect(r.body.data.truncated).toBe(true);
    expect(r.body.data.note).toContain('first 5000 rows');
  });

  it('failing SQL is a result with its error (kept on the chart); no rows is an empty result', async () => {
    const d = await newDashboard();
    const chart = await newChart(d, 'select nope from sales');
    const r = await as(t, team.owner, 'POST', '/api/chart/execute', { id: chart });
    expect(r.body).toMatchObject({ success: false, errorCode: 'CHART_QUERY_FAILED' });
    expect(r.body.errorMessage).toContain('nope');
    expect((await as(t, team.owner, 'GET', `/api/chart/get?id=${chart}`)).body.data.lastError).toContain('nope');
    const empty = await as(t, team.owner, 'POST', '/api/chart/execute', { dataSourceId: ds, sql: "select region, amount from sales where region = 'west'" });
    expect(empty.body.data).toMatchObject({ dataList: [], truncated: false });
    expect(empty.body.data.headerList).toHaveLength(2);
  });

  it('a chart whose data source was deleted says so', async () => {
    const other = (await as(t, team.owner, 'POST', '/api/connection/datasource/create', pgSourceInput('doomed', data.name))).body.data as number;
    const d = await newDashboard('Doomed', { dataset: { dataSourceId: other } });
    const chart = await newChart(d, 'select 1 as x');
    await as(t, team.owner, 'DELETE', `/api/connection/datasource/${other}`);
    const r = await as(t, team.owner, 'POST', '/api/chart/execute', { id: chart });
    expect(r.status).toBe(404);
    expect(r.body.errorCode).toBe('CHART_SOURCE_GONE');
    expect(r.body.errorMessage).toContain('was deleted');
  });

  it('scheduled refresh: two replicas on one store with a fake clock refresh each due dashboard once', async () => {
    const ids = [await newDashboard('Every 5', { refresh: { kind: 'MINUTES', minutes: 5 } }), await newDashboard('Daily', { refresh: { kind: 'DAILY', time: '06:00' } })];
    const charts = [await newChart(ids[0]!, 'select region, sum(amount) as total from sales group by region'), await newChart(ids[1]!, 'select count(*) as total from sales')];
    const repo = new DashboardRepo(t.deps.store.db);
    // A slot far from the real clock, so the live minute tick never takes it.
    const slot = '2099-01-01T06:00:00.000Z';
    for (const id of ids) await t.deps.store.db.updateTable('dashboards' as never).set({ next_refresh_at: slot } as never).where('id' as never, '=', id as never).execute();
    const now = new Date('2099-01-01T06:00:20Z');
    const [a, b] = await Promise.all([refreshDue(t.deps, now), refreshDue(t2.deps, now)]);
    expect(a + b).toBe(2);
    for (const c of charts) expect((await as(t, team.owner, 'GET', `/api/chart/get?id=${c}`)).body.data.lastRunAt).toBeTruthy();
    const after = await Promise.all(ids.map((id) => repo.get(id, null)));
    expect(after.map((d) => d!.nextRefreshAt)).toEqual(['2099-01-01T06:05:00.000Z', '2099-01-02T06:00:00.000Z']);
    // The same tick again (a late duplicate job) finds nothing due.
    expect(await refreshDue(t2.deps, now)).toBe(0);
    const runAt = (await as(t, team.owner, 'GET', `/api/chart/get?id=${charts[0]}`)).body.data.lastRunAt;
    expect(await refreshDue(t.deps, new Date('2099-01-01T06:05:00Z'))).toBe(1);
    expect((await as(t, team.owner, 'GET', `/api/chart/get?id=${charts[0]}`)).body.data.lastRunAt).not.toBe(runAt);
  });

  it('a scheduled refresh whose chart fails keeps the error on the chart and notifies the owner', async () => {
    const id = await newDashboard('Broken nightly', { refresh: { kind: 'DAILY', time: '03:00' } });
    const chart = await newChart(id, 'select nope from sales');
    const slot = '2098-05-05T03:00:00.000Z';
    await t.deps.store.db.updateTable('dashboards' as never).set({ next_refresh_at: slot } as never).where('id' as never, '=', id as never).execute();
    expect(await refreshDue(t2.deps, new Date(slot))).toBe(1);
    expect((await as(t, team.owner, 'GET', `/api/chart/get?id=${chart}`)).body.data.lastError).toContain('nope');
    const notes = (await as(t, team.owner, 'GET', '/api/notification/list?pageNo=1&pageSize=20')).body.data.data as { messageKey: string; params: Record<string, string> }[];
    expect(notes.find((n) => n.messageKey === 'dashboard.refreshFailed')?.params).toMatchObject({ dashboard: 'Broken nightly', charts: 'chart COLUMN' });
  });

  it('saves a layout within the grid bounds and places new charts 6×4', async () => {
    const d = await newDashboard();
    const c1 = await newChart(d, 'select 1 as x');
    const c2 = await newChart(d, 'select 2 as x');
    const got = (await as(t, team.owner, 'GET', `/api/dashboard/get?id=${d}`)).body.data.layout;
    expect(got).toEqual([{ i: String(c1), x: 0, y: 0, w: 6, h: 4 }, { i: String(c2), x: 6, y: 0, w: 6, h: 4 }]);
    await as(t, team.owner, 'POST', '/api/dashboard/update', { id: d, layout: [{ i: String(c1), x: 0, y: 0, w: 12, h: 10 }, { i: String(c2), x: 0, y: 10, w: 1, h: 2 }] });
    const saved = (await as(t, team.owner, 'GET', `/api/dashboard/get?id=${d}`)).body.data.layout;
    expect(saved).toEqual([{ i: String(c1), x: 0, y: 0, w: 12, h: 10 }, { i: String(c2), x: 0, y: 10, w: 3, h: 3 }]);
    // Taller than 10 rows is refused, and the saved layout stays as it was.
    expect((await as(t, team.owner, 'POST', '/api/dashboard/update', { id: d, layout: [{ i: String(c1), x: 0, y: 0, w: 12, h: 11 }] })).status).toBe(400);
    expect((await as(t, team.owner, 'GET', `/api/dashboard/get?id=${d}`)).body.data.layout).toEqual(saved);
  });
});
