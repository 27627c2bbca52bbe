/**
 * Licence tables (migration 0010): the authority's activation codes, device bindings and signing
 * key, and a local install's sealed state row. Reached with `withTables` so the shared schema file
 * stays untouched.
 */
import type { Generated, Kysely } from 'kysely';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export interface LicenceCodesTable {
  id: Generated<number>;
  /** sha256 hex of the normalised code: the lookup key. */
  code_hash: string;
  /** The code encrypted with the store's secret box (shown to its buyer). */
  code_enc: string;
  code_tail: string;
  order_id: number | null;
  seq: number;
  organization_id: number | null;
  user_id: number | null;
  product: string;
  price: number | null;
  currency: string | null;
  valid_until: string | null;
  created_at: string;
}
export interface LicenceBindingsTable {
  id: Generated<number>;
  code_id: number;
  /** 1 or 2 while active (partial unique index on code_id, slot). */
  slot: number;
  device_id: string;
  device_name: string;
  os: string;
  mode: string;
  /** The device certificate generated for this binding (never changed once set). */
  certificate: string | null;
  created_at: string;
  unbound_at: string | null;
}
export interface LicenceKeysTable {
  name: string;
  kid: string;
  public_key: string;
  private_key_enc: string;
  created_at: string;
}
export interface LicenceLocalTable {
  id: number;
  state_enc: string;
  updated_at: string;
}
export type LicenceTables = {
  licence_codes: LicenceCodesTable;
  licence_bindings: LicenceBindingsTable;
  licence_keys: LicenceKeysTable;
  licence_local: LicenceLocalTable;
};
export type LicenceDb = Kysely<LicenceTables>;
export function licenceDb(db: StoreDb | Kysely<any>): LicenceDb {
  return (db as Kysely<any>).withTables<LicenceTables>() as unknown as LicenceDb;
}

export type CodeRow = { id: number; code_hash: string; code_enc: string; code_tail: string; order_id: number | null; organization_id: number | null; user_id: number | null; product: string; price: number | null; currency: string | null; valid_until: string | null; created_at: string };
export type BindingRow = { id: number; code_id: number; slot: number; device_id: string; device_name: string; os: string; mode: string; certificate: string | null; created_at: string; unbound_at: string | null };

export class LicenceRepo {
  readonly db: LicenceDb;
  constructor(db: StoreDb | Kysely<any>) {
    this.db = licenceDb(db);
  }

  // ---- authority: codes
  async insertCode(v: Omit<CodeRow, 'id' | 'created_at'> & { seq: number }): Promise<boolean> {
    const r = await this.db.insertInto('licence_codes').values({ ...v, created_at: nowIso() }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  codeByHash(hash: string): Promise<CodeRow | undefined> {
    return this.db.selectFrom('licence_codes').selectAll().where('code_hash', '=', hash).executeTakeFirst() as Promise<CodeRow | undefined>;
  }
  codeById(id: number): Promise<CodeRow | undefined> {
    return this.db.selectFrom('licence_codes').selectAll().where('id', '=', id).executeTakeFirst() as Promise<CodeRow | undefined>;
  }
  codesOfOrder(orderId: number): Promise<CodeRow[]> {
    return this.db.selectFrom('licence_codes').selectAll().where('order_id', '=', orderId).orderBy('seq').execute() as Promise<CodeRow[]>;
  }
  codesOfOwner(userId: number, organizationId: number | null): Promise<CodeRow[]> {
    let q = this.db.selectFrom('licence_codes').selectAll().where('user_id', '=', userId);
    if (organizationId != null) q = q.where('organization_id', '=', organizationId);
    return q.orderBy('id', 'desc').limit(500).execute() as Promise<CodeRow[]>;
  }

  // ---- authority: bindings
  bindingsOf(codeIds: number[]): Promise<BindingRow[]> {
    if (!codeIds.length) return Promise.resolve([]);
    return this.db.selectFrom('licence_bindings').selectAll().where('code_id', 'in', codeIds).orderBy('id').execute() as Promise<BindingRow[]>;
  }
  activeBinding(codeId: number, deviceId: string): Promise<BindingRow | undefined> {
    return this.db.selectFrom('licence_bindings').selectAll().where('code_id', '=', codeId).where('device_id', '=', deviceId).where('unbound_at', 'is', null).executeTakeFirst() as Promise<BindingRow | undefined>;
  }
  /** Takes slot 1 or 2 for the device; false when both are taken (the partial unique indexes decide, not a read). */
  async bind(v: { codeId: number; deviceId: string; deviceName: string; os: string; mode: string; certificate: string | null }): Promise<boolean> {
    for (const slot of [1, 2]) {
      const r = await this.db
        .insertInto('licence_bindings')
        .values({ code_id: v.codeId, slot, device_id: v.deviceId, device_name: v.deviceName, os: v.os, mode: v.mode, certificate: v.certificate, created_at: nowIso(), unbound_at: null })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0) > 0) return true;
      // The device got bound meanwhile (a concurrent request for the same device): that is success too.
      if (await this.activeBinding(v.codeId, v.deviceId)) return true;
    }
    return false;
  }
  /** Sets the certificate of a binding that has none yet; false when one was set meanwhile. */
  async setCertificate(bindingId: number, certificate: string): Promise<boolean> {
    const r = await this.db.updateTable('licence_bindings').set({ certificate }).where('id', '=', bindingId).where('certificate', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
  async unbind(codeId: number, deviceId: string): Promise<boolean> {
    const r = await this.db.updateTable('licence_bindings').set({ unbound_at: nowIso() }).where('code_id', '=', codeId).where('device_id', '=', deviceId).where('unbound_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  // ---- authority: signing key
  signingKey(): Promise<{ kid: string; public_key: string; private_key_enc: string } | undefined> {
    return this.db.selectFrom('licence_keys').select(['kid', 'public_key', 'private_key_enc']).where('name', '=', 'signing').executeTakeFirst();
  }
  /** First writer wins (two replicas generating at once keep one key). */
  async insertSigningKey(v: { kid: string; public_key: string; private_key_enc: string }): Promise<void> {
    await this.db.insertInto('licence_keys').values({ name: 'signing', ...v, created_at: nowIso() }).onConflict((oc) => oc.doNothing()).execute();
  }

  // ---- local install: the sealed state row
  async localState(): Promise<string | null> {
    const r = await this.db.selectFrom('licence_local').select('state_enc').where('id', '=', 1).executeTakeFirst();
    return r?.state_enc ?? null;
  }
  async saveLocalState(stateEnc: string): Promise<void> {
    await this.db
      .insertInto('licence_local')
      .values({ id: 1, state_enc: stateEnc, updated_at: nowIso() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ state_enc: stateEnc, updated_at: nowIso() }))
      .execute();
  }
}
