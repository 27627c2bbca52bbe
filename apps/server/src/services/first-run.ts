/** First-run set-up: the implicit local user and, in local mode, the demo data source. */
import path from 'node:path';
import fs from 'node:fs';
import type { StoreDb } from '../store/db.js';
import { nowIso } from '../store/db.js';
import { LOCAL_USER } from '../http/context.js';
import type { AppDeps } from '../app.js';
import { generateDemoDatabase } from '../demo/generate-demo.js';

export const DEMO_ALIAS = 'Demo shop (SQLite)';

export async function ensureLocalUser(db: StoreDb): Promise<void> {
  const existing = await db.selectFrom('users').select('id').where('id', '=', LOCAL_USER.id).executeTakeFirst();
  if (existing) return;
  await db.insertInto('users').values({ name: LOCAL_USER.name, email: null, password_hash: null, role_code: LOCAL_USER.roleCode, created_at: nowIso() }).execute();
}

/** Registers the demo once; a user who deletes it keeps it deleted. A missing demo file is rebuilt. */
export async function ensureDemoDataSource(deps: Pick<AppDeps, 'config' | 'kv' | 'dataSources'>): Promise<void> {
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
  const id = await deps.dataSources.create({ alias: DEMO_ALIAS, type: 'SQLITE', filePath: file }, LOCAL_USER.id);
  await deps.kv.set('app', 'demoRegistered', String(id));
}
