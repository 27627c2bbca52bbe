/**
 * Issue 24 point 1 fixture: a server-mode app with a team that has two SHARED sources, one on a
 * scratch PostgreSQL database and one on a scratch MariaDB database, each with `emp(id, name, ssn,
 * salary)` whose ssn values all contain SECRET, a view over ssn and a sequence; and a member holding
 * READ on emp(id, name) only, on both. `run` executes as a persona through the console's API.
 */
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from './helpers.js';
import { as, makeTeam, type Persona, type TeamFixture } from './org-fixtures.js';
import { pgSourceInput } from './helpers.js';

export const SECRET = 'SSN-SECRET';
const MYSQL_URL = new URL(process.env.ASKDB_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306');

const PG_SCRIPT = `
create table emp (id int primary key, name text, ssn text, salary int);
insert into emp select g, 'name ' || g, '${SECRET}-' || g, g * 100 from generate_series(1, 20) g;
create view emp_v as select id, ssn from emp;
create sequence emp_seq;
`;
const MARIA_SCRIPT = `
create table emp (id int primary key, name varchar(50), ssn varchar(50), salary int);
insert into emp select seq, concat('name ', seq), concat('${SECRET}-', seq), seq * 100 from seq_1_to_20;
create view emp_v as select id, ssn from emp;
create sequence emp_seq;
`;

export interface Engine {
  type: 'POSTGRESQL' | 'MARIADB';
  sourceId: number;
  databaseName: string;
  schemaName: string | null;
}

export interface ReachFixture {
  t: TestApp;
  team: TeamFixture;
  pg: Engine;
  maria: Engine;
  /** READ on emp(id, name) on both sources. */
  member: Persona;
  grant(who: Persona, engine: Engine, spec: Record<string, unknown>): Promise<void>;
  run(who: Persona, engine: Engine, sql: string): Promise<{ status: number; body: any }>;
  /** The same request to a non-JSON endpoint (execute_stream, export as CSV): status and the raw text. */
  raw(who: Persona, engine: Engine, sql: string, path: '/api/rdb/dml/execute_stream' | '/api/rdb/dml/export'): Promise<{ status: number; text: string }>;
  /** A query as the source's own admin (the team admin is not checked). */
  admin(engine: Engine, sql: string): Promise<(string | null)[][]>;
  close(): Promise<void>;
}

async function scratchMaria(prefix: string, script: string) {
  const { default: mysql } = await import('mysql2/promise');
  const c = await mysql.createConnection({ host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306), user: decodeURIComponent(MYSQL_URL.username || 'root'), password: decodeURIComponent(MYSQL_URL.password), multipleStatements: true });
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await c.query(`create database ${name}; use ${name}; ${script}`);
  return {
    name,
    async drop() {
      await c.query(`drop database if exists ${name}`);
      await c.end();
    },
  };
}

export async function reachFixture(label: string): Promise<ReachFixture> {
  const store = await scratchPgDatabase(`askdb_${label}_store`);
  const pgData = await scratchPgDatabase(`askdb_${label}_data`, PG_SCRIPT);
  const mariaData = await scratchMaria(`askdb_${label}`, MARIA_SCRIPT);
  const url = new URL(PG_URL);
  url.pathname = `/${store.name}`;
  const t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
  const team = await makeTeam(t, label);
  const create = async (input: Record<string, unknown>) => {
    const r = await as(t, team.admin, 'POST', '/api/connection/datasource/create', { ...input, visibility: 'SHARED' });
    if (r.status !== 200) throw new Error(`source: ${r.body.errorMessage}`);
    return r.body.data as number;
  };
  const pg: Engine = { type: 'POSTGRESQL', sourceId: await create(pgSourceInput('pg', pgData.name)), databaseName: pgData.name, schemaName: 'public' };
  const mariaInput = { alias: 'maria', type: 'MARIADB', host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306), user: decodeURIComponent(MYSQL_URL.username || 'root'), password: decodeURIComponent(MYSQL_URL.password), databaseName: mariaData.name };
  const maria: Engine = { type: 'MARIADB', sourceId: await create(mariaInput), databaseName: mariaData.name, schemaName: null };
  const grant = async (who: Persona, engine: Engine, spec: Record<string, unknown>) => {
    const r = await as(t, team.admin, 'POST', '/api/permission/authorization/create', { userId: who.userId, dataSourceId: engine.sourceId, actions: ['READ'], expireAt: null, ...spec });
    if (r.status !== 200) throw new Error(`grant: ${r.status} ${r.body.errorMessage}`);
  };
  const member = await team.addMember('OPERATOR');
  await grant(member, pg, { schemaName: 'public', tableName: 'emp', columns: ['id', 'name'] });
  await grant(member, maria, { databaseName: maria.databaseName, tableName: 'emp', columns: ['id', 'name'] });
  const body = (engine: Engine, sql: string) => ({ dataSourceId: engine.sourceId, databaseName: engine.databaseName, ...(engine.schemaName ? { schemaName: engine.schemaName } : {}), sql });
  const run = (who: Persona, engine: Engine, sql: string) => as(t, who, 'POST', '/api/rdb/dml/execute', body(engine, sql));
  return {
    t, team, pg, maria, member, grant, run,
    async raw(who, engine, sql, path) {
      const res = await t.app.inject({ method: 'POST', url: path, payload: { ...body(engine, sql), ...(path.endsWith('export') ? { format: 'csv' } : {}) }, headers: who.headers });
      return { status: res.statusCode, text: res.body };
    },
    async admin(engine, sql) {
      const r = await run(team.admin, engine, sql);
      if (r.status !== 200 || !r.body.data[0].success) throw new Error(`admin: ${r.body.errorMessage ?? r.body.data[0].message}`);
      return r.body.data[0].dataList;
    },
    async close() {
      await t.close();
      await new Promise((r) => setTimeout(r, 250));
      await store.drop();
      await pgData.drop();
      await mariaData.drop();
    },
  };
}
