/**
 * The PostgreSQL store's change triggers (issue 28 point 2): every committed write to a table the
 * per-request caches read sends one NOTIFY per changed row on CHANNEL, whichever code path or
 * replica made it (a route, a job, an operator's UPDATE in psql). The payload is a tag naming what
 * changed (`user:5`, `session:<hash>`); ReadCache drops the entries that carry it.
 *
 * Installed at start-up rather than by a migration: CREATE OR REPLACE keeps it idempotent, a
 * transaction-scoped advisory lock keeps replicas starting together from racing on the catalog, and
 * a table recreated by a later migration gets its trigger back on the next start.
 */
import { sql } from 'kysely';
import type { StoreDb } from './db.js';

export const CHANGE_CHANNEL = 'askdb_change';
/** pg_advisory_xact_lock key for the install (any constant no other code uses). */
const INSTALL_LOCK = 2_028_000_002;
/** Bumped whenever TABLE_TAGS or the functions change: a store at this version is left alone (no table locks on a restart). */
const VERSION = 1;

/** Table → the tags a row of it invalidates, as SQL expressions over a row variable `r` (NEW or OLD). */
const TABLE_TAGS: Record<string, string[]> = {
  users: [`'user:' || r.id`],
  auth_sessions: [`'session:' || r.id`],
  organizations: [`'org:' || r.id`],
  // A membership decides the role in that user's request context.
  organization_members: [`'user:' || r.user_id`],
  authorizations: [`'grants:' || r.user_id`],
  data_sources: [`'ds:' || r.id`],
  kv: [`'kv:' || r.scope`],
};
export const WATCHED_TABLES = Object.keys(TABLE_TAGS);

function functionSql(table: string): string {
  const emits = (row: string) => TABLE_TAGS[table]!.map((e) => `PERFORM pg_notify('${CHANGE_CHANNEL}', ${e.replaceAll('r.', `${row}.`)});`).join(' ');
  return `CREATE OR REPLACE FUNCTION askdb_notify_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN ${emits('OLD')} END IF;
  IF TG_OP <> 'DELETE' THEN ${emits('NEW')} END IF;
  RETURN NULL;
END $$`;
}

/** Creates (or refreshes) the notify function and AFTER ROW trigger of every watched table. */
export async function installChangeTriggers(db: StoreDb): Promise<void> {
  if ((await installedVersion(db)) === VERSION) return;
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`.execute(tx);
    for (const table of WATCHED_TABLES) {
      await sql.raw(functionSql(table)).execute(tx);
      await sql.raw(`CREATE OR REPLACE TRIGGER askdb_notify_${table} AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION askdb_notify_${table}()`).execute(tx);
    }
    await sql.raw(`CREATE OR REPLACE FUNCTION askdb_change_triggers_version() RETURNS int LANGUAGE sql IMMUTABLE AS 'select ${VERSION}'`).execute(tx);
  });
}

/** The version of the triggers in the store, counting only when every watched table has its trigger; 0 when none. */
async function installedVersion(db: StoreDb): Promise<number> {
  const names = WATCHED_TABLES.map((t) => `askdb_notify_${t}`);
  const r = await sql<{ version: number | null; triggers: string }>`
    select (select count(*) from pg_trigger where tgname in (${sql.join(names)}) and not tgisinternal) as triggers,
           (select case when exists (select 1 from pg_proc where proname = 'askdb_change_triggers_version') then 1 end) as version`.execute(db);
  const row = r.rows[0];
  if (!row?.version || Number(row.triggers) !== names.length) return 0;
  return (await sql<{ v: number }>`select askdb_change_triggers_version() as v`.execute(db)).rows[0]?.v ?? 0;
}
