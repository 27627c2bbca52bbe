/**
 * "Change AI table info" (issue 29 item 1; spec 02 §3 "AI dataset"): what the AI is told about a
 * table — its AI name and comment and, per column, alias, comment, foreign key, example data,
 * excluded flag, example function, enum and extra attribute — one row per table of a data source
 * (collection_id 0) or per table of an AI data collection (which overrides the source's).
 * Organisation-scoped; the column details are one JSON document, written whole.
 */
import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from './index.js';

export function aiTableInfoMigration(d: StoreDialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createTable('ai_table_info')
        .addColumn('id', d === 'postgres' ? 'serial' : 'integer', (c) => (d === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('data_source_id', 'integer', (c) => c.notNull())
        /** '' where the engine has no databases (or schemas): part of the unique key, so never null. */
        .addColumn('database_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('schema_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('table_name', 'varchar(1024)', (c) => c.notNull())
        /** 0: the data source's own info; else the AI data collection whose info this is. */
        .addColumn('collection_id', 'integer', (c) => c.notNull())
        .addColumn('info_json', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ai_table_info_key').unique().on('ai_table_info')
        .columns(['organization_id', 'data_source_id', 'database_name', 'schema_name', 'collection_id', 'table_name']).execute();
    },
  };
}
