/**
 * Rows of `file_objects` and `file_chunks` (migration 0021): a file's name and owner, and its bytes
 * as numbered chunks. Every statement touches one chunk at most, so nothing here holds a whole file;
 * streaming in and out is services/files/file-store.ts.
 */
import type { Kysely } from 'kysely';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export interface FileObjectsTable {
  id: string;
  kind: string;
  owner_key: string | null;
  user_id: number;
  organization_id: number | null;
  file_name: string;
  mime: string;
  size: number | string;
  chunks: number;
  state: string;
  created_at: string;
}
export interface FileChunksTable {
  file_id: string;
  seq: number;
  data: Buffer | Uint8Array;
}
type Db = Kysely<{ file_objects: FileObjectsTable; file_chunks: FileChunksTable }>;

/** Who a file belongs to: uploads wait (`chat-upload`, `task-upload`) until their chat or task claims them. */
export type FileKind = 'chat-upload' | 'chat' | 'task-upload' | 'task' | 'feedback' | 'spec-upload';

export interface FileRecord {
  id: string;
  kind: FileKind;
  ownerKey: string | null;
  userId: number;
  organizationId: number | null;
  fileName: string;
  mime: string;
  size: number;
  chunks: number;
  ready: boolean;
  createdAt: string;
}

export interface NewFile {
  kind: FileKind;
  ownerKey?: string | number | null;
  userId: number;
  organizationId: number | null;
  fileName: string;
  mime: string;
}

const toRecord = (r: FileObjectsTable): FileRecord => ({
  id: r.id, kind: r.kind as FileKind, ownerKey: r.owner_key, userId: r.user_id, organizationId: r.organization_id, fileName: r.file_name,
  mime: r.mime, size: Number(r.size), chunks: r.chunks, ready: r.state === 'READY', createdAt: r.created_at,
});

export class FileObjectRepo {
  private readonly db: Db;
  constructor(db: StoreDb | Kysely<any>) {
    this.db = (db as Kysely<any>).withTables<{ file_objects: FileObjectsTable; file_chunks: FileChunksTable }>() as unknown as Db;
  }

  async create(id: string, f: NewFile): Promise<void> {
    await this.db.insertInto('file_objects').values({
      id, kind: f.kind, owner_key: f.ownerKey == null ? null : String(f.ownerKey), user_id: f.userId, organization_id: f.organizationId,
      file_name: f.fileName.slice(0, 255), mime: f.mime.slice(0, 128), size: 0, chunks: 0, state: 'WRITING', created_at: nowIso(),
    }).execute();
  }

  async addChunk(id: string, seq: number, data: Buffer): Promise<void> {
    await this.db.insertInto('file_chunks').values({ file_id: id, seq, data }).execute();
  }

  async finish(id: string, size: number, chunks: number): Promise<void> {
    await this.db.updateTable('file_objects').set({ size, chunks, state: 'READY' }).where('id', '=', id).execute();
  }

  async get(id: string): Promise<FileRecord | null> {
    const r = await this.db.selectFrom('file_objects').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toRecord(r) : null;
  }

  async chunk(id: string, seq: number): Promise<Buffer | null> {
    const r = await this.db.selectFrom('file_chunks').select('data').where('file_id', '=', id).where('seq', '=', seq).executeTakeFirst();
    return r ? Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength) : null;
  }

  async byOwner(kind: FileKind, ownerKey: string | number): Promise<FileRecord[]> {
    const rows = await this.db.selectFrom('file_objects').selectAll().where('kind', '=', kind).where('owner_key', '=', String(ownerKey)).orderBy('created_at').execute();
    return rows.map(toRecord);
  }

  /** Hands a waiting upload to its chat or task; false when it is not (or no longer) waiting. */
  async claim(id: string, from: FileKind, to: FileKind, ownerKey: string | number): Promise<boolean> {
    const r = await this.db.updateTable('file_objects').set({ kind: to, owner_key: String(ownerKey) })
      .where('id', '=', id).where('kind', '=', from).where('owner_key', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Removes the files and their chunks (chunks first: a half-removed file is never READY with bytes missing). */
  async remove(ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    await this.db.updateTable('file_objects').set({ state: 'REMOVING' }).where('id', 'in', ids).execute();
    await this.db.deleteFrom('file_chunks').where('file_id', 'in', ids).execute();
    const r = await this.db.deleteFrom('file_objects').where('id', 'in', ids).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async idsOf(kind: FileKind, ownerKey: string | number): Promise<string[]> {
    const rows = await this.db.selectFrom('file_objects').select('id').where('kind', '=', kind).where('owner_key', '=', String(ownerKey)).execute();
    return rows.map((r) => r.id);
  }

  /** Uploads nobody claimed, and writes a replica never finished, older than `before`. */
  async abandoned(before: string): Promise<string[]> {
    const rows = await this.db.selectFrom('file_objects').select('id').where('created_at', '<', before)
      .where((eb) => eb.or([eb('state', '!=', 'READY'), eb.and([eb('kind', 'in', ['chat-upload', 'task-upload']), eb('owner_key', 'is', null)])]))
      .limit(500).execute();
    return rows.map((r) => r.id);
  }

  /** How many chunk rows a file has (tests and the operator's checks). */
  async chunkCount(id: string): Promise<number> {
    const r = await this.db.selectFrom('file_chunks').select((eb) => eb.fn.countAll<number>().as('n')).where('file_id', '=', id).executeTakeFirst();
    return Number(r?.n ?? 0);
  }
}
