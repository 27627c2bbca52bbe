/** First-run set-up: the implicit local user and, in local mode, the demo data source. */
import path from 'node:path';
import fs from 'node:fs';
import type { StoreDb } from '../store/db.js';
import { nowIso } from '../store/db.js';
import { LOCAL_USER, type RequestOrganization } from '../http/context.js';
import type { AppDeps } from '../deps.js';
import { generateDemoDatabase } from '../demo/generate-demo.js';

export const DEMO_ALIAS = 'Demo shop (SQLite)';

/** Local mode's implicit user and its personal organisation; returns that organisation. */
export async function ensureLocalUser(db: StoreDb): Promise<RequestOrganization> {
  const existing = await db.selectFrom('users').select(['id', 'current_org_id']).where('id', '=', LOCAL_USER.id).executeTakeFirst();
  if (!existing) {
    await db.insertInto('users').values({ id: LOCAL_USER.id, name: LOCAL_USER.name, email: null, password_hash: null, role_code: LOCAL_USER.roleCode, created_at: nowIso(), phone: null, avatar: null, current_org_id: null, trial_start_time: nowIso(), updated_at: nowIso(), is_operator: 1 } as never).execute();
  }
  let orgId = existing?.current_org_id ?? null;
  if (orgId === null) {
    const now = nowIso();
    orgId = await db.transaction().execute(async (tx) => {
      const org = await tx.insertInto('organizations').values({ type: 'PERSONAL', name: LOCAL_USER.name, team_code: null, area: null, industry: null, creator_role: null, avatar: null, owner_id: LOCAL_USER.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      await tx.insertInto('organization_members').values({ organization_id: org.id, user_id: LOCAL_USER.id, role_code: 'SUPER_ADMIN', status: 'VALID', name: LOCAL_USER.name, created_at: now, updated_at: now }).execute();
      await tx.updateTable('users').set({ current_org_id: org.id, is_operator: 1 }).where('id', '=', LOCAL_USER.id).execute();
      return org.id;
    });
  }
  const org = await db.selectFrom('organizations').select(['id', 'name']).where('id', '=', orgId).executeTakeFirstOrThrow();
  return { id: org.id, type: 'PERSONAL', name: org.name };
}

/** Registers the demo once; a user who deletes it keeps it deleted. A missing demo file is rebuilt. */
export async function ensureDemoDataSource(deps: Pick<AppDeps, 'config' | 'kv' | 'dataSources' | 'store'>): Promise<void> {
  const file = path.join(deps.config.home, 'demo', 'shop.sqlite');
  const registered = await deps.kv.get('app', 'demoRegistered');
  if (registered) {
    if (!fs.existsSync(file)) {
      const id = Number(registered);
      if (await deps.dataSources.get(id)) generateDemoDatabase(file);
    }
    return;
  }
  if (!fs.existsSync(file)) generateDemoDatabase(file);
  const org = await deps.store.db.selectFrom('users').select('current_org_id').where('id', '=', LOCAL_USER.id).executeTakeFirst();
  const id = await deps.dataSources.create({ alias: DEMO_ALIAS, type: 'SQLITE', filePath: file }, LOCAL_USER.id, org?.current_org_id ?? null);
  await deps.kv.set('app', 'demoRegistered', String(id));
}
