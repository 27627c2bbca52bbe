/**
 * The team soak's world, made through the API (behind the proxy, so across both replicas): a few
 * teams, each an owner and members who asked to join by team code and were approved; a shared
 * PostgreSQL data source per team, members granted READ on it — half on the whole source, half on
 * three columns of `customers` and the table `orders` (column-level grants on the statement path);
 * the team's AI settings pointing at the scripted model; a dashboard with one chart per user.
 */
import { send, type Outcome } from './team-soak-client.js';

export interface SoakUser {
  email: string;
  cookie: string;
  userId: number;
  team: number;
  owner: boolean;
  /** Under column-level grants (members only). */
  columnGrant: boolean;
  dataSourceId: number;
  chartId: number;
}

export interface SoakWorld {
  users: SoakUser[];
  teams: { id: number; dataSourceId: number }[];
  databaseName: string;
}

export interface SetupOptions {
  base: string;
  teams: number;
  usersPerTeam: number;
  runId: string;
  data: { host: string; port: number; user: string; password: string; databaseName: string };
  llmBase: string;
  /** The data source's connection pool per replica. */
  poolSize: number;
  log(line: string): void;
}

export const PASSWORD = 'Soak7horse-battery';

function ok(what: string, o: Outcome): any {
  if (o.error || o.lost) throw new Error(`set-up: ${what} failed: ${o.error ?? 'lost'}`);
  return o.body?.data;
}

const cookieOf = (setCookie: string[]) => setCookie.map((c) => /^askdb_session=([^;]*)/.exec(c)).find((m) => m && m[1])?.[0] ?? null;

async function register(base: string, email: string, name: string): Promise<{ userId: number; cookie: string }> {
  const res = await fetch(`${base}/api/oauth/register_a`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD, displayName: name }) });
  const body = (await res.json()) as { success: boolean; data: { id: number }; errorMessage?: string };
  const cookie = cookieOf(res.headers.getSetCookie());
  if (!body.success || !cookie) throw new Error(`set-up: registering ${email} failed: ${body.errorMessage}`);
  return { userId: body.data.id, cookie };
}

/** Runs `fn` over `items`, `width` at a time. */
export async function pool<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  }));
  return out;
}

export const CHART_SQL = 'SELECT city, count(*) AS customers FROM customers GROUP BY city ORDER BY city';

async function makeTeam(o: SetupOptions, t: number): Promise<{ users: SoakUser[]; team: { id: number; dataSourceId: number } }> {
  const { base } = o;
  const ownerEmail = `owner${t}.${o.runId}@soak.example`;
  const owner = await register(base, ownerEmail, `Owner ${t}`);
  const team = ok('team create', await send(base, 'POST', '/api/organization/create', { cookie: owner.cookie, body: { name: `Soak team ${t} ${o.runId}`, area: 'EU', industry: 'Software', role: 'CTO', agree: true } })) as { id: number; teamCode: string };
  ok('switch to team', await send(base, 'POST', '/api/organization/switch_org', { cookie: owner.cookie, body: { organizationId: team.id } }));
  const ds = ok('data source', await send(base, 'POST', '/api/connection/datasource/create', { cookie: owner.cookie, body: { alias: `soak data ${t}`, type: 'POSTGRESQL', ...o.data, visibility: 'SHARED', poolSize: o.poolSize } })) as number;
  ok('AI settings', await send(base, 'POST', '/api/config/system_config/ai', { cookie: owner.cookie, body: { aiSqlSource: 'OPENAI', apiHost: o.llmBase, apiKey: 'sk-soak', model: 'scripted-model', privacy: 'SCHEMA_ONLY' } }));
  const users: SoakUser[] = [{ email: ownerEmail, ...owner, team: t, owner: true, columnGrant: false, dataSourceId: ds, chartId: 0 }];
  const members = await pool(Array.from({ length: o.usersPerTeam - 1 }, (_, i) => i), 4, async (m) => {
    const email = `member${t}-${m}.${o.runId}@soak.example`;
    const me = await register(base, email, `Member ${t}-${m}`);
    const asked = ok('join', await send(base, 'POST', '/api/organization/join', { cookie: me.cookie, body: { teamCode: team.teamCode, name: `Member ${t}-${m}` } })) as { joinRequestId: number };
    ok('approve join', await send(base, 'POST', '/api/organization/join_requests/approve', { cookie: owner.cookie, body: { id: asked.joinRequestId } }));
    ok('member switch', await send(base, 'POST', '/api/organization/switch_org', { cookie: me.cookie, body: { organizationId: team.id } }));
    const columnGrant = m % 2 === 1;
    const grant = { userId: me.userId, dataSourceId: ds, databaseName: o.data.databaseName, actions: ['READ'], expireAt: null };
    if (!columnGrant) ok('grant', await send(base, 'POST', '/api/permission/authorization/create', { cookie: owner.cookie, body: grant }));
    else {
      ok('column grant', await send(base, 'POST', '/api/permission/authorization/create', { cookie: owner.cookie, body: { ...grant, schemaName: 'public', tableName: 'customers', columns: ['id', 'name', 'city'] } }));
      ok('table grant', await send(base, 'POST', '/api/permission/authorization/create', { cookie: owner.cookie, body: { ...grant, schemaName: 'public', tableName: 'orders' } }));
    }
    return { email, ...me, team: t, owner: false, columnGrant, dataSourceId: ds, chartId: 0 } satisfies SoakUser;
  });
  users.push(...members);
  await pool(users, 4, async (u) => {
    const board = ok('dashboard', await send(base, 'POST', '/api/dashboard/create', { cookie: u.cookie, body: { name: 'Soak board', dataset: { dataSourceId: ds, databaseName: o.data.databaseName, schemaName: 'public' } } }));
    const boardId = typeof board === 'number' ? board : board.id;
    const chart = ok('chart', await send(base, 'POST', '/api/chart/create', { cookie: u.cookie, body: { dashboardId: boardId, name: 'Customers by city', type: 'COLUMN', sql: CHART_SQL } }));
    u.chartId = typeof chart === 'number' ? chart : chart.id;
  });
  return { users, team: { id: team.id, dataSourceId: ds } };
}

export async function setUpWorld(o: SetupOptions): Promise<SoakWorld> {
  const made = [];
  for (let t = 0; t < o.teams; t++) {
    made.push(await makeTeam(o, t));
    o.log(`team ${t + 1}/${o.teams}: ${made[t]!.users.length} users`);
  }
  return { users: made.flatMap((m) => m.users), teams: made.map((m) => m.team), databaseName: o.data.databaseName };
}

/** The data source's tables: customers and orders to read, soak_writes for acknowledged writes. */
export const DATA_SCRIPT = `
CREATE TABLE customers (id int PRIMARY KEY, name text NOT NULL, city text, email text);
INSERT INTO customers SELECT g, 'customer ' || g, (ARRAY['Paris','Berlin','Tokyo','Lima'])[1 + g % 4], 'c' || g || '@example.com' FROM generate_series(1, 2000) g;
CREATE TABLE orders (id int PRIMARY KEY, customer_id int REFERENCES customers(id), total numeric(10,2), ordered_at timestamp);
INSERT INTO orders SELECT g, 1 + g % 2000, (g % 500) + 0.99, timestamp '2024-01-01' + g * interval '1 hour' FROM generate_series(1, 50000) g;
CREATE INDEX orders_customer ON orders (customer_id);
CREATE TABLE soak_writes (user_id int NOT NULL, seq int NOT NULL, mark text, PRIMARY KEY (user_id, seq));
`;
