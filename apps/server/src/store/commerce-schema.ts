/** Table types of commerce (migration 0008); store code reaches them with `commerceDb(db)`. */
import type { Generated, Kysely } from 'kysely';

export interface ProductsTable {
  id: number;
  type: string;
  subscription_type: string;
  title: string;
  price: number;
  original_price: number;
  currency: string;
  tag: string | null;
  description2: string | null;
  payment_methods: string;
  free_trial: number;
  per_seat: number;
  version_type: string;
  active: number;
  sort_order: number;
}
export interface OrdersTable {
  id: Generated<number>;
  organization_id: number;
  user_id: number;
  product_id: number;
  product_type: string;
  product_title: string;
  subscription_type: string;
  seats: number;
  amount: number;
  pay_amount: number;
  currency: string;
  discount_bps: number;
  invitation_code: string | null;
  payment_method: string;
  status: string;
  free_trial: number;
  sub_start_time: string | null;
  sub_end_time: string | null;
  provider_ref: string | null;
  provider_url: string | null;
  refund_state: string;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
}
export interface SubscriptionsTable {
  id: Generated<number>;
  organization_id: number;
  order_id: number | null;
  product_type: string;
  subscription_type: string;
  seats: number;
  start_time: string;
  end_time: string;
  price: number;
  currency: string;
  free_trial: number;
  state: string;
  created_at: string;
  cancelled_at: string | null;
}
export interface UsageCountersTable {
  organization_id: number;
  period: string;
  kind: string;
  used: number;
  updated_at: string;
}
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  order_id: number | null;
  type: string;
  amount: number | null;
  currency: string | null;
  outcome: string;
  detail: string | null;
  created_at: string;
}
export interface MoneyLedgerTable {
  id: Generated<number>;
  organization_id: number | null;
  user_id: number | null;
  order_id: number | null;
  kind: string;
  amount: number;
  currency: string;
  ref: string;
  note: string | null;
  created_at: string;
}

export type CommerceTables = {
  products: ProductsTable;
  orders: OrdersTable;
  subscriptions: SubscriptionsTable;
  usage_counters: UsageCountersTable;
  payment_events: PaymentEventsTable;
  money_ledger: MoneyLedgerTable;
  organization_members: { organization_id: number; user_id: number; status: string };
  organizations: { id: number; type: string; owner_id: number; created_at: string };
  users: { id: number; trial_start_time: string | null };
  data_sources: { id: number; space_id: number | null };
};
export type CommerceDb = Kysely<CommerceTables>;

export function commerceDb(db: Kysely<any>): CommerceDb {
  return db.withTables<CommerceTables>() as unknown as CommerceDb;
}
