/**
 * Feedback (issue 18 point 2; spec 02 §3 "Feedback", §5): contact, feeling, improvement category,
 * content, up to 5 images under 2 MB each (checked by their bytes), optional logs (the last lines
 * of this user's requests, scrubbed). Files are private uploads under $ASKDB_HOME/uploads, read
 * back only through signed URLs (signed-url.ts); the operator lists the feedback.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODES, FEEDBACK_CATEGORIES, FEEDBACK_FEELINGS, FEEDBACK_MAX_IMAGES, FEEDBACK_MAX_IMAGE_BYTES, type FeedbackItem, type Language } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import { nowIso, type StoreDb } from '../../store/db.js';
import { notificationDb, type NotificationDb } from '../../store/notifications-schema.js';
import { ntMsg } from '../notifications/messages.js';
import { sniffImage } from './image-sniff.js';
import type { UrlSigner } from './signed-url.js';

export interface FeedbackInput {
  contact: string;
  feeling: string;
  category: string;
  content: string;
  includeLogs: boolean;
  images: { name: string; data: Buffer; truncated: boolean }[];
}
export interface FeedbackAuthor {
  userId: number;
  organizationId: number | null;
  lang: Language;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 -]{5,19}$/;

export class FeedbackService {
  private readonly db: NotificationDb;
  private readonly dir: string;
  constructor(db: StoreDb, home: string, private readonly signer: UrlSigner) {
    this.db = notificationDb(db);
    this.dir = path.join(home, 'uploads');
  }

  /** Refuses bad input with the message the form shows; nothing is written before every check passed. */
  validate(lang: Language, f: FeedbackInput): { ext: string; mime: string }[] {
    const bad = (key: Parameters<typeof ntMsg>[1], params?: Record<string, string | number>) => new AppError(400, ERROR_CODES.INVALID_PARAMS, ntMsg(lang, key, params));
    if (!f.contact.trim()) throw bad('FIELD_REQUIRED', { field: 'contact' });
    if (!EMAIL.test(f.contact.trim()) && !PHONE.test(f.contact.trim())) throw bad('CONTACT_INVALID');
    if (!f.feeling) throw bad('FIELD_REQUIRED', { field: 'feeling' });
    if (!(FEEDBACK_FEELINGS as readonly string[]).includes(f.feeling)) throw bad('FIELD_INVALID', { field: 'feeling', allowed: FEEDBACK_FEELINGS.join(', ') });
    if (!f.category) throw bad('FIELD_REQUIRED', { field: 'category' });
    if (!(FEEDBACK_CATEGORIES as readonly string[]).includes(f.category)) throw bad('FIELD_INVALID', { field: 'category', allowed: FEEDBACK_CATEGORIES.join(', ') });
    if (!f.content.trim()) throw bad('FIELD_REQUIRED', { field: 'content' });
    if (f.images.length > FEEDBACK_MAX_IMAGES) throw bad('TOO_MANY_IMAGES', { max: FEEDBACK_MAX_IMAGES });
    return f.images.map((img) => {
      if (img.truncated || img.data.length >= FEEDBACK_MAX_IMAGE_BYTES) throw bad('IMAGE_TOO_LARGE', { name: img.name });
      const kind = sniffImage(img.data);
      if (!kind) throw bad('NOT_AN_IMAGE', { name: img.name });
      return kind;
    });
  }

  async create(author: FeedbackAuthor, f: FeedbackInput, logLines: string[]): Promise<{ id: number; images: string[]; logUrl: string | null }> {
    const kinds = this.validate(author.lang, f);
    const imageIds: number[] = [];
    for (const [i, img] of f.images.entries()) imageIds.push(await this.saveUpload(author, 'FEEDBACK_IMG', img.name, kinds[i]!.ext, kinds[i]!.mime, img.data));
    const logId = f.includeLogs ? await this.saveUpload(author, 'FEEDBACK_LOG', 'askdb-requests.log', 'log', 'text/plain', Buffer.from(logLines.join('\n') + '\n', 'utf8')) : null;
    const row = await this.db
      .insertInto('feedback')
      .values({
        user_id: author.userId, organization_id: author.organizationId, contact: f.contact.trim(), feeling: f.feeling, category: f.category,
        content: f.content.trim(), image_ids: JSON.stringify(imageIds), log_upload_id: logId, created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, images: imageIds.map((u) => this.signer.url(u)), logUrl: logId ? this.signer.url(logId) : null };
  }

  private async saveUpload(author: FeedbackAuthor, kind: string, fileName: string, ext: string, mime: string, data: Buffer): Promise<number> {
    const rel = path.join('feedback', new Date().toISOString().slice(0, 7), `${crypto.randomUUID()}.${ext}`);
    const abs = path.join(this.dir, rel);
    await fs.mkdir(path.dirname(abs), { recursive: true, mode: 0o700 });
    await fs.writeFile(abs, data, { mode: 0o600 });
    const row = await this.db
      .insertInto('uploads')
      .values({ kind, owner_id: author.userId, organization_id: author.organizationId, file_name: fileName.slice(0, 255), storage_path: rel, mime, size: data.length, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The operator's list, newest first, with signed URLs of the images and the log. */
  async list(page: { pageNo: number; pageSize: number }) {
    const rows = await this.db
      .selectFrom('feedback')
      .leftJoin('users', 'users.id', 'feedback.user_id')
      .selectAll('feedback')
      .select('users.name as user_name')
      .orderBy('feedback.id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute();
    const total = await this.db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const data: FeedbackItem[] = rows.map((r) => ({
      id: r.id, userId: r.user_id, userName: r.user_name ?? null, organizationId: r.organization_id, contact: r.contact, feeling: r.feeling, category: r.category,
      content: r.content, images: (JSON.parse(r.image_ids) as number[]).map((u) => this.signer.url(u)), logUrl: r.log_upload_id ? this.signer.url(r.log_upload_id) : null, createdAt: r.created_at,
    }));
    return { data, pageNo: page.pageNo, pageSize: page.pageSize, total: Number(total?.n ?? 0) };
  }

  /** The file a signed URL names (the signature was checked by the caller). */
  async file(lang: Language, id: number): Promise<{ path: string; mime: string; name: string; size: number }> {
    const u = await this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
    const abs = u ? path.join(this.dir, u.storage_path) : '';
    if (!u || !abs.startsWith(this.dir + path.sep)) throw new AppError(404, ERROR_CODES.NOT_FOUND, ntMsg(lang, 'FILE_MISSING'));
    try {
      await fs.access(abs);
    } catch {
      throw new AppError(404, ERROR_CODES.NOT_FOUND, ntMsg(lang, 'FILE_MISSING'));
    }
    return { path: abs, mime: u.mime, name: u.file_name, size: u.size };
  }
}
