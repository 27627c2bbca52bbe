/**
 * Rows a user owns always belong to an organisation: rows written before the scoping (a local
 * install's demo data source, anything created between 0003 and the scoped repos) move into their
 * owner's PERSONAL organisation; lookups by (organisation, owner) get indexes.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function organizationScopeMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      const personal = (owner: string) => sql`(select o.id from organizations o where o.owner_id = ${sql.ref(owner)} and o.type = 'PERSONAL' order by o.id limit 1)`;
      await sql`update data_sources set space_id = ${personal('data_sources.owner_id')} where space_id is null`.execute(db);
      for (const table of ['ds_groups', 'consoles', 'ai_collections']) {
        await sql`update ${sql.table(table)} set organization_id = ${personal(`${table}.owner_id`)} where organization_id is null`.execute(db);
      }
      await sql`update chats set organization_id = ${personal('chats.user_id')} where organization_id is null`.execute(db);
      await db.schema.createIndex('consoles_org_owner').on('consoles').columns(['organization_id', 'owner_id']).execute();
      await db.schema.createIndex('chats_org_user').on('chats').columns(['organization_id', 'user_id', 'updated_at']).execute();
      await db.schema.createIndex('ds_groups_org_owner').on('ds_groups').columns(['organization_id', 'owner_id']).execute();
      await db.schema.createIndex('ai_collections_org_owner').on('ai_collections').columns(['organization_id', 'owner_id']).execute();
      await db.schema.createIndex('join_requests_user').on('join_requests').columns(['user_id', 'status']).execute();
    },
  };
}
