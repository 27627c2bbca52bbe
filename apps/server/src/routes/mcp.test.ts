/**
 * AskDB's MCP server driven by the SDK's own client: over streamable HTTP against a listening
 * server-mode app (API keys as the caller), and over stdio by spawning apps/server/bin/askdb-mcp.mjs
 * on a local-mode home. Lists and describes tables, SELECT runs (audited), DELETE is refused, and
 * another organisation's data source is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionFixture, type PermissionFixture } from '../test/permission-fixture.js';
import { as, type Persona } from '../test/org-fixtures.js';
import { testApp } from '../test/helpers.js';
import { requireReadOnly } from '../services/mcp/tools.js';

type ToolResult = { isError?: boolean; content: { type: string; text: string }[] };
const call = async (c: Client, name: string, args: Record<string, unknown> = {}) => (await c.callTool({ name, arguments: args })) as ToolResult;
const json = (r: ToolResult) => JSON.parse(r.content[0]!.text);

describe('MCP over streamable HTTP (server mode, API keys)', () => {
  let fx: PermissionFixture;
  let base: string;
  const clients: Client[] = [];
  const keyOf = async (who: Persona) => (await as(fx.t, who, 'POST', '/api/user/api_keys', { name: 'mcp' })).body.data.key as string;
  const connect = async (key: string | null) => {
    const client = new Client({ name: 'askdb-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: key ? { authorization: `Bearer ${key}` } : {} } }));
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    fx = await permissionFixture('mcp');
    await fx.t.app.listen({ host: '127.0.0.1', port: 0 });
    const addr = fx.t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${addr.port}`;
  });
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await fx?.close();
  });

  it('an admin lists sources and tables, describes a table, runs a SELECT (audited); DELETE and DDL are refused', async () => {
    const client = await connect(await keyOf(fx.team.admin));
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['describe_table', 'list_data_sources', 'list_tables', 'run_query']);
    expect(json(await call(client, 'list_data_sources'))).toEqual([{ id: fx.shared, name: 'shared', type: 'POSTGRESQL', databaseName: fx.database }]);
    const tables = json(await call(client, 'list_tables', { dataSourceId: fx.shared, schemaName: 'public' }));
    expect(tables.tables.map((t: { name: string }) => t.name).sort()).toEqual(['customers', 'hidden', 'orders']);
    const described = json(await call(client, 'describe_table', { dataSourceId: fx.shared, schemaName: 'public', tableName: 'orders' }));
    expect(described.columns.map((c: { name: string; primaryKey: boolean }) => [c.name, c.primaryKey])).toEqual([['id', true], ['total', false], ['secret', false], ['customer_id', false]]);

    const select = json(await call(client, 'run_query', { dataSourceId: fx.shared, sql: 'select id, total from orders where id <= 3 order by id' }));
    expect(select).toEqual({ columns: [{ name: 'id', type: 'integer' }, { name: 'total', type: 'integer' }], rows: [['1', '10'], ['2', '20'], ['3', '30']], truncated: false });
    const capped = json(await call(client, 'run_query', { dataSourceId: fx.shared, sql: 'select id from orders', maxRows: 7 }));
    expect([capped.rows.length, capped.truncated]).toEqual([7, true]);

    const del = await call(client, 'run_query', { dataSourceId: fx.shared, sql: 'delete from orders where id = 1' });
    expect(del.isError).toBe(true);
    expect(del.content[0]!.text).toContain('Only read-only queries run through MCP: "DELETE"');
    for (const sql of ['drop table orders', 'update orders set total = 0', 'with d as (delete from orders returning id) select * from d', 'select 1; delete from orders']) {
      expect((await call(client, 'run_query', { dataSourceId: fx.shared, sql })).isError, sql).toBe(true);
    }
    // Side-effecting functions and row locks are refused by the shared read-only check (MCP_READ_ONLY).
    const kill = await call(client, 'run_query', { dataSourceId: fx.shared, sql: 'select pg_terminate_backend(-1)' });
    expect(kill.isError).toBe(true);
    expect(kill.content[0]!.text).toContain('the function pg_terminate_backend has side effects');
    expect((await call(client, 'run_query', { dataSourceId: fx.shared, sql: 'select * from orders for update' })).content[0]!.text).toContain('locks rows (FOR UPDATE)');
    expect(() => requireReadOnly('', 'POSTGRESQL', 'en-US', ['select pg_terminate_backend(-1)'])).toThrow(expect.objectContaining({ errorCode: 'MCP_READ_ONLY', statusCode: 403 }));
    const still = json(await call(client, 'run_query', { dataSourceId: fx.shared, sql: 'select count(*) as n from orders' }));
    expect(still.rows).toEqual([['500']]);

    await fx.t.deps.audit.log.flush();
    const audited = await fx.t.deps.store.db.selectFrom('sql_audit').select(['sql_text', 'user_id', 'statement_type']).where('sql_text', '=', 'select id, total from orders where id <= 3 order by id').execute();
    expect(audited).toEqual([{ sql_text: 'select id, total from orders where id <= 3 order by id', user_id: fx.team.admin.userId, statement_type: 'SELECT' }]);
    // The refused DELETE is in the audit as a refused attempt, with its reason (issue 24 point 5).
    const refused = await fx.t.deps.store.db.selectFrom('sql_audit').select(['success', 'message']).where('sql_text', '=', 'delete from orders where id = 1').execute();
    expect(refused.map((r) => [Number(r.success), r.message?.startsWith('REFUSED (read-only, MCP_READ_ONLY)')])).toEqual([[0, true]]);
  });

  it("a member's grants decide what they list and read", async () => {
    const member = await fx.memberWith({ schemaName: 'public', tableName: 'customers' });
    const client = await connect(await keyOf(member));
    const tables = json(await call(client, 'list_tables', { dataSourceId: fx.shared, schemaName: 'public' }));
    expect(tables.tables.map((t: { name: string }) => t.name)).toEqual(['customers']);
    expect(json(await call(client, 'run_query', { dataSourceId: fx.shared, sql: 'select name from customers order by id' })).rows).toEqual([['Ada'], ['Bob']]);
    const refused = await call(client, 'run_query', { dataSourceId: fx.shared, sql: 'select secret from orders' });
    expect(refused.isError).toBe(true);
  });

  it("another organisation's data source is refused; no key, no MCP", async () => {
    const client = await connect(await keyOf(fx.team.outsider));
    expect(json(await call(client, 'list_data_sources'))).toEqual([]);
    for (const [tool, args] of [['list_tables', {}], ['describe_table', { tableName: 'orders' }], ['run_query', { sql: 'select 1' }]] as const) {
      const r = await call(client, tool, { dataSourceId: fx.shared, ...args });
      expect([r.isError, r.content[0]!.text], tool).toEqual([true, `Data source ${fx.shared} not found`]);
    }
    await expect(connect(null)).rejects.toThrow(/NeedLoggedIn/);
  });

  it('the settings entry answers the client configuration to copy', async () => {
    const r = await as(fx.t, fx.team.operator, 'GET', '/api/mcp/config/copy');
    expect(r.status).toBe(200);
    expect(r.body.data.needsApiKey).toBe(true);
    const config = JSON.parse(r.body.data.text);
    expect(config.mcpServers.askdb).toMatchObject({ type: 'streamable-http', url: 'http://localhost:80/api/mcp' });
    expect(config.mcpServers.askdb.headers.Authorization).toMatch(/^Bearer </);
  });
});

describe('MCP over stdio (local mode, the launcher script)', () => {
  const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/askdb-mcp.mjs');
  let home: string;
  let dataDir: string;
  let sourceId: number;
  let client: Client;

  beforeAll(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-mcp-home-'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-mcp-data-'));
    const file = path.join(dataDir, 'shop.sqlite');
    const db = new Database(file);
    db.exec("create table items (id integer primary key, title text not null); insert into items values (1, 'pen'), (2, 'ink');");
    db.close();
    const t = await testApp({ home, demo: false });
    sourceId = (await t.json('POST', '/api/connection/datasource/create', { alias: 'shop', type: 'SQLITE', filePath: file })).body.data;
    await t.app.close();
    client = new Client({ name: 'askdb-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin], env: { ...process.env, ASKDB_HOME: home, ASKDB_DEMO: '0', ASKDB_MODE: 'local' } as Record<string, string>, stderr: 'pipe' }));
  }, 120_000);
  afterAll(async () => {
    await client?.close().catch(() => {});
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists tables, describes one, runs a SELECT and refuses a DELETE', async () => {
    expect(json(await call(client, 'list_data_sources'))).toEqual([{ id: sourceId, name: 'shop', type: 'SQLITE', databaseName: null }]);
    expect(json(await call(client, 'list_tables', { dataSourceId: sourceId })).tables).toEqual([{ name: 'items', comment: null }]);
    expect(json(await call(client, 'describe_table', { dataSourceId: sourceId, tableName: 'items' })).columns.map((c: { name: string }) => c.name)).toEqual(['id', 'title']);
    expect(json(await call(client, 'run_query', { dataSourceId: sourceId, sql: 'select title from items order by id' })).rows).toEqual([['pen'], ['ink']]);
    const del = await call(client, 'run_query', { dataSourceId: sourceId, sql: 'delete from items' });
    expect(del.isError).toBe(true);
    expect(json(await call(client, 'run_query', { dataSourceId: sourceId, sql: 'select count(*) from items' })).rows).toEqual([['2']]);
  });
});
