/** Small key/value settings per scope (app, user:<id>): first-run markers, AI config, UI settings. */
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export class KvRepo {
  constructor(private readonly db: StoreDb) {}
  async get(scope: string, key: string): Promise<string | null> {
    const r = await this.db.selectFrom('kv').select('value').where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
    return r?.value ?? null;
  }
  async set(scope: string, key: string, value: string): Promise<void> {
    await this.db
      .insertInto('kv')
      .values({ scope, key, value, updated_at: nowIso() })
      .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ value, updated_at: nowIso() }))
      .execute();
  }
  async delete(scope: string, key: string): Promise<void> {
    await this.db.deleteFrom('kv').where('scope', '=', scope).where('key', '=', key).execute();
  }
}
