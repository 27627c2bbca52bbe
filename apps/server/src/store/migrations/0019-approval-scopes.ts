/**
 * The scope of a data application (issue 25 point 6): the tables and columns it asks for and the
 * validity, one row per flow; on approval the row is rewritten with what the approver granted (the
 * narrowing and the expiry), so the flow keeps showing exactly what its grants are.
 */
import type { Kysely, Migration } from 'kysely';

export function approvalScopesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createTable('approval_scopes')
        .addColumn('flow_id', 'integer', (c) => c.primaryKey())
        /** JSON: ApprovalScopeItem[] (@askdb/contracts); [] = the flow's whole database/schema. */
        .addColumn('tables_json', 'text', (c) => c.notNull())
        /** ISO 8601 UTC, or null for no expiry. */
        .addColumn('expire_at', 'varchar(40)')
        .execute();
    },
  };
}
