/**
 * Grants fixtures (issue 13): a server-mode app on a scratch PostgreSQL store, a scratch data
 * database (orders with a `secret` column, customers, a view over the secret, a table nobody is
 * granted), a team with a SHARED data source on it, and `grant` / `memberWith` to give fresh
 * members exactly one authorization through the real admin route.
 */
import { PG_URL, pgSourceInput, scratchPgDatabase, type TestApp, testApp } from './helpers.js';
import { as, makeTeam, type Persona, type TeamFixture } from './org-fixtures.js';

export const DATA_SCRIPT = `
create table orders (id int primary key, total int, secret text, customer_id int);
create table customers (id int primary key, name text);
create table hidden (id int);
insert into customers values (1, 'Ada'), (2, 'Bob');
insert into orders select g, g * 10, 'secret ' || g, 1 + g % 2 from generate_series(1, 500) g;
create view order_secrets as select id, secret from orders;
`;

export interface GrantSpec {
  databaseName?: string | null;
  schemaName?: string | null;
  tableName?: string | null;
  columns?: string[] | null;
  actions?: ('READ' | 'WRITE' | 'DDL')[];
  expireAt?: string | null;
}

export interface PermissionFixture {
  t: TestApp;
  team: TeamFixture;
  database: string;
  shared: number;
  /** Grants `who` one authorization on the shared source (through the admin route); returns its id. */
  grant(who: Persona, spec: GrantSpec): Promise<number>;
  /** A new OPERATOR of the team holding the given grant (none when spec is null). */
  memberWith(spec: GrantSpec | null): Promise<Persona>;
  close(): Promise<void>;
}

export async function permissionFixture(label: string): Promise<PermissionFixture> {
  const store = await scratchPgDatabase(`askdb_${label}_store`);
  const data = await scratchPgDatabase(`askdb_${label}_data`, DATA_SCRIPT);
  const url = new URL(PG_URL);
  url.pathname = `/${store.name}`;
  const t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
  const team = await makeTeam(t, label);
  const created = await as(t, team.admin, 'POST', '/api/connection/datasource/create', { ...pgSourceInput('shared', data.name), visibility: 'SHARED' });
  const shared = created.body.data as number;
  const grant = async (who: Persona, spec: GrantSpec) => {
    const r = await as(t, team.admin, 'POST', '/api/permission/authorization/create', { userId: who.userId, dataSourceId: shared, actions: ['READ'], expireAt: null, ...spec });
    if (r.status !== 200) throw new Error(`grant: ${r.status} ${r.body.errorMessage}`);
    return r.body.data as number;
  };
  return {
    t, team, database: data.name, shared, grant,
    async memberWith(spec) {
      const p = await team.addMember('OPERATOR');
      if (spec) await grant(p, spec);
      return p;
    },
    async close() {
      await t.close();
      // Let the store pool's connections finish closing before the forced drop ends their backends.
      await new Promise((r) => setTimeout(r, 250));
      await store.drop();
      await data.drop();
    },
  };
}
