/**
 * The notification centre (issue 18 point 1): unread count, list, take action, pop notices, the
 * event stream's per-connection filter. Scoped to the reader (user + current organisation).
 */
import { ERROR_CODES, type Language, type NotificationItem, type NotificationType, type PopNotice, type PopNoticeCreate } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import type { StoreDb } from '../../store/db.js';
import { NotificationRepo, type Reader } from '../../store/notifications.js';
import type { NotificationEvent } from './hub.js';
import { ntMsg } from './messages.js';

type Row = NonNullable<Awaited<ReturnType<NotificationRepo['get']>>>;

const toItem = (r: Row): NotificationItem => {
  let params: Record<string, string | number> = {};
  try {
    params = JSON.parse(r.params_json) as Record<string, string | number>;
  } catch {
    /* keep empty */
  }
  return {
    id: r.id, type: r.type as NotificationType, messageKey: r.message_key, params,
    action: r.action_kind ? { kind: r.action_kind, targetId: r.action_target ?? '' } : null,
    read: r.read_at !== null, createdAt: r.created_at,
  };
};

export class NotificationCentre {
  private readonly repo: NotificationRepo;
  constructor(db: StoreDb) {
    this.repo = new NotificationRepo(db);
  }

  unreadCount(r: Reader) {
    return this.repo.unreadCount(r);
  }

  async list(r: Reader, q: { pageNo: number; pageSize: number; unreadOnly: boolean }) {
    const { rows, total } = await this.repo.list(r, q);
    return { data: rows.map(toItem), pageNo: q.pageNo, pageSize: q.pageSize, total, hasNextPage: q.pageNo * q.pageSize < total, unreadCount: await this.repo.unreadCount(r) };
  }

  /** Marks the notice read and answers its action (the web follows it, e.g. opens the approval). */
  async takeAction(r: Reader, lang: Language, body: { id?: number; all?: boolean }) {
    if (body.all) {
      await this.repo.markAllRead(r);
      return { action: null, unreadCount: await this.repo.unreadCount(r) };
    }
    if (!body.id) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, ntMsg(lang, 'TAKE_ACTION_TARGET'));
    const row = await this.repo.get(r, body.id);
    if (!row) throw new AppError(404, ERROR_CODES.NOT_FOUND, ntMsg(lang, 'NOTIFICATION_NOT_FOUND', { id: body.id }));
    await this.repo.markRead(r, row.id);
    return { action: toItem(row).action, unreadCount: await this.repo.unreadCount(r) };
  }

  async pop(r: Reader): Promise<PopNotice | null> {
    const p = await this.repo.nextPop(r);
    return p ? { id: p.id, code: p.code, title: p.title, content: p.content, imageUrl: p.image_url, shareUrl: p.share_url } : null;
  }

  async dismissPop(r: Reader, lang: Language, id: number): Promise<void> {
    const p = await this.repo.nextPop(r);
    const known = p?.id === id || (await this.repo.listPops(1000)).some((x) => x.id === id && (x.organization_id === null || x.organization_id === r.organizationId));
    if (!known) throw new AppError(404, ERROR_CODES.NOT_FOUND, ntMsg(lang, 'POP_NOT_FOUND', { id }));
    await this.repo.dismissPop(r.userId, id);
  }

  createPop(operatorId: number, v: PopNoticeCreate) {
    return this.repo.createPop({ ...v, createdBy: operatorId });
  }

  async listPops() {
    return (await this.repo.listPops()).map((p) => ({ id: p.id, code: p.code, organizationId: p.organization_id, title: p.title, content: p.content, imageUrl: p.image_url, shareUrl: p.share_url, startsAt: p.starts_at, endsAt: p.ends_at, createdAt: p.created_at }));
  }
}

/** Whether a pushed event concerns a reader's stream (their notices of the current or no organisation). */
export function concerns(e: NotificationEvent, r: Reader): boolean {
  return e.userIds.includes(r.userId) && (e.organizationId === null || e.organizationId === r.organizationId);
}
