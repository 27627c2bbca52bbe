/**
 * Rows of `upload_blobs` (migration 0020): files uploaded with an upload certificate. Since migration
 * 0021 the bytes are in the file store (`file_id`, streamed in and out); older rows hold them in `data`.
 */
import type { Kysely } from 'kysely';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export interface UploadBlobsTable {
  id: number;
  upload_type: string;
  owner_id: number;
  organization_id: number | null;
  file_name: string;
  mime: string;
  size: number;
  data: Buffer | Uint8Array;
  file_id: string | null;
  created_at: string;
}
type Db = Kysely<{ upload_blobs: UploadBlobsTable }>;

export interface UploadBlob { id: number; uploadType: string; ownerId: number; organizationId: number | null; fileName: string; mime: string; size: number; fileId: string | null; data: Buffer; createdAt: string }

export class UploadBlobRepo {
  private readonly db: Db;
  constructor(db: StoreDb | Kysely<any>) {
    this.db = (db as Kysely<any>).withTables<{ upload_blobs: UploadBlobsTable }>() as unknown as Db;
  }

  /** A file already in the file store (`fileId`); the row's own bytes stay empty. */
  async create(v: { uploadType: string; ownerId: number; organizationId: number | null; fileName: string; mime: string; size: number; fileId: string }): Promise<number> {
    const row = await this.db.insertInto('upload_blobs')
      .values({ upload_type: v.uploadType, owner_id: v.ownerId, organization_id: v.organizationId, file_name: v.fileName, mime: v.mime, size: v.size, data: Buffer.alloc(0), file_id: v.fileId, created_at: nowIso() } as never)
      .returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async get(id: number): Promise<UploadBlob | null> {
    const r = await this.db.selectFrom('upload_blobs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) return null;
    return { id: r.id, uploadType: r.upload_type, ownerId: r.owner_id, organizationId: r.organization_id, fileName: r.file_name, mime: r.mime, size: r.size, fileId: r.file_id ?? null, data: Buffer.from(r.data), createdAt: r.created_at };
  }
}
