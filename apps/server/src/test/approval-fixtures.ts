/** Approval test helpers: a server-mode app on a scratch PostgreSQL store, a team, a shared data source row. */
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from './helpers.js';
import { as, makeTeam, type Persona, type TeamFixture } from './org-fixtures.js';
import { nowIso } from '../store/db.js';

export async function approvalWorld(label: string) {
  const scratch = await scratchPgDatabase(`askdb_appr_${label}`);
  const url = new URL(PG_URL);
  url.pathname = `/${scratch.name}`;
  const storeUrl = url.toString();
  const t = await testApp({ mode: 'server', databaseUrl: storeUrl, demo: false });
  const team = await makeTeam(t, 'Appr');
  const now = nowIso();
  const ds = await t.deps.store.db
    .insertInto('data_sources')
    .values({ alias: 'warehouse', type: 'POSTGRESQL', config_json: '{}', secret_enc: null, owner_id: team.owner.userId, space_id: team.teamId, group_id: null, visibility: 'SHARED', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    t, team, storeUrl, dataSourceId: ds.id,
    async close() {
      await t.close();
      await scratch.drop();
    },
  };
}

/** A script application by `who`, answering its flow id. */
export async function applyScript(t: TestApp, who: Persona, dataSourceId: number, script: string): Promise<number> {
  const r = await as(t, who, 'POST', '/api/permission/apply', { applyType: 'script', script, dataSourceId, databaseName: 'shop', schemaName: 'public', reason: 'monthly fix' });
  if (r.status !== 200) throw new Error(`apply: ${r.status} ${r.body.errorMessage}`);
  return r.body.data.approvalId as number;
}

export const act = (t: TestApp, who: Persona, action: string, body: Record<string, unknown>, lang?: string) => as(t, who, 'POST', `/api/approval/${action}`, body, lang);
export const flowOf = async (t: TestApp, who: Persona, id: number) => (await as(t, who, 'GET', `/api/approval/${id}`)).body.data;
export type { TeamFixture };
