/**
 * Named AI chats (issue 17): a chat over a database context or an uploaded Excel/CSV file, its
 * answers (parts by step, as JSON, with a version for conditional updates) and sharing. Deleting a
 * chat keeps a tombstone (deleted_at) so its share link can say it was deleted.
 */
import type { Kysely, Migration, CreateTableBuilder } from 'kysely';
import type { StoreDialect } from './index.js';

type WithId = <T extends string>(tb: CreateTableBuilder<T, never>, d: StoreDialect) => CreateTableBuilder<T, 'id'>;

export function chatsV2Migration(d: StoreDialect, withId: WithId): Migration {
  const ts = 'varchar(40)';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('ai_chats'), d)
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('source_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('dataset_json', 'text')
        .addColumn('excel_json', 'text')
        .addColumn('share_scope', 'varchar(16)')
        .addColumn('share_permission', 'varchar(8)')
        .addColumn('share_token', 'varchar(64)')
        .addColumn('collaborators_json', 'text')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('deleted_at', ts)
        .execute();
      await db.schema.createIndex('ai_chats_org_owner').on('ai_chats').columns(['organization_id', 'owner_id', 'updated_at']).execute();
      await db.schema.createIndex('ai_chats_share_token').on('ai_chats').column('share_token').unique().execute();
      await withId(db.schema.createTable('ai_chat_answers'), d)
        .addColumn('chat_id', 'integer', (c) => c.notNull())
        .addColumn('asked_by', 'integer', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('magic', 'varchar(16)')
        .addColumn('parts_json', 'text', (c) => c.notNull())
        .addColumn('feedback_helpful', 'integer')
        .addColumn('feedback_reason', 'text')
        .addColumn('feedback_by', 'integer')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ai_chat_answers_chat').on('ai_chat_answers').columns(['chat_id', 'id']).execute();
    },
  };
}
