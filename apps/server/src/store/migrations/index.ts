/**
 * Store migrations, in order. Each is written once for both SQLite and PostgreSQL; `idColumn`
 * hides the one difference that matters (auto-increment keys). Never edit a released migration:
 * add a new one.
 */
import { sql, type Kysely, type Migration, type CreateTableBuilder } from 'kysely';
import { accountsMigration } from './0003-accounts.js';
import { organizationScopeMigration } from './0004-organization-scope.js';
import { sqlAuditMigration } from './0005-sql-audit.js';
import { authorizationsMigration } from './0006-authorizations.js';
import { approvalsMigration } from './0007-approvals.js';
import { chatsV2Migration } from './0012-chats-v2.js';
import { dashboardsMigration } from './0011-dashboards.js';
import { rewardsMigration } from './0009-rewards.js';
import { notificationsFeedbackMigration } from './0015-notifications-feedback.js';
import { tasksMigration } from './0014-tasks.js';
import { knowledgeMigration } from './0013-knowledge.js';
import { licenceMigration } from './0010-licence.js';

import { commerceMigration } from './0008-commerce.js';
import { commerceCnyMigration } from './0016-commerce-cny.js';
import { rewardMaturityMigration } from './0017-reward-maturity.js';
import { loginThrottleMigration } from './0018-login-throttle.js';
import { approvalScopesMigration } from './0019-approval-scopes.js';
import { uploadBlobsMigration } from './0020-upload-blobs.js';
import { aiTableInfoMigration } from './0021-ai-table-info.js';
import { fileObjectsMigration } from './0021-file-objects.js';
import { taskLeaseMigration } from './0021-task-lease.js';

export type StoreDialect = 'sqlite' | 'postgres';

