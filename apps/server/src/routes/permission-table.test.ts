/**
 * The grants table (issue 13): the routes that read metadata, run SQL, export, sync schemas, edit
 * tables, build AI context and complete SQL × a team member holding {no grant, an expired grant, a
 * grant on the whole data source, a table-level grant, a column-level grant} → the status each must
 * answer, in server mode on the real PostgreSQL store. "ok" is any answer but 401/403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Persona } from '../test/org-fixtures.js';
import { permissionFixture, type GrantSpec, type PermissionFixture } from '../test/permission-fixture.js';

type Case = 'none' | 'expired' | 'data' | 'table' | 'column';
type Want = 'ok' | 403;
interface Row { call: (fx: PermissionFixture) => { method: string; url: string; body?: unknown }; want: Record<Case, Want> }

const all = (want: Want): Record<Case, Want> => ({ none: want, expired: want, data: want, table: want, column: want });
const only = (cases: Case[]): Record<Case, Want> => ({ none: 403, expired: 403, data: 'ok', table: 403, column: 403, ...Object.fromEntries(cases.map((c) => [c, 'ok'])) });
const at = (fx: PermissionFixture, extra: Record<string, string | number> = {}) =>
  new URLSearchParams({ dataSourceId: String(fx.shared), databaseName: fx.database, schemaName: 'public', ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])) }).toString();
const exec = (url: string, sql: string, extra: object = {}) => (fx: PermissionFixture) => ({ method: 'POST', url, body: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', sql, ...extra } });

const ROWS: Record<string, Row> = {
  'database list': { call: (fx) => ({ method: 'GET', url: `/api/rdb/database/list?${at(fx)}` }), want: only(['table', 'column']) },
  'table list': { call: (fx) => ({ method: 'GET', url: `/api/rdb/table/list?${at(fx)}` }), want: only(['table', 'column']) },
  'columns of orders': { call: (fx) => ({ method: 'GET', url: `/api/rdb/table/column_list?${at(fx, { tableName: 'orders' })}` }), want: only(['table', 'column']) },
  'columns of customers': { call: (fx) => ({ method: 'GET', url: `/api/rdb/table/column_list?${at(fx, { tableName: 'customers' })}` }), want: only([]) },
  'DDL of orders': { call: (fx) => ({ method: 'GET', url: `/api/rdb/table/ddl?${at(fx, { tableName: 'orders' })}` }), want: only(['table']) },
  'functions': { call: (fx) => ({ method: 'GET', url: `/api/rdb/function/list?${at(fx)}` }), want: only(['table', 'column']) },
  'execute granted columns': { call: exec('/api/rdb/dml/execute', 'select id, total from orders where id = 1'), want: only(['table', 'column']) },
  'execute a secret column': { call: exec('/api/rdb/dml/execute', 'select secret from orders where id = 1'), want: only(['table']) },
  'execute another table': { call: exec('/api/rdb/dml/execute', 'select * from customers'), want: only([]) },
  'execute_stream': { call: exec('/api/rdb/dml/execute_stream', 'select id from orders'), want: only(['table', 'column']) },
  'export': { call: exec('/api/rdb/dml/export', 'select id, total from orders', { format: 'csv' }), want: only(['table', 'column']) },
  'export the secret': { call: exec('/api/rdb/dml/export', 'select * from orders', { format: 'csv' }), want: only(['table']) },
  'schema sync': { call: (fx) => ({ method: 'POST', url: '/api/diff/sql', body: { source: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' }, target: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' } } }), want: only([]) },
  'schema sync plan': { call: (fx) => ({ method: 'POST', url: '/api/diff/plan', body: { source: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' }, target: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' } } }), want: only([]) },
  'schema objects': { call: (fx) => ({ method: 'GET', url: `/api/rdb/schema_object/list?${at(fx)}` }), want: only([]) },
  'table editor model': { call: (fx) => ({ method: 'POST', url: '/api/rdb/table/edit_model', body: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', tableName: 'orders' } }), want: only(['table']) },
  'AI schema link': { call: (fx) => ({ method: 'POST', url: '/api/ai/schema_link', body: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', question: 'orders total' } }), want: only([]) },
  'completion keywords': { call: (fx) => ({ method: 'GET', url: `/api/sql_parser/get_keywords?${at(fx)}` }), want: only(['table', 'column']) },
  'completion tip': { call: (fx) => ({ method: 'POST', url: '/api/sql_parser/context/tip', body: { beforeSql: 'select * from ', consoleId: 1, dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' } }), want: only(['table', 'column']) },
  'hover': { call: (fx) => ({ method: 'POST', url: '/api/sql_parser/context/hover', body: { sql: 'select * from orders', hoverIdentifier: 'orders', dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' } }), want: only(['table', 'column']) },
  'data source list': { call: () => ({ method: 'GET', url: '/api/connection/datasource/list' }), want: all('ok') },
};

describe('grants table: route × grant → status', () => {
  let fx: PermissionFixture;
  const members = {} as Record<Case, Persona>;

  beforeAll(async () => {
    fx = await permissionFixture('perm_table');
    const specs: Record<Case, GrantSpec | null> = {
      none: null,
      expired: { expireAt: new Date(Date.now() + 60_000).toISOString() },
      data: { actions: ['READ'] },
      table: { schemaName: 'public', tableName: 'orders' },
      column: { schemaName: 'public', tableName: 'orders', columns: ['id', 'total'] },
    };
    for (const c of Object.keys(specs) as Case[]) members[c] = await fx.memberWith(specs[c]);
    // Expire the grant in the store (the route refuses an expiry in the past).
    await fx.t.deps.store.db.updateTable('authorizations').set({ expire_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', members.expired.userId).execute();
  }, 60_000);
  afterAll(async () => fx?.close());

  it('answers each member as the table says', async () => {
    const failures: string[] = [];
    for (const [name, row] of Object.entries(ROWS)) {
      for (const c of Object.keys(members) as Case[]) {
        const req = row.call(fx);
        const res = await fx.t.app.inject({ method: req.method as 'GET', url: req.url, payload: req.body as object | undefined, headers: members[c].headers });
        const want = row.want[c];
        const got = res.statusCode;
        const ok = want === 'ok' ? got !== 401 && got !== 403 : got === want;
        if (!ok) failures.push(`${name} with ${c} grant: want ${want}, got ${got} ${res.body.slice(0, 200)}`);
        if (got === 403) {
          const body = JSON.parse(res.body);
          if (body.errorCode !== 'NO_DATA_ACCESS_PERMISSION' || body.data?.applyType !== 'data' || body.data?.dataSourceId !== fx.shared) failures.push(`${name} with ${c}: refusal without the apply prefill: ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('tags what a member cannot open: data sources without a grant, tables outside a table-level grant', async () => {
    const hasPermission = async (p: Persona) => ((await as(fx.t, p, 'GET', '/api/connection/datasource/list')).body.data.data as { id: number; hasPermission: boolean }[]).find((d) => d.id === fx.shared)?.hasPermission;
    expect(await hasPermission(members.none)).toBe(false);
    expect(await hasPermission(members.expired)).toBe(false);
    expect(await hasPermission(members.table)).toBe(true);
    expect(await hasPermission(fx.team.admin)).toBe(true);

    const tables = async (p: Persona) => Object.fromEntries(((await as(fx.t, p, 'GET', `/api/rdb/table/list?${at(fx)}`)).body.data.data as { name: string; hasPermission?: boolean }[]).map((t) => [t.name, t.hasPermission]));
    expect(await tables(members.table)).toEqual({ customers: false, hidden: false, orders: true });
    expect(await tables(members.data)).toEqual({ customers: undefined, hidden: undefined, orders: undefined });
    const hover = async (word: string) => (await as(fx.t, members.table, 'POST', '/api/sql_parser/context/hover', { sql: `select * from ${word}`, hoverIdentifier: word, dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' })).body.data;
    expect(await hover('customers')).toEqual([]);
    expect((await hover('orders'))[0]).toMatchObject({ kind: 'table', name: 'orders' });
    const tip = async (p: Persona) => ((await as(fx.t, p, 'POST', '/api/sql_parser/context/tip', { beforeSql: 'select * from ', consoleId: 1, paged: true, dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public' })).body.data.items as { label: string }[]).map((i) => i.label);
    expect(await tip(members.table)).toContain('orders');
    expect(await tip(members.table)).not.toContain('customers');
    expect(await tip(members.data)).toContain('customers');
    const schemas = Object.fromEntries(((await as(fx.t, members.table, 'GET', `/api/rdb/schema/list?${at(fx)}`)).body.data as { name: string; hasPermission?: boolean }[]).map((x) => [x.name, x.hasPermission]));
    expect(schemas).toMatchObject({ public: true, information_schema: false });
    const keywords = (await as(fx.t, members.column, 'GET', `/api/sql_parser/get_keywords?${at(fx)}`)).body.data;
    expect(keywords.tables.map((t: { tableName: string }) => t.tableName)).toEqual(['orders']);
  });
});
