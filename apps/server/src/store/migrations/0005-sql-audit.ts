/**
 * The SQL audit (issue 13 point 4, spec 02 §3 "SQL audit"): one append-only row per statement the
 * product ran against a user's database. Rows are read by organisation, newest first, narrowed by
 * user, data source or type; pruned by age (start_time). The key is 64-bit on PostgreSQL (a busy
 * deployment writes millions of rows).
 */
import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from './index.js';

export function sqlAuditMigration(d: StoreDialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sql_audit')
        .addColumn('id', d === 'postgres' ? 'bigserial' : 'integer', (c) => (d === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('data_source_id', 'integer', (c) => c.notNull())
        .addColumn('database_name', 'varchar(255)')
        .addColumn('schema_name', 'varchar(255)')
        .addColumn('statement_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('sql_text', 'text', (c) => c.notNull())
        .addColumn('start_time', 'varchar(40)', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('row_count', 'bigint')
        .addColumn('success', 'integer', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('client_ip', 'varchar(64)')
        .execute();
      await db.schema.createIndex('sql_audit_org_time').on('sql_audit').columns(['organization_id', 'start_time']).execute();
      await db.schema.createIndex('sql_audit_org_user_time').on('sql_audit').columns(['organization_id', 'user_id', 'start_time']).execute();
      await db.schema.createIndex('sql_audit_org_ds_time').on('sql_audit').columns(['organization_id', 'data_source_id', 'start_time']).execute();
      await db.schema.createIndex('sql_audit_org_type_time').on('sql_audit').columns(['organization_id', 'statement_type', 'start_time']).execute();
      // Pruning by age across organisations.
      await db.schema.createIndex('sql_audit_time').on('sql_audit').column('start_time').execute();
    },
  };
}
