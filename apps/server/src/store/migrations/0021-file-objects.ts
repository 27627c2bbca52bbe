/**
 * Files users gave or will download (issue 28 point 1): chat uploads, import uploads, export results,
 * feedback attachments and certificate uploads live in the store itself as rows of 1 MiB chunks, so
 * every replica reads them and no replica needs a shared disk. `file_objects` names a file and its
 * owner (the chat or task whose deletion removes it); `file_chunks` holds its bytes in order.
 * The two older file tables point at their file object (`file_id`); rows written before keep their
 * bytes where they were (`upload_blobs.data`, `uploads.storage_path`).
 */
import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from './index.js';

export function fileObjectsMigration(d: StoreDialect): Migration {
  const ts = 'varchar(40)';
  return {
    async up(db: Kysely<any>) {
      await db.schema.createTable('file_objects')
        /** A random UUID: also the upload id the browser holds, so ids cannot be guessed. */
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        /** chat-upload / task-upload (waiting for their chat or task), chat, task, feedback, spec-upload. */
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        /** The owning chat's or task's id; null while an upload waits for it. */
        .addColumn('owner_key', 'varchar(64)')
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('organization_id', 'integer')
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('mime', 'varchar(128)', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('chunks', 'integer', (c) => c.notNull().defaultTo(0))
        /** WRITING while its chunks arrive; READY once all are stored (only READY files are read). */
        .addColumn('state', 'varchar(8)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('file_objects_owner').on('file_objects').columns(['kind', 'owner_key']).execute();
      await db.schema.createIndex('file_objects_created').on('file_objects').columns(['state', 'created_at']).execute();
      await db.schema.createTable('file_chunks')
        .addColumn('file_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('data', d === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addPrimaryKeyConstraint('file_chunks_pk', ['file_id', 'seq'])
        .execute();
      await db.schema.alterTable('upload_blobs').addColumn('file_id', 'varchar(36)').execute();
      await db.schema.alterTable('uploads').addColumn('file_id', 'varchar(36)').execute();
    },
  };
}
