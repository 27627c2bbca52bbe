/**
 * Uploads made with an upload certificate (issue 29 item 22; spec 01 §3 "Upload certificate", 02 §3
 * upload types): the file's bytes live in the store itself, so every replica serves them.
 */
import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from './index.js';

export function uploadBlobsMigration(d: StoreDialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createTable('upload_blobs')
        .addColumn('id', d === 'postgres' ? 'serial' : 'integer', (c) => (d === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        /** AVATOR (public), FEEDBACK_IMG, FEEDBACK_LOG, SQLFile (private). */
        .addColumn('upload_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('organization_id', 'integer')
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('mime', 'varchar(64)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('data', d === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('upload_blobs_owner').on('upload_blobs').column('owner_id').execute();
    },
  };
}
