/**
 * Offline licence (issue 15). Authority side (the vendor service): activation codes, device
 * bindings, the Ed25519 signing key. Local side: the install's sealed licence state (one row).
 *
 * At most 2 devices per code without locks: a binding takes slot 1 or 2, and a partial unique index
 * on (code, slot) over the active bindings lets only one of two concurrent binds have a slot —
 * across replicas too. A second partial index keeps one active binding per device and code.
 */
import { sql, type Kysely, type Migration, type CreateTableBuilder } from 'kysely';
import type { StoreDialect } from './index.js';

type WithId = <T extends string>(tb: CreateTableBuilder<T, never>, d: StoreDialect) => CreateTableBuilder<T, 'id'>;

export function licenceMigration(d: StoreDialect, withId: WithId): Migration {
  const ts = 'varchar(40)';
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('licence_codes'), d)
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('code_enc', 'text', (c) => c.notNull())
        .addColumn('code_tail', 'varchar(8)', (c) => c.notNull())
        .addColumn('order_id', 'integer')
        .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('organization_id', 'integer')
        .addColumn('user_id', 'integer')
        .addColumn('product', 'varchar(255)', (c) => c.notNull())
        .addColumn('price', 'integer')
        .addColumn('currency', 'varchar(8)')
        .addColumn('valid_until', ts)
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      // Idempotent per order: a second issue for the same order inserts nothing.
      await db.schema.createIndex('licence_codes_order_seq').on('licence_codes').columns(['order_id', 'seq']).unique().execute();
      await db.schema.createIndex('licence_codes_owner').on('licence_codes').columns(['user_id', 'organization_id']).execute();
      await withId(db.schema.createTable('licence_bindings'), d)
        .addColumn('code_id', 'integer', (c) => c.notNull())
        .addColumn('slot', 'integer', (c) => c.notNull())
        .addColumn('device_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('device_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('os', 'varchar(255)', (c) => c.notNull())
        .addColumn('mode', 'varchar(16)', (c) => c.notNull())
        .addColumn('certificate', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('unbound_at', ts)
        .execute();
      await db.schema.createIndex('licence_bindings_slot').on('licence_bindings').columns(['code_id', 'slot']).unique().where(sql.ref('unbound_at'), 'is', null).execute();
      await db.schema.createIndex('licence_bindings_device').on('licence_bindings').columns(['code_id', 'device_id']).unique().where(sql.ref('unbound_at'), 'is', null).execute();
      await db.schema.createTable('licence_keys')
        .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('kid', 'varchar(32)', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('private_key_enc', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createTable('licence_local')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('state_enc', 'text', (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
    },
  };
}
