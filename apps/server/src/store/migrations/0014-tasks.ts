/**
 * Import / export tasks (issue 18 point 3, spec 02 §4 "Export task"). One row per task, scoped by
 * organisation and user. `state` moves INITIALIZING → RUNNING → DONE | FAILED | STOPPED through
 * conditional updates (two replicas cannot both start or finish one task); `cancel_requested` is
 * the flag the running handler checks between batches.
 */
import type { Kysely, Migration, CreateTableBuilder } from 'kysely';
import type { StoreDialect } from './index.js';

type WithId = <T extends string>(tb: CreateTableBuilder<T, never>, d: StoreDialect) => CreateTableBuilder<T, 'id'>;

export function tasksMigration(d: StoreDialect, withId: WithId): Migration {
  const ts = 'varchar(40)';
  const big = d === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('tasks'), d)
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('title', 'varchar(1024)', (c) => c.notNull())
        .addColumn('format', 'varchar(16)', (c) => c.notNull())
        .addColumn('data_source_id', 'integer')
        .addColumn('database_name', 'varchar(255)')
        .addColumn('schema_name', 'varchar(255)')
        .addColumn('table_name', 'varchar(1024)')
        .addColumn('params_json', 'text', (c) => c.notNull())
        .addColumn('input_path', 'text')
        .addColumn('output_path', 'text')
        .addColumn('file_name', 'varchar(1024)')
        .addColumn('processed_rows', big, (c) => c.notNull().defaultTo(0))
        .addColumn('committed_rows', big, (c) => c.notNull().defaultTo(0))
        .addColumn('failed_rows', big, (c) => c.notNull().defaultTo(0))
        .addColumn('total_bytes', big)
        .addColumn('processed_bytes', big, (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('row_errors_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('finished_at', ts)
        .execute();
      await db.schema.createIndex('tasks_owner').on('tasks').columns(['organization_id', 'user_id', 'id']).execute();
      await db.schema.createIndex('tasks_state').on('tasks').columns(['state']).execute();
    },
  };
}
