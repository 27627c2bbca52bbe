/**
 * Accounts and organisations (spec 02 §3 "Organization", "User and login"): users gain login
 * fields; organisations, members, join requests and invitations; server-side sessions, passcodes,
 * API keys, OAuth state and identities, WeChat tickets; rate-limit counters shared by replicas.
 * Everything a user owns gets the organisation it belongs to; existing rows move into their
 * owner's PERSONAL organisation, created here for every existing user.
 */
import { sql, type Kysely, type Migration, type CreateTableBuilder } from 'kysely';
import type { StoreDialect } from './index.js';

type WithId = <T extends string>(tb: CreateTableBuilder<T, never>, d: StoreDialect) => CreateTableBuilder<T, 'id'>;

export function accountsMigration(d: StoreDialect, withId: WithId): Migration {
  const ts = 'varchar(40)';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('phone', 'varchar(32)').execute();
      await db.schema.alterTable('users').addColumn('avatar', 'text').execute();
      await db.schema.alterTable('users').addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('VALID')).execute();
      await db.schema.alterTable('users').addColumn('is_operator', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('users').addColumn('current_org_id', 'integer').execute();
      await db.schema.alterTable('users').addColumn('trial_start_time', ts).execute();
      await db.schema.alterTable('users').addColumn('updated_at', ts).execute();
      await db.schema.createIndex('users_email').on('users').column('email').unique().execute();
      await db.schema.createIndex('users_phone').on('users').column('phone').unique().execute();

      await withId(db.schema.createTable('organizations'), d)
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('team_code', 'varchar(8)')
        .addColumn('area', 'varchar(255)')
        .addColumn('industry', 'varchar(255)')
        .addColumn('creator_role', 'varchar(255)')
        .addColumn('avatar', 'text')
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('organizations_team_code').on('organizations').column('team_code').unique().execute();
      await db.schema.createTable('organization_members')
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('role_code', 'varchar(32)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('organization_members_pk', ['organization_id', 'user_id'])
        .execute();
      await db.schema.createIndex('organization_members_user').on('organization_members').column('user_id').execute();
      await withId(db.schema.createTable('join_requests'), d)
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('via', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('decided_by', 'integer')
        .addColumn('decided_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('join_requests_org_status').on('join_requests').columns(['organization_id', 'status']).execute();
      await withId(db.schema.createTable('invitations'), d)
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('email', 'varchar(255)')
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('used_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();

      // Sessions: the cookie carries a random token; the store keeps only its SHA-256 (id).
      await db.schema.createTable('auth_sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('user_agent', 'varchar(512)')
        .addColumn('ip', 'varchar(64)')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('last_seen_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('revoked_at', ts)
        .execute();
      await db.schema.createIndex('auth_sessions_user').on('auth_sessions').column('user_id').execute();
      await withId(db.schema.createTable('passcodes'), d)
        .addColumn('target', 'varchar(255)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('consumed_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('passcodes_target').on('passcodes').columns(['target', 'purpose']).execute();
      await withId(db.schema.createTable('api_keys'), d)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
        .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('last_used_at', ts)
        .addColumn('revoked_at', ts)
        .execute();
      await db.schema.createTable('oauth_states')
        .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
        .addColumn('nonce', 'varchar(64)')
        .addColumn('redirect', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createTable('oauth_identities')
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('subject', 'varchar(255)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('oauth_identities_pk', ['provider', 'subject'])
        .execute();
      await db.schema.createTable('wechat_tickets')
        .addColumn('ticket', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('session_token', 'varchar(128)')
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      // Fixed-window counters, one row per (bucket, window); an upsert increments them atomically on every replica.
      await db.schema.createTable('rate_limits')
        .addColumn('bucket', 'varchar(255)', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'window_start'])
        .execute();

      // Ownership by organisation. data_sources.space_id already is the organisation id.
      for (const table of ['ds_groups', 'consoles', 'chats', 'ai_collections']) {
        await db.schema.alterTable(table).addColumn('organization_id', 'integer').execute();
      }
      const now = new Date().toISOString();
      const users = await sql<{ id: number; name: string }>`select id, name from users`.execute(db);
      for (const u of users.rows) {
        const org = await db
          .insertInto('organizations')
          .values({ type: 'PERSONAL', name: u.name, owner_id: u.id, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.insertInto('organization_members').values({ organization_id: org.id, user_id: u.id, role_code: 'SUPER_ADMIN', status: 'VALID', name: u.name, created_at: now, updated_at: now }).execute();
        await db.updateTable('users').set({ current_org_id: org.id, updated_at: now }).where('id', '=', u.id).execute();
        await db.updateTable('data_sources').set({ space_id: org.id }).where('owner_id', '=', u.id).where('space_id', 'is', null).execute();
        for (const table of ['ds_groups', 'consoles', 'ai_collections']) {
          await db.updateTable(table).set({ organization_id: org.id }).where('owner_id', '=', u.id).execute();
        }
        await db.updateTable('chats').set({ organization_id: org.id }).where('user_id', '=', u.id).execute();
      }
      await db.schema.createIndex('data_sources_space').on('data_sources').column('space_id').execute();
    },
  };
}
