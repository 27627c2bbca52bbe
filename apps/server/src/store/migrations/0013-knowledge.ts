/**
 * Knowledge items (issue 17 point 4, spec 02 §3 "Knowledge items"): terminology, business logic,
 * case optimisation and table annotations of an organisation, bound to one of its data sources or
 * global (data_source_id null). `version` is bumped by every update (conditional updates: two
 * replicas, or two editors, cannot silently overwrite each other).
 */
import type { Kysely, Migration, CreateTableBuilder } from 'kysely';
import type { StoreDialect } from './index.js';

type WithId = <T extends string>(tb: CreateTableBuilder<T, never>, d: StoreDialect) => CreateTableBuilder<T, 'id'>;

export function knowledgeMigration(d: StoreDialect, withId: WithId): Migration {
  const ts = 'varchar(40)';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('knowledge_items'), d)
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('data_source_id', 'integer')
        .addColumn('table_name', 'varchar(1024)')
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('knowledge_items_org_kind').on('knowledge_items').columns(['organization_id', 'kind', 'id']).execute();
      await db.schema.createIndex('knowledge_items_org_source').on('knowledge_items').columns(['organization_id', 'data_source_id']).execute();
    },
  };
}
