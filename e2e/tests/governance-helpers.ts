/**
 * Set-up of the governance spec through the real HTTP API: people (each a browser context whose API
 * calls share its cookies), a team with a member and an admin, a scratch PostgreSQL database shared
 * as the team's data source, and the team's script policy.
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PASSWORD } from './accounts-helpers';
import { PG } from './console-lib';
import { startServerModeServer, type ServerModeServer } from '../server';

export interface Person {
  name: string;
  email: string;
  ctx: BrowserContext;
  page: Page;
  userId: number;
}

async function call<T>(p: Person | BrowserContext, base: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const ctx = 'ctx' in p ? p.ctx : p;
  const res = method === 'GET' ? await ctx.request.get(base + path) : await ctx.request.post(base + path, { data: data ?? {} });
  const env = (await res.json()) as { success: boolean; data: T; errorCode?: string; errorMessage?: string };
  if (!env.success) throw new Error(`${method} ${path}: ${res.status()} ${env.errorCode}: ${env.errorMessage}`);
  return env.data;
}

/** Registers (the real register route signs in) in a new browser context. */
export async function person(browser: Browser, base: string, who: { name: string; email: string }): Promise<Person> {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const me = await call<{ id: number }>(ctx, base, 'POST', '/api/oauth/register_a', { email: who.email, password: PASSWORD, displayName: who.name });
  return { ...who, ctx, page: await ctx.newPage(), userId: me.id };
}

export class Governed {
  teamId = 0;
  dataSourceId = 0;
  flowId = 0;
  private constructor(
    readonly base: string,
    readonly database: string,
    private readonly pg: import('pg').Client,
  ) {}

  /** The scratch database the team shares: one `orders` table. */
  static async create(base: string, database: string): Promise<Governed> {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ host: PG.host, port: PG.port, user: PG.user, database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const client = new pg.Client({ host: PG.host, port: PG.port, user: PG.user, database });
    await client.connect();
    await client.query(`CREATE TABLE orders (id int PRIMARY KEY, status text NOT NULL); INSERT INTO orders VALUES (1, 'new'), (2, 'new');
      CREATE TABLE secrets (id int PRIMARY KEY, token text); INSERT INTO secrets VALUES (1, 'hush')`);
    return new Governed(base, database, client);
  }

  /** Alice's team; Bob (member) and Carol (admin) join by team code; the shared Warehouse; UPDATEs need approval. */
  async setUp(alice: Person, bob: Person, carol: Person): Promise<void> {
    const team = await call<{ id: number; teamCode: string }>(alice, this.base, 'POST', '/api/organization/create', { name: `Gov ${Date.now() % 10000}`, area: 'Europe', industry: 'Finance', role: 'Developer', agree: true });
    this.teamId = team.id;
    await call(alice, this.base, 'POST', '/api/organization/switch_org', { organizationId: team.id });
    for (const p of [bob, carol]) await call(p, this.base, 'POST', '/api/organization/join', { teamCode: team.teamCode, name: p.name });
    const requests = await call<{ id: number }[]>(alice, this.base, 'GET', `/api/organization/join_requests?organizationId=${team.id}&status=PENDING`);
    expect(requests).toHaveLength(2);
    for (const r of requests) await call(alice, this.base, 'POST', '/api/organization/join_requests/approve', { id: r.id });
    // The two join requests were notices to Alice (issue 25 point 7): read, so the specs start with an empty bell.
    await call(alice, this.base, 'POST', '/api/notification/take_action', { all: true });
    for (const p of [bob, carol]) await call(p, this.base, 'POST', '/api/organization/switch_org', { organizationId: team.id });
    await call(alice, this.base, 'POST', '/api/organization/update_user_role', { organizationId: team.id, userId: carol.userId, roleCode: 'ADMIN' });
    this.dataSourceId = await call<number>(alice, this.base, 'POST', '/api/connection/datasource/create', {
      alias: 'Warehouse', type: 'POSTGRESQL', host: PG.host, port: PG.port, user: PG.user, databaseName: this.database, visibility: 'SHARED',
    });
    await call(alice, this.base, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: ['WRITE'] });
  }

  /** A console of Bob's on the Warehouse, as the workspace's saved tab. */
  async consoleFor(p: Person) {
    const b = { dataSourceId: this.dataSourceId, dataSourceName: 'Warehouse', databaseType: 'POSTGRESQL', databaseName: this.database, schemaName: 'public' };
    const name = `gov ${Date.now().toString(36)}`;
    const id = await call<number>(p, this.base, 'POST', '/api/operation/saved/create', { name, ddl: '', status: 'DRAFT', tabOpened: true, operationType: 'CONSOLE', dataSourceId: b.dataSourceId, dataSourceName: b.dataSourceName, databaseName: b.databaseName, schemaName: b.schemaName, type: b.databaseType });
    return { id, tab: { id: `console-${id}`, type: 'CONSOLE', title: name, consoleId: id, ...b } };
  }

  /** An application of Bob's through the API (a flow left pending for the screenshots). */
  async apply(p: Person, reason: string): Promise<number> {
    const r = await call<{ approvalId: number }>(p, this.base, 'POST', '/api/permission/apply', { applyType: 'data', dataSourceId: this.dataSourceId, dataSourceName: 'Warehouse', databaseName: this.database, schemaName: 'public', reason });
    return r.approvalId;
  }

  async orderStatus(id: number): Promise<string> {
    const r = await this.pg.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]);
    return r.rows[0]!.status;
  }

  async drop(): Promise<void> {
    await this.pg.end();
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ host: PG.host, port: PG.port, user: PG.user, database: 'postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${this.database} WITH (FORCE)`);
    await admin.end();
  }
}

/** The governed team on its own server-mode AskDB: Alice (owner), Bob (member), Carol (admin) and the shared scratch database. */
export interface GovernedTeam {
  server: ServerModeServer;
  world: Governed;
  alice: Person;
  bob: Person;
  carol: Person;
}

/** Starts the server, creates the scratch database `<prefix>_<pid>_<stamp>` and the team; `tag` keeps the spec's e-mails apart. */
export async function governedTeam(browser: Browser, prefix: string, tag: string, stamp: number): Promise<GovernedTeam> {
  const server = await startServerModeServer();
  const world = await Governed.create(server.url, `${prefix}_${process.pid}_${stamp}`);
  const alice = await person(browser, server.url, { name: 'Alice Owner', email: `alice${tag}.${stamp}@example.com` });
  const bob = await person(browser, server.url, { name: 'Bob Member', email: `bob${tag}.${stamp}@example.com` });
  const carol = await person(browser, server.url, { name: 'Carol Admin', email: `carol${tag}.${stamp}@example.com` });
  await world.setUp(alice, bob, carol);
  return { server, world, alice, bob, carol };
}

export async function dropGovernedTeam(t: Partial<GovernedTeam>): Promise<void> {
  for (const p of [t.alice, t.bob, t.carol]) await p?.ctx.close();
  await t.world?.drop();
  await t.server?.stop();
}
