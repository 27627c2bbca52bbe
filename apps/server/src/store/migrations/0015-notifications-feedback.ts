/**
 * Notification centre, pop notices, feedback and private uploads (issue 18 points 1–2; spec 02 §2
 * "Other", §3 "Feedback", §7 "Notifications", "System"). One notification row per recipient: its
 * read state is the recipient's own. Messages are stored as a key and parameters and rendered in
 * the reader's language.
 */
import type { Kysely, Migration, CreateTableBuilder } from 'kysely';
import type { StoreDialect } from './index.js';

type WithId = <T extends string>(tb: CreateTableBuilder<T, never>, d: StoreDialect) => CreateTableBuilder<T, 'id'>;

export function notificationsFeedbackMigration(d: StoreDialect, withId: WithId): Migration {
  const ts = 'varchar(40)';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('notifications'), d)
        .addColumn('organization_id', 'integer')
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('message_key', 'varchar(128)', (c) => c.notNull())
        .addColumn('params_json', 'text', (c) => c.notNull())
        .addColumn('action_kind', 'varchar(32)')
        .addColumn('action_target', 'varchar(255)')
        .addColumn('read_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notifications_user_org').on('notifications').columns(['user_id', 'organization_id', 'read_at', 'id']).execute();
      await withId(db.schema.createTable('pop_notices'), d)
        .addColumn('code', 'varchar(32)', (c) => c.notNull())
        .addColumn('organization_id', 'integer')
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('image_url', 'varchar(1024)')
        .addColumn('share_url', 'varchar(1024)')
        .addColumn('starts_at', ts)
        .addColumn('ends_at', ts)
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createTable('pop_notice_seen')
        .addColumn('notice_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('seen_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('pop_notice_seen_pk', ['notice_id', 'user_id'])
        .execute();
      await withId(db.schema.createTable('uploads'), d)
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('organization_id', 'integer')
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('storage_path', 'varchar(1024)', (c) => c.notNull())
        .addColumn('mime', 'varchar(64)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('feedback'), d)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('organization_id', 'integer')
        .addColumn('contact', 'varchar(255)', (c) => c.notNull())
        .addColumn('feeling', 'varchar(16)', (c) => c.notNull())
        .addColumn('category', 'varchar(32)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('image_ids', 'text', (c) => c.notNull())
        .addColumn('log_upload_id', 'integer')
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('feedback_created').on('feedback').column('id').execute();
    },
  };
}
