/**
 * Feedback (issue 18 point 2; spec 02 §3 "Feedback", §5): contact, feeling, improvement category,
 * content, up to 5 images under 2 MB each (checked by their bytes), optional logs (the last lines
 * of this user's requests, scrubbed). Files are private uploads kept in the file store (any replica
 * serves them; services/files), read back only through signed URLs (signed-url.ts); the operator
 * lists the feedback. Rows written before the file store keep their file under $ASKDB_HOME/uploads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ERROR_CODES, FEEDBACK_CATEGORIES, FEEDBACK_FEELINGS, FEEDBACK_MAX_IMAGES, FEEDBACK_MAX_IMAGE_BYTES, type FeedbackItem, type Language } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import { nowIso } from '../../store/db.js';
import type { AppDeps } from '../../deps.js';
import { filesOf, type FileStore } from '../files/index.js';
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
  private readonly files: FileStore;
  /** Where files of feedback sent before the file store live. */
  private readonly legacyDir: string;
  constructor(deps: Pick<AppDeps, 'store' | 'config'>, private readonly signer: UrlSigner) {
    this.db = notificationDb(deps.store.db);
    this.files = filesOf(deps);
    this.legacyDir = path.join(deps.config.home, 'uploads');
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

  private async saveUpload(author: FeedbackAuthor, kind: string, fileName: string, _ext: string, mime: string, data: Buffer): Promise<number> {
    const f = await this.files.put({ kind: 'feedback', userId: author.userId, organizationId: author.organizationId, fileName, mime }, Readable.from([data]));
    const row = await this.db
      .insertInto('uploads')
      .values({ kind, owner_id: author.userId, organization_id: author.organizationId, file_name: fileName.slice(0, 255), storage_path: '', file_id: f.id, mime, size: f.size, created_at: nowIso() } as never)
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
  async file(lang: Language, id: number): Promise<{ open(): Readable; mime: string; name: string; size: number }> {
    const missing = () => new AppError(404, ERROR_CODES.NOT_FOUND, ntMsg(lang, 'FILE_MISSING'));
    const u = (await this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst()) as (Record<string, unknown> & { file_id?: string | null; storage_path: string; mime: string; file_name: string; size: number }) | undefined;
    if (!u) throw missing();
    if (u.file_id) {
      const f = await this.files.get(u.file_id);
      if (!f) throw missing();
      return { open: () => this.files.open(f), mime: u.mime, name: u.file_name, size: f.size };
    }
    const abs = path.join(this.legacyDir, u.storage_path);
    if (!abs.startsWith(this.legacyDir + path.sep) || !(await fs.promises.access(abs).then(() => true, () => false))) throw missing();
    return { open: () => fs.createReadStream(abs), mime: u.mime, name: u.file_name, size: u.size };
  }
}
