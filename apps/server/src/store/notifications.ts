/**
 * Notification rows and pop notices (migration 0015). Every read and write names the recipient and
 * the organisation: a user sees their notices of the current organisation and their personal ones
 * (organization_id null), never another user's or another organisation's.
 */
import { sql } from 'kysely';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';
import { notificationDb, type NotificationDb } from './notifications-schema.js';

export interface Reader {
  userId: number;
  organizationId: number | null;
}

export class NotificationRepo {
  private readonly db: NotificationDb;
  constructor(db: StoreDb) {
    this.db = notificationDb(db);
  }

  private mine(r: Reader) {
    return this.db
      .selectFrom('notifications')
      .where('user_id', '=', r.userId)
      .where((eb) => (r.organizationId === null ? eb('organization_id', 'is', null) : eb.or([eb('organization_id', '=', r.organizationId), eb('organization_id', 'is', null)])));
  }

  async unreadCount(r: Reader): Promise<number> {
    const row = await this.mine(r).where('read_at', 'is', null).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async list(r: Reader, page: { pageNo: number; pageSize: number; unreadOnly: boolean }) {
    let q = this.mine(r);
    if (page.unreadOnly) q = q.where('read_at', 'is', null);
    const [rows, total] = await Promise.all([
      q.selectAll().orderBy('id', 'desc').limit(page.pageSize).offset((page.pageNo - 1) * page.pageSize).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  async get(r: Reader, id: number) {
    return (await this.mine(r).where('id', '=', id).selectAll().executeTakeFirst()) ?? null;
  }

  /** Marks one notice read (conditional: a second call, or another replica's, changes nothing). */
  async markRead(r: Reader, id: number): Promise<void> {
    await this.db.updateTable('notifications').set({ read_at: nowIso() }).where('id', '=', id).where('user_id', '=', r.userId).where('read_at', 'is', null).execute();
  }

  async markAllRead(r: Reader): Promise<number> {
    const ids = (await this.mine(r).where('read_at', 'is', null).select('id').execute()).map((x) => x.id);
    if (!ids.length) return 0;
    const res = await this.db.updateTable('notifications').set({ read_at: nowIso() }).where('id', 'in', ids).where('user_id', '=', r.userId).where('read_at', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows ?? 0);
  }

  /** The oldest active pop notice the reader has not dismissed. */
  async nextPop(r: Reader, now = nowIso()) {
    return (
      (await this.db
        .selectFrom('pop_notices')
        .selectAll()
        .where((eb) => (r.organizationId === null ? eb('organization_id', 'is', null) : eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', r.organizationId)])))
        .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('pop_notice_seen').select(sql`1`.as('x')).whereRef('pop_notice_seen.notice_id', '=', 'pop_notices.id').where('pop_notice_seen.user_id', '=', r.userId))))
        .orderBy('id', 'asc')
        .executeTakeFirst()) ?? null
    );
  }

  async dismissPop(userId: number, noticeId: number): Promise<void> {
    const exists = await this.db.selectFrom('pop_notice_seen').select('notice_id').where('notice_id', '=', noticeId).where('user_id', '=', userId).executeTakeFirst();
    if (exists) return;
    await this.db.insertInto('pop_notice_seen').values({ notice_id: noticeId, user_id: userId, seen_at: nowIso() }).onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing()).execute();
  }

  async createPop(v: { code: string; organizationId: number | null; title: string; content: string; imageUrl: string | null; shareUrl: string | null; startsAt: string | null; endsAt: string | null; createdBy: number }): Promise<number> {
    const row = await this.db
      .insertInto('pop_notices')
      .values({ code: v.code, organization_id: v.organizationId, title: v.title, content: v.content, image_url: v.imageUrl, share_url: v.shareUrl, starts_at: v.startsAt, ends_at: v.endsAt, created_by: v.createdBy, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async listPops(limit = 100) {
    return this.db.selectFrom('pop_notices').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }
}
