/**
 * Commerce (issue 14): the product catalogue (seeded, spec 01 §3 "Product", §9 placeholder ids),
 * orders (CREATE → PAY_SUCCESS | CANCEL, conditional updates), subscriptions (seats, validity),
 * usage counters (per organisation and period), payment events (provider + event id unique: a
 * webhook delivered twice pays once) and the money ledger (every money movement is an inserted
 * row, never an update). Prices are integer minor units with a currency code.
 */
import type { Kysely, Migration, CreateTableBuilder } from 'kysely';
import type { StoreDialect } from './index.js';

type WithId = <T extends string>(tb: CreateTableBuilder<T, never>, d: StoreDialect) => CreateTableBuilder<T, 'id'>;

/** The catalogue as first shipped (USD). ids: 1–3 personal, 21–23 team (per seat), 31–33 local/offline (spec 01 §9). */
const SEED: { id: number; type: string; sub: string; title: string; price: number; original: number; tag: string | null; d2: string; trial: number; perSeat: number; sort: number }[] = [
  { id: 1, type: 'PERSONAL', sub: 'MONTH', title: 'Personal Pro', price: 990, original: 990, tag: null, d2: 'Per month', trial: 1, perSeat: 0, sort: 1 },
  { id: 2, type: 'PERSONAL', sub: 'YEAR', title: 'Personal Pro', price: 9900, original: 11880, tag: null, d2: 'Per year', trial: 1, perSeat: 0, sort: 2 },
  { id: 3, type: 'PERSONAL', sub: 'FOREVER', title: 'Personal Pro', price: 29900, original: 29900, tag: null, d2: 'One payment', trial: 0, perSeat: 0, sort: 3 },
  { id: 21, type: 'TEAM', sub: 'MONTH', title: 'Team Pro', price: 1990, original: 1990, tag: 'MOST_POPULAR', d2: 'Per user per month', trial: 1, perSeat: 1, sort: 21 },
  { id: 22, type: 'TEAM', sub: 'YEAR', title: 'Team Pro', price: 19900, original: 23880, tag: 'MOST_POPULAR', d2: 'Per user per year', trial: 1, perSeat: 1, sort: 22 },
  { id: 23, type: 'TEAM', sub: 'FOREVER', title: 'Team Pro', price: 59900, original: 59900, tag: 'MOST_POPULAR', d2: 'Per user, one payment', trial: 0, perSeat: 1, sort: 23 },
  { id: 31, type: 'LOCAL', sub: 'MONTH', title: 'Local Pro', price: 790, original: 790, tag: null, d2: 'Per device per month', trial: 0, perSeat: 1, sort: 31 },
  { id: 32, type: 'LOCAL', sub: 'YEAR', title: 'Local Pro', price: 7900, original: 9480, tag: null, d2: 'Per device per year', trial: 0, perSeat: 1, sort: 32 },
  { id: 33, type: 'LOCAL', sub: 'FOREVER', title: 'Local Pro', price: 19900, original: 19900, tag: null, d2: 'Per device, one payment', trial: 0, perSeat: 1, sort: 33 },
];

