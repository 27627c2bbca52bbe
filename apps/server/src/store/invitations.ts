/** Invitations to a team: a link (token) or the same link sent by e-mail. Only the token's SHA-256 is stored. */
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export interface InvitationRecord {
  id: number;
  organizationId: number;
  email: string | null;
  createdBy: number;
  expiresAt: string;
  usedAt: string | null;
}

export class InvitationRepo {
  constructor(private readonly db: StoreDb) {}

  async create(r: { organizationId: number; tokenHash: string; email: string | null; createdBy: number; expiresAt: string }): Promise<number> {
    const row = await this.db
      .insertInto('invitations')
      .values({ organization_id: r.organizationId, token_hash: r.tokenHash, email: r.email, created_by: r.createdBy, expires_at: r.expiresAt, used_at: null, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async byTokenHash(tokenHash: string, db: StoreDb = this.db): Promise<InvitationRecord | null> {
    const r = await db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return r ? { id: r.id, organizationId: r.organization_id, email: r.email, createdBy: r.created_by, expiresAt: r.expires_at, usedAt: r.used_at } : null;
  }

  /** An e-mail invitation is for one person: used once. A link (no e-mail) stays usable until it expires. */
  async markUsed(id: number, db: StoreDb): Promise<void> {
    await db.updateTable('invitations').set({ used_at: nowIso() }).where('id', '=', id).execute();
  }
}
