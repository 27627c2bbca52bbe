/** Requests to join a team (by team code or invitation) waiting for an admin (spec 02 §4 "Join team"). */
import type { JoinRequestRow } from '@askdb/contracts';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export type JoinVia = 'CODE' | 'INVITE';
export type JoinStatus = JoinRequestRow['status'];

export interface JoinRequestRecord {
  id: number;
  organizationId: number;
  userId: number;
  name: string;
  reason: string | null;
  via: JoinVia;
  status: JoinStatus;
  createdAt: string;
}

type Row = { id: number; organization_id: number; user_id: number; name: string; reason: string | null; via: string; status: string; created_at: string };
const toRecord = (r: Row): JoinRequestRecord => ({
  id: r.id, organizationId: r.organization_id, userId: r.user_id, name: r.name, reason: r.reason, via: r.via as JoinVia, status: r.status as JoinStatus, createdAt: r.created_at,
});

export class JoinRequestRepo {
  constructor(private readonly db: StoreDb) {}

  async create(r: { organizationId: number; userId: number; name: string; reason: string | null; via: JoinVia }, db: StoreDb = this.db): Promise<number> {
    const row = await db
      .insertInto('join_requests')
      .values({ organization_id: r.organizationId, user_id: r.userId, name: r.name, reason: r.reason, via: r.via, status: 'PENDING', decided_by: null, decided_at: null, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async get(id: number, db: StoreDb = this.db): Promise<JoinRequestRecord | null> {
    const r = await db.selectFrom('join_requests').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toRecord(r) : null;
  }

  async pendingOf(organizationId: number, userId: number): Promise<JoinRequestRecord | null> {
    const r = await this.db.selectFrom('join_requests').selectAll().where('organization_id', '=', organizationId).where('user_id', '=', userId).where('status', '=', 'PENDING').executeTakeFirst();
    return r ? toRecord(r) : null;
  }

  /** Requests of an organisation in one status, oldest first, with the applicant's e-mail. */
  async list(organizationId: number, status: JoinStatus): Promise<Array<JoinRequestRecord & { email: string | null }>> {
    const rows = await this.db
      .selectFrom('join_requests as j')
      .innerJoin('users as u', 'u.id', 'j.user_id')
      .selectAll('j')
      .select('u.email')
      .where('j.organization_id', '=', organizationId)
      .where('j.status', '=', status)
      .orderBy('j.id')
      .execute();
    return rows.map((r) => ({ ...toRecord(r), email: r.email }));
  }

  /** Decides a PENDING request; false when it was already decided (another admin was quicker). */
  async decide(id: number, status: Exclude<JoinStatus, 'PENDING'>, by: number, db: StoreDb): Promise<boolean> {
    const r = await db.updateTable('join_requests').set({ status, decided_by: by, decided_at: nowIso() }).where('id', '=', id).where('status', '=', 'PENDING').executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
