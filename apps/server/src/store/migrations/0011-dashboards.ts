/**
 * Dashboards and their charts (issue 16). A dashboard belongs to its owner in one organisation; its
 * refresh rule is stored as JSON plus `next_refresh_at`, the slot the scheduler claims with a
 * conditional update (two replicas: one refresh). A chart keeps its last result (JSON), time and error.
 */
import type { Kysely, Migration, CreateTableBuilder } from 'kysely';
import type { StoreDialect } from './index.js';

type WithId = <T extends string>(tb: CreateTableBuilder<T, never>, d: StoreDialect) => CreateTableBuilder<T, 'id'>;

export function dashboardsMigration(d: StoreDialect, withId: WithId): Migration {
  const ts = 'varchar(40)';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('dashboards'), d)
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('collection_id', 'integer')
        .addColumn('data_source_id', 'integer')
        .addColumn('database_name', 'varchar(255)')
        .addColumn('schema_name', 'varchar(255)')
        .addColumn('layout_json', 'text', (c) => c.notNull())
        .addColumn('refresh_json', 'text', (c) => c.notNull())
        .addColumn('next_refresh_at', ts)
        .addColumn('last_refresh_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('dashboards_owner').on('dashboards').columns(['organization_id', 'owner_id', 'id']).execute();
      await db.schema.createIndex('dashboards_due').on('dashboards').columns(['next_refresh_at']).execute();
      await withId(db.schema.createTable('dashboard_charts'), d)
        .addColumn('dashboard_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('type', 'varchar(32)', (c) => c.notNull())
        .addColumn('sql_text', 'text', (c) => c.notNull())
        .addColumn('settings_json', 'text', (c) => c.notNull())
        .addColumn('data_source_id', 'integer')
        .addColumn('database_name', 'varchar(255)')
        .addColumn('schema_name', 'varchar(255)')
        .addColumn('last_result_json', 'text')
        .addColumn('last_run_at', ts)
        .addColumn('last_error', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('dashboard_charts_dashboard').on('dashboard_charts').columns(['dashboard_id', 'id']).execute();
    },
  };
}
