/**
 * Commerce repos (migration 0008). Every state change of an order is a conditional update
 * (`… where status = 'CREATE'`), so two replicas (or a webhook racing the expiry job) cannot both
 * move one order; money movements are inserted ledger rows, unique per (kind, ref).
 */
import type { Kysely, Selectable } from 'kysely';
import { commerceDb, type CommerceDb, type OrdersTable, type ProductsTable, type SubscriptionsTable } from './commerce-schema.js';

export type ProductRecord = Selectable<ProductsTable>;
export type OrderRecord = Selectable<OrdersTable>;
export type SubscriptionRecord = Selectable<SubscriptionsTable>;
type Db = Kysely<any>;

export class CommerceRepo {
  constructor(private readonly store: Db) {}
  c(db?: Db): CommerceDb {
    return commerceDb(db ?? this.store);
  }

  // ---- products
  async products(f: { types?: string[]; subscriptionTypes?: string[]; currency?: string }): Promise<ProductRecord[]> {
    let q = this.c().selectFrom('products').selectAll().where('active', '=', 1);
    if (f.types?.length) q = q.where('type', 'in', f.types);
    if (f.subscriptionTypes?.length) q = q.where('subscription_type', 'in', f.subscriptionTypes);
    if (f.currency) q = q.where('currency', '=', f.currency);
    return q.orderBy('sort_order').orderBy('id').execute();
  }
  async product(id: number): Promise<ProductRecord | null> {
    return (await this.c().selectFrom('products').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst()) ?? null;
  }