export function commerceMigration(d: StoreDialect, withId: WithId): Migration {
  const ts = 'varchar(40)';
  return {
    async up(db: Kysely<any>) {
      await db.schema.createTable('products')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('subscription_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('original_price', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(8)', (c) => c.notNull())
        .addColumn('tag', 'varchar(64)')
        .addColumn('description2', 'varchar(255)')
        .addColumn('payment_methods', 'varchar(255)', (c) => c.notNull())
        .addColumn('free_trial', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('per_seat', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version_type', 'varchar(8)', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.insertInto('products').values(SEED.map((p) => ({
        id: p.id, type: p.type, subscription_type: p.sub, title: p.title, price: p.price, original_price: p.original, currency: 'USD', tag: p.tag,
        description2: p.d2, payment_methods: 'stripe,wechat,alipay,sandbox', free_trial: p.trial, per_seat: p.perSeat, version_type: 'PRO2', active: 1, sort_order: p.sort,
      }))).execute();

      await withId(db.schema.createTable('orders'), d)
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('product_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('product_title', 'varchar(255)', (c) => c.notNull())
        .addColumn('subscription_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('seats', 'integer', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('pay_amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(8)', (c) => c.notNull())
        .addColumn('discount_bps', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('invitation_code', 'varchar(32)')
        .addColumn('payment_method', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('free_trial', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sub_start_time', ts)
        /** Set for a team's added seats: they end with the subscription in force. */
        .addColumn('sub_end_time', ts)
        .addColumn('provider_ref', 'varchar(255)')
        .addColumn('provider_url', 'text')
        /** NONE, or CREDITED when money arrived after the order was cancelled (a ledger row holds it). */
        .addColumn('refund_state', 'varchar(16)', (c) => c.notNull().defaultTo('NONE'))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('paid_at', ts)
        .addColumn('cancelled_at', ts)
        .execute();
      await db.schema.createIndex('orders_status_expires').on('orders').columns(['status', 'expires_at']).execute();
      await db.schema.createIndex('orders_org').on('orders').columns(['organization_id', 'id']).execute();
      await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();

      await withId(db.schema.createTable('subscriptions'), d)
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'integer')
        .addColumn('product_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('subscription_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('seats', 'integer', (c) => c.notNull())
        .addColumn('start_time', ts, (c) => c.notNull())
        .addColumn('end_time', ts, (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(8)', (c) => c.notNull())
        .addColumn('free_trial', 'integer', (c) => c.notNull().defaultTo(0))
        /** ACTIVE or CANCELLED (in use / not started / expired are derived from the times). */
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('cancelled_at', ts)
        .execute();
      // One subscription per paid order, even when two replicas confirm the payment at once.
      await db.schema.createIndex('subscriptions_order').on('subscriptions').column('order_id').unique().execute();
      await db.schema.createIndex('subscriptions_org').on('subscriptions').columns(['organization_id', 'end_time']).execute();

      await db.schema.createTable('usage_counters')
        .addColumn('organization_id', 'integer', (c) => c.notNull())
        /** 'M:2026-11' (calendar month, UTC) or 'T:<trial start>' (the whole trial). */
        .addColumn('period', 'varchar(64)', (c) => c.notNull())
        /** AI_USE or AI_REPORT. */
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_counters_pk', ['organization_id', 'period', 'kind'])
        .execute();

      await withId(db.schema.createTable('payment_events'), d)
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('order_id', 'integer')
        .addColumn('type', 'varchar(64)', (c) => c.notNull())
        .addColumn('amount', 'integer')
        .addColumn('currency', 'varchar(8)')
        /** PAID, PAID_AFTER_CANCEL, ALREADY_PAID, AMOUNT_MISMATCH, UNKNOWN_ORDER, IGNORED. */
        .addColumn('outcome', 'varchar(32)', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payment_events_event').on('payment_events').columns(['provider', 'event_id']).unique().execute();
      await db.schema.createIndex('payment_events_order').on('payment_events').column('order_id').execute();

      await withId(db.schema.createTable('money_ledger'), d)
        .addColumn('organization_id', 'integer')
        .addColumn('user_id', 'integer')
        .addColumn('order_id', 'integer')
        /** PAYMENT (money in), CUSTOMER_CREDIT (owed back to the customer), REFUND (money out), … */
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        /** Signed minor units: + money received by the vendor, − money owed or paid back. */
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(8)', (c) => c.notNull())
        /** What made it (e.g. 'order:12'): unique with kind, so a retried effect never books twice. */
        .addColumn('ref', 'varchar(255)', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('money_ledger_ref').on('money_ledger').columns(['kind', 'ref']).unique().execute();
      await db.schema.createIndex('money_ledger_org').on('money_ledger').columns(['organization_id', 'id']).execute();
    },
  };
}
