/** Rows of `upload_blobs` (migration 0020): files uploaded with an upload certificate, bytes included. */
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
  created_at: string;
}
type Db = Kysely<{ upload_blobs: UploadBlobsTable }>;

export interface UploadBlob { id: number; uploadType: string; ownerId: number; organizationId: number | null; fileName: string; mime: string; size: number; data: Buffer; createdAt: string }

export class UploadBlobRepo {
  private readonly db: Db;
  constructor(db: StoreDb | Kysely<any>) {
    this.db = (db as Kysely<any>).withTables<{ upload_blobs: UploadBlobsTable }>() as unknown as Db;
  }

  async create(v: { uploadType: string; ownerId: number; organizationId: number | null; fileName: string; mime: string; data: Buffer }): Promise<number> {
    const row = await this.db.insertInto('upload_blobs')
      .values({ upload_type: v.uploadType, owner_id: v.ownerId, organization_id: v.organizationId, file_name: v.fileName, mime: v.mime, size: v.data.length, data: v.data, created_at: nowIso() } as never)
      .returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async get(id: number): Promise<UploadBlob | null> {
    const r = await this.db.selectFrom('upload_blobs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) return null;
    return { id: r.id, uploadType: r.upload_type, ownerId: r.owner_id, organizationId: r.organization_id, fileName: r.file_name, mime: r.mime, size: r.size, data: Buffer.from(r.data), createdAt: r.created_at };
  }
}
