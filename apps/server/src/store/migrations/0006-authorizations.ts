/**
 * Data authorizations (issue 13 point 1, spec 02 §3 "Authorization"): an admin grants a member of
 * the organisation access to one SHARED data source — whole, or narrowed to a database, a schema, a
 * table and some of its columns — for some actions (READ, WRITE, DDL), permanently or until
 * `expire_at`. `expire_at` is ISO 8601 UTC text (toISOString), compared with the store's own clock
 * (one clock for every replica). Rows are looked up per (organisation, user, data source) on every
 * checked request.
 */
import type { Kysely, Migration } from 'kysely';
import type { CreateTableBuilder } from 'kysely';
import type { StoreDialect } from './index.js';

type WithId = <T extends string>(tb: CreateTableBuilder<T, never>, d: StoreDialect) => CreateTableBuilder<T, 'id'>;

export function authorizationsMigration(d: StoreDialect, withId: WithId): Migration {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('authorizations'), d)
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('data_source_id', 'integer', (c) => c.notNull())
        .addColumn('database_name', 'varchar(255)')
        .addColumn('schema_name', 'varchar(255)')
        .addColumn('table_name', 'varchar(1024)')
        /** JSON array of column names; null for every column. */
        .addColumn('columns_json', 'text')
        /** Comma-separated READ, WRITE, DDL. */
        .addColumn('actions', 'varchar(64)', (c) => c.notNull())
        .addColumn('expire_at', 'varchar(40)')
        .addColumn('granted_by', 'integer', (c) => c.notNull())
        /** The approval flow that granted it, when one did. */
        .addColumn('approval_id', 'integer')
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('authorizations_grantee').on('authorizations').columns(['organization_id', 'user_id', 'data_source_id']).execute();
      await db.schema.createIndex('authorizations_source').on('authorizations').columns(['data_source_id']).execute();
    },
  };
}