  // ---- orders
  async insertOrder(o: Omit<OrderRecord, 'id' | 'provider_ref' | 'provider_url' | 'refund_state' | 'paid_at' | 'cancelled_at'>, db?: Db): Promise<OrderRecord> {
    return this.c(db)
      .insertInto('orders')
      .values({ ...o, provider_ref: null, provider_url: null, refund_state: 'NONE', paid_at: null, cancelled_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  async order(id: number, db?: Db): Promise<OrderRecord | null> {
    return (await this.c(db).selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }
  async setProvider(id: number, ref: string | null, url: string | null): Promise<void> {
    await this.c().updateTable('orders').set({ provider_ref: ref, provider_url: url }).where('id', '=', id).execute();
  }
  /** CREATE → PAY_SUCCESS; false when the order was not CREATE any more (paid already, or cancelled). */
  async markPaid(id: number, at: string, db: Db): Promise<boolean> {
    const r = await this.c(db).updateTable('orders').set({ status: 'PAY_SUCCESS', paid_at: at }).where('id', '=', id).where('status', '=', 'CREATE').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  /** CREATE → CANCEL, only when due (`expires_at <= now`) unless forced; false when it was not CREATE (or not due). */
  async cancelOrder(id: number, at: string, opts: { onlyIfDue: boolean }, db?: Db): Promise<boolean> {
    let q = this.c(db).updateTable('orders').set({ status: 'CANCEL', cancelled_at: at }).where('id', '=', id).where('status', '=', 'CREATE');
    if (opts.onlyIfDue) q = q.where('expires_at', '<=', at);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  async dueOrders(at: string, limit = 500): Promise<number[]> {
    const rows = await this.c().selectFrom('orders').select('id').where('status', '=', 'CREATE').where('expires_at', '<=', at).orderBy('id').limit(limit).execute();
    return rows.map((r) => r.id);
  }
  /** Money arrived for a cancelled order: marked once (NONE → CREDITED). */
  async markCredited(id: number, db: Db): Promise<boolean> {
    const r = await this.c(db).updateTable('orders').set({ refund_state: 'CREDITED' }).where('id', '=', id).where('refund_state', '=', 'NONE').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  async ordersOf(f: { userId: number; organizationIds: number[] }, limit = 200): Promise<OrderRecord[]> {
    return this.c()
      .selectFrom('orders')
      .selectAll()
      .where((eb) => eb.or([eb('user_id', '=', f.userId), ...(f.organizationIds.length ? [eb('organization_id', 'in', f.organizationIds)] : [])]))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
  /** Whether the organisation ever started a free trial order. */
  async hadTrial(organizationId: number): Promise<boolean> {
    return !!(await this.c().selectFrom('subscriptions').select('id').where('organization_id', '=', organizationId).where('free_trial', '=', 1).executeTakeFirst());
  }

  // ---- subscriptions
  async insertSubscription(s: Omit<SubscriptionRecord, 'id' | 'cancelled_at'>, db: Db): Promise<SubscriptionRecord | null> {
    const r = await this.c(db)
      .insertInto('subscriptions')
      .values({ ...s, cancelled_at: null })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    return r ?? null;
  }
  async subscriptionsOf(organizationId: number, db?: Db): Promise<SubscriptionRecord[]> {
    return this.c(db).selectFrom('subscriptions').selectAll().where('organization_id', '=', organizationId).orderBy('start_time').orderBy('id').execute();
  }
  async subscription(id: number): Promise<SubscriptionRecord | null> {
    return (await this.c().selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }
  async cancelSubscription(id: number, at: string, db?: Db): Promise<boolean> {
    const r = await this.c(db).updateTable('subscriptions').set({ state: 'CANCELLED', cancelled_at: at }).where('id', '=', id).where('state', '=', 'ACTIVE').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  // ---- usage
  /**
   * Counts one use when the counter is below `limit` (null = no limit): one conditional update, so
   * concurrent requests on several replicas never go over. false = limit reached.
   */
  async consume(organizationId: number, period: string, kind: string, limit: number | null, at: string): Promise<boolean> {
    const c = this.c();
    await c.insertInto('usage_counters').values({ organization_id: organizationId, period, kind, used: 0, updated_at: at })
      .onConflict((oc) => oc.columns(['organization_id', 'period', 'kind']).doNothing()).execute();
    let q = c.updateTable('usage_counters').set((eb) => ({ used: eb('used', '+', 1), updated_at: at }))
      .where('organization_id', '=', organizationId).where('period', '=', period).where('kind', '=', kind);
    if (limit !== null) q = q.where('used', '<', limit);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
  async used(organizationId: number, period: string, kind: string): Promise<number> {
    const r = await this.c().selectFrom('usage_counters').select('used').where('organization_id', '=', organizationId).where('period', '=', period).where('kind', '=', kind).executeTakeFirst();
    return r?.used ?? 0;
  }

  // ---- payment events and ledger
  /** Records a provider event; false when (provider, eventId) was recorded before (a replay). */
  async recordEvent(e: { provider: string; eventId: string; orderId: number | null; type: string; amount: number | null; currency: string | null; outcome: string; detail?: string; at: string }, db: Db): Promise<boolean> {
    const r = await this.c(db)
      .insertInto('payment_events')
      .values({ provider: e.provider, event_id: e.eventId, order_id: e.orderId, type: e.type, amount: e.amount, currency: e.currency, outcome: e.outcome, detail: e.detail ?? null, created_at: e.at })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return !!r;
  }
  async setEventOutcome(provider: string, eventId: string, outcome: string, detail: string | null, db: Db): Promise<void> {
    await this.c(db).updateTable('payment_events').set({ outcome, detail }).where('provider', '=', provider).where('event_id', '=', eventId).execute();
  }
  async eventsOf(orderId: number) {
    return this.c().selectFrom('payment_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  }
  /** Books one money movement; false when the same (kind, ref) was booked before. */
  async book(row: { organizationId: number | null; userId: number | null; orderId: number | null; kind: string; amount: number; currency: string; ref: string; note?: string; at: string }, db: Db): Promise<boolean> {
    const r = await this.c(db)
      .insertInto('money_ledger')
      .values({ organization_id: row.organizationId, user_id: row.userId, order_id: row.orderId, kind: row.kind, amount: row.amount, currency: row.currency, ref: row.ref, note: row.note ?? null, created_at: row.at })
      .onConflict((oc) => oc.columns(['kind', 'ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return !!r;
  }
  async ledgerOf(orderId: number) {
    return this.c().selectFrom('money_ledger').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  }

  // ---- counts the limits read
  async validMembers(organizationId: number, db?: Db): Promise<number> {
    const r = await this.c(db).selectFrom('organization_members').select((eb) => eb.fn.countAll<number>().as('n')).where('organization_id', '=', organizationId).where('status', '=', 'VALID').executeTakeFirst();
    return Number(r?.n ?? 0);
  }
  async dataSourceCount(organizationId: number): Promise<number> {
    const r = await this.c().selectFrom('data_sources').select((eb) => eb.fn.countAll<number>().as('n')).where('space_id', '=', organizationId).executeTakeFirst();
    return Number(r?.n ?? 0);
  }
  async organization(id: number) {
    return (await this.c().selectFrom('organizations').select(['id', 'type', 'owner_id', 'created_at']).where('id', '=', id).executeTakeFirst()) ?? null;
  }
  async trialStartOf(userId: number): Promise<string | null> {
    return (await this.c().selectFrom('users').select('trial_start_time').where('id', '=', userId).executeTakeFirst())?.trial_start_time ?? null;
  }
}
