/**
 * Leases on running tasks (issue 28 point 3): the process that runs a task names itself in `runner`
 * and renews `lease_until` while it lives; a task still RUNNING after its lease ran out belonged to
 * a replica that died, and any replica's sweep fails it with a notice to its owner.
 */
import type { Kysely, Migration } from 'kysely';

export function taskLeaseMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('tasks').addColumn('runner', 'varchar(160)').execute();
      await db.schema.alterTable('tasks').addColumn('lease_until', 'varchar(40)').execute();
    },
  };
}