export function withId<T extends string>(tb: CreateTableBuilder<T, never>, d: StoreDialect) {
  return d === 'postgres'
    ? tb.addColumn('id', 'serial', (c) => c.primaryKey())
    : tb.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function migrations(d: StoreDialect): Record<string, Migration> {
  const text = d === 'postgres' ? 'text' : 'text';
  return {
    '0001_initial': {
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('users'), d)
          .addColumn('name', 'varchar(255)', (c) => c.notNull())
          .addColumn('email', 'varchar(255)')
          .addColumn('password_hash', text)
          .addColumn('role_code', 'varchar(32)', (c) => c.notNull())
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
          .execute();
        await withId(db.schema.createTable('ds_groups'), d)
          .addColumn('name', 'varchar(255)', (c) => c.notNull())
          .addColumn('parent_id', 'integer')
          .addColumn('owner_id', 'integer', (c) => c.notNull())
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await withId(db.schema.createTable('data_sources'), d)
          .addColumn('alias', 'varchar(255)', (c) => c.notNull())
          .addColumn('type', 'varchar(32)', (c) => c.notNull())
          .addColumn('config_json', text, (c) => c.notNull())
          .addColumn('secret_enc', text)
          .addColumn('owner_id', 'integer', (c) => c.notNull())
          .addColumn('space_id', 'integer')
          .addColumn('group_id', 'integer')
          .addColumn('visibility', 'varchar(16)', (c) => c.notNull().defaultTo('PRIVATE'))
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
          .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('data_sources_owner').on('data_sources').column('owner_id').execute();
        await withId(db.schema.createTable('consoles'), d)
          .addColumn('name', 'varchar(255)', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('ddl', text, (c) => c.notNull())
          .addColumn('data_source_id', 'integer')
          .addColumn('database_name', 'varchar(255)')
          .addColumn('schema_name', 'varchar(255)')
          .addColumn('type', 'varchar(32)')
          .addColumn('tab_opened', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('operation_type', 'varchar(32)', (c) => c.notNull())
          .addColumn('connectable', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('owner_id', 'integer', (c) => c.notNull())
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
          .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('consoles_owner').on('consoles').column('owner_id').execute();
        await db.schema.createTable('console_drafts')
          .addColumn('console_id', 'integer', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('ddl', text, (c) => c.notNull())
          .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
          .addPrimaryKeyConstraint('console_drafts_pk', ['console_id', 'user_id'])
          .execute();
        await db.schema.createTable('kv')
          .addColumn('scope', 'varchar(128)', (c) => c.notNull())
          .addColumn('key', 'varchar(128)', (c) => c.notNull())
          .addColumn('value', text, (c) => c.notNull())
          .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
          .addPrimaryKeyConstraint('kv_pk', ['scope', 'key'])
          .execute();
        await db.schema.createTable('pinned_tables')
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('data_source_id', 'integer', (c) => c.notNull())
          .addColumn('database_name', 'varchar(255)', (c) => c.notNull())
          .addColumn('schema_name', 'varchar(255)', (c) => c.notNull())
          .addColumn('table_name', 'varchar(1024)', (c) => c.notNull())
          .addPrimaryKeyConstraint('pinned_tables_pk', ['user_id', 'data_source_id', 'database_name', 'schema_name', 'table_name'])
          .execute();
        await withId(db.schema.createTable('ai_collections'), d)
          .addColumn('title', 'varchar(255)', (c) => c.notNull())
          .addColumn('owner_id', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
          .execute();
        await withId(db.schema.createTable('ai_collection_elements'), d)
          .addColumn('collection_id', 'integer', (c) => c.notNull())
          .addColumn('type', 'varchar(16)', (c) => c.notNull())
          .addColumn('data_source_id', 'integer', (c) => c.notNull())
          .addColumn('database_name', 'varchar(255)')
          .addColumn('schema_name', 'varchar(255)')
          .addColumn('table_name', 'varchar(1024)', (c) => c.notNull())
          .execute();
        await sql`select 1`.execute(db);
      },
    },
    '0002_chats': {
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('chats'), d)
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('title', 'varchar(255)', (c) => c.notNull())
          .addColumn('data_source_id', 'integer')
          .addColumn('context_json', text, (c) => c.notNull())
          .addColumn('message_count', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
          .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('chats_user_updated').on('chats').columns(['user_id', 'updated_at']).execute();
        await withId(db.schema.createTable('chat_messages'), d)
          .addColumn('chat_id', 'integer', (c) => c.notNull())
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('role', 'varchar(16)', (c) => c.notNull())
          .addColumn('content', text, (c) => c.notNull())
          .addColumn('meta_json', text)
          .execute();
        await db.schema.createIndex('chat_messages_chat').on('chat_messages').columns(['chat_id', 'seq']).execute();
      },
    },
    '0003_accounts': accountsMigration(d, withId),
    '0004_organization_scope': organizationScopeMigration(),
    '0005_sql_audit': sqlAuditMigration(d),
    '0006_authorizations': authorizationsMigration(d, withId),
    '0007_approvals': approvalsMigration(d, withId),
    '0012_chats_v2': chatsV2Migration(d, withId),
    '0011_dashboards': dashboardsMigration(d, withId),
    '0009_rewards': rewardsMigration(d, withId),
    '0015_notifications_feedback': notificationsFeedbackMigration(d, withId),
    '0014_tasks': tasksMigration(d, withId),
    '0013_knowledge': knowledgeMigration(d, withId),
    '0010_licence': licenceMigration(d, withId),
    '0008_commerce': commerceMigration(d, withId),
    '0016_commerce_cny': commerceCnyMigration(),
    '0017_reward_maturity': rewardMaturityMigration(),
    '0018_login_throttle': loginThrottleMigration(),
    '0019_approval_scopes': approvalScopesMigration(),
    '0020_upload_blobs': uploadBlobsMigration(d),
    '0021_ai_table_info': aiTableInfoMigration(d),
    '0021_file_objects': fileObjectsMigration(d),
    '0021_task_lease': taskLeaseMigration(),
  };
}
