/**
 * Approval flows (issue 13 point 3, spec 02 §3 "Approval"): applications for data permission,
 * script execution and team joins. A flow has steps: the application (INVOKED), then one step per
 * approver it waits for; transfer and add-signature append steps. `version` is bumped by every
 * transition (conditional updates: two replicas cannot both decide one flow).
 */
import type { Kysely, Migration, CreateTableBuilder } from 'kysely';
import type { StoreDialect } from './index.js';

type WithId = <T extends string>(tb: CreateTableBuilder<T, never>, d: StoreDialect) => CreateTableBuilder<T, 'id'>;

export function approvalsMigration(d: StoreDialect, withId: WithId): Migration {
  const ts = 'varchar(40)';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('approval_flows'), d)
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('applicant_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('data_source_id', 'integer')
        .addColumn('data_source_name', 'varchar(255)')
        .addColumn('database_name', 'varchar(255)')
        .addColumn('schema_name', 'varchar(255)')
        .addColumn('script', 'text')
        .addColumn('script_hash', 'varchar(64)')
        .addColumn('join_request_id', 'integer')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('finished_at', ts)
        .execute();
      await db.schema.createIndex('approval_flows_org_status').on('approval_flows').columns(['organization_id', 'status', 'id']).execute();
      await db.schema.createIndex('approval_flows_applicant').on('approval_flows').columns(['applicant_id', 'id']).execute();
      await db.schema.createIndex('approval_flows_script').on('approval_flows').columns(['applicant_id', 'data_source_id', 'script_hash']).execute();
      await db.schema.createIndex('approval_flows_join_request').on('approval_flows').column('join_request_id').execute();
      await withId(db.schema.createTable('approval_steps'), d)
        .addColumn('flow_id', 'integer', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('assignee_id', 'integer')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('comment', 'text')
        .addColumn('acted_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('approval_steps_flow').on('approval_steps').columns(['flow_id', 'seq']).unique().execute();
      await db.schema.createIndex('approval_steps_open').on('approval_steps').columns(['status', 'assignee_id']).execute();
      await db.schema.createIndex('approval_steps_actor').on('approval_steps').columns(['actor_id']).execute();
    },
  };
}
