/**
 * Mutations of the base fixtures. Each pair is (base, base + mutation) in both directions (unless a
 * direction cannot keep the rows, e.g. text → int), so that every operation is exercised as an
 * add and as a drop.
 */
import type { DiffOptions } from '../../src/diff.js';
import { clone, ledgerSchema, shopSchema, type Engine, type SpecColumn, type SpecSchema, type SpecTable } from './spec.js';

export interface Mutation {
  name: string;
  base?: 'shop' | 'ledger';
  engines?: Engine[];
  /** Only base → mutated: the other direction cannot keep its rows. */
  oneWay?: boolean;
  /** Known to fail until a driver reads what the pair needs (the test expects the failure and says why). */
  waitsFor?: Partial<Record<Engine, string>>;
  /** The reverse direction already works without what `waitsFor` names. */
  reverseWorks?: boolean;
  options?: DiffOptions;
  /** What the mutation renames (base name → mutated name), so kept data is compared across it. */
  renames?: { tables?: Record<string, string>; columns?: { table: string; from: string; to: string }[] };
  apply(s: SpecSchema, engine: Engine): void;
}

const T = (s: SpecSchema, name: string): SpecTable => s.tables.find((t) => t.name === name)!;
const C = (s: SpecSchema, table: string, name: string): SpecColumn => T(s, table).columns.find((c) => c.name === name)!;
/** DuckDB has no FK actions, no circular keys, and VARCHAR(n) is plain VARCHAR (widening is no change). */
const notDuck: Engine[] = ['postgresql', 'mysql', 'sqlite'];
const withComments: Engine[] = ['postgresql', 'mysql', 'duckdb'];

export const MUTATIONS: Mutation[] = [
  { name: 'add nullable column', apply: (s) => T(s, 'customers').columns.push({ name: 'phone', type: 'varchar(30)' }) },
  { name: 'add NOT NULL column with default', apply: (s) => T(s, 'orders').columns.push({ name: 'priority', type: 'int', nullable: false, default: { num: 5 } }) },
  { name: 'drop column', apply: (s) => { T(s, 'products').columns = T(s, 'products').columns.filter((c) => c.name !== 'desc'); } },
  {
    name: 'int to bigint on a primary key and the foreign key pointing at it (data present)',
    apply: (s) => { C(s, 'customers', 'id').type = 'bigint'; C(s, 'orders', 'customer_id').type = 'bigint'; },
  },
  { name: 'widen varchar', engines: notDuck, apply: (s) => { C(s, 'customers', 'name').type = 'varchar(150)'; } },
  { name: 'int to text (data present)', oneWay: true, apply: (s) => { C(s, 'user', 'select').type = 'text'; } },
  { name: 'decimal precision and scale', apply: (s) => { C(s, 'products', 'price').type = 'decimal(14,4)'; } },
  { name: 'set NOT NULL', apply: (s) => { C(s, 'customers', 'email').nullable = false; } },
  { name: 'change default', apply: (s) => { C(s, 'orders', 'status').default = { lit: 'open' }; } },
  { name: 'add default', apply: (s) => { C(s, 'user', 'group').default = { lit: 'staff' }; } },
  { name: 'table comment', engines: withComments, apply: (s) => { T(s, 'customers').comment = "customers' table"; } },
  { name: 'column comment', engines: withComments, apply: (s) => { C(s, 'products', 'sku').comment = 'stock keeping unit'; } },
  { name: 'add index', apply: (s) => T(s, 'customers').indexes = [{ name: 'ix_customers_name', columns: [{ name: 'name' }, { name: 'created_at' }] }] },
  {
    name: 'index becomes unique and descending',
    apply: (s, e) => { T(s, 'orders').indexes = [{ name: 'ix_orders_status', unique: true, columns: [{ name: 'status', desc: e !== 'duckdb' }, { name: 'total' }] }]; },
  },
  { name: 'add unique constraint', apply: (s) => { T(s, 'orders').uniques = [{ name: 'uq_orders_total', columns: ['total'] }]; } },
  { name: 'drop unique constraint', apply: (s) => { T(s, 'customers').uniques = []; } },
  { name: 'add check', apply: (s) => { T(s, 'customers').checks = [{ name: 'ck_customers_count', expr: (q) => `${q('Order Count')} >= 0` }]; } },
  { name: 'change check', apply: (s) => { T(s, 'products').checks = [{ name: 'ck_products_price', expr: (q) => `${q('price')} > 0` }]; } },
  { name: 'drop check', apply: (s) => { T(s, 'order_items').checks = []; } },
  {
    name: 'add column with foreign key',
    apply: (s) => {
      T(s, 'user').columns.push({ name: 'customer_id', type: 'int' });
      T(s, 'user').fks = [{ name: 'fk_user_customer', columns: ['customer_id'], ref: 'customers', refColumns: ['id'] }];
    },
  },
  { name: 'drop foreign key', apply: (s) => { T(s, 'order_items').fks = T(s, 'order_items').fks!.filter((f) => f.name !== 'fk_items_product'); } },
  {
    name: 'foreign key action ON DELETE SET NULL', engines: notDuck,
    apply: (s) => { C(s, 'orders', 'customer_id').nullable = true; T(s, 'orders').fks![0]!.onDelete = 'SET NULL'; },
  },
  { name: 'composite primary key to single column', apply: (s) => { T(s, 'order_items').pk = ['order_id']; } },
  { name: 'drop primary key', apply: (s) => { delete T(s, 'user').pk; } },
  {
    name: 'add table with keys',
    apply: (s) => s.tables.push({
      name: 'coupons',
      columns: [{ name: 'id', type: 'int', nullable: false }, { name: 'code', type: 'varchar(10)', nullable: false }, { name: 'customer_id', type: 'int' }],
      pk: ['id'], uniques: [{ name: 'uq_coupons_code', columns: ['code'] }],
      fks: [{ name: 'fk_coupons_customer', columns: ['customer_id'], ref: 'customers', refColumns: ['id'] }],
    }),
  },
  {
    name: 'drop table referenced by a foreign key', oneWay: true,
    apply: (s) => {
      s.tables = s.tables.filter((t) => t.name !== 'products');
      T(s, 'order_items').fks = T(s, 'order_items').fks!.filter((f) => f.ref !== 'products');
    },
  },
  {
    name: 'rename column (detectRenames)', options: { detectRenames: true },
    renames: { columns: [{ table: 'customers', from: 'Order Count', to: 'order_count' }] },
    apply: (s) => { C(s, 'customers', 'Order Count').name = 'order_count'; },
  },
  {
    name: 'rename table (detectRenames)', options: { detectRenames: true }, renames: { tables: { user: 'app_user' } },
    apply: (s) => { T(s, 'user').name = 'app_user'; },
  },
  {
    name: 'rename a table a foreign key points at (detectRenames)', options: { detectRenames: true }, renames: { tables: { products: 'catalog_items' } },
    apply: (s) => {
      T(s, 'products').name = 'catalog_items';
      for (const f of T(s, 'order_items').fks!) if (f.ref === 'products') f.ref = 'catalog_items';
    },
  },
  { name: 'add view', apply: (s, e) => s.views!.push({ name: 'v_products', select: (q) => `SELECT ${q('sku')}, ${q('price')} FROM ${q('products')}` }) },
  {
    name: 'change view',
    apply: (s) => { s.views![1] = { name: 'v_big_orders', select: (q) => `SELECT ${q('customer_id')}, ${q('total')} FROM ${q('v_customer_orders')} WHERE ${q('total')} > 200` }; },
  },
  { name: 'drop view', apply: (s) => { s.views = s.views!.filter((v) => v.name !== 'v_big_orders'); } },
  { name: 'type change under a view', apply: (s) => { C(s, 'orders', 'total').type = 'decimal(16,2)'; } },
  { name: 'column collation', engines: ['postgresql', 'mysql'], apply: (s) => { C(s, 'customers', 'name').collation = { postgresql: 'C', mysql: 'utf8mb4_bin' }; } },
  { name: 'add identity', engines: ['postgresql', 'mysql'], apply: (s) => { C(s, 'products', 'id').identity = 'by-default'; } },
  {
    name: 'identity BY DEFAULT to ALWAYS', engines: ['postgresql'],
    apply: (s) => { C(s, 'customers', 'id').identity = 'always'; } },
  { name: 'add sequence', engines: ['postgresql', 'duckdb'], apply: (s) => s.sequences!.push({ name: 'ticket_seq', start: 1, increment: 1 }) },
  { name: 'alter sequence', engines: ['postgresql', 'duckdb'], apply: (s) => { s.sequences![0]!.increment = 5; } },
  {
    name: 'self-referencing foreign key',
    apply: (s) => {
      T(s, 'customers').columns.push({ name: 'referrer_id', type: 'int' });
      T(s, 'customers').fks = [{ name: 'fk_customers_referrer', columns: ['referrer_id'], ref: 'customers', refColumns: ['id'] }];
    },
  },
  {
    name: 'circular foreign keys', engines: notDuck,
    apply: (s) => {
      T(s, 'customers').columns.push({ name: 'last_order_id', type: 'int' });
      T(s, 'customers').fks = [{ name: 'fk_customers_last_order', columns: ['last_order_id'], ref: 'orders', refColumns: ['id'] }];
    },
  },
  {
    name: 'reserved names: new table "order", type change of "user"."select"',
    apply: (s) => {
      C(s, 'user', 'select').type = 'bigint';
      s.tables.push({ name: 'order', columns: [{ name: 'from', type: 'int', nullable: false }, { name: 'to', type: 'varchar(10)' }, { name: 'limit', type: 'int' }], pk: ['from'] });
    },
  },
  {
    name: 'mixed-case names: widen "lowerCol", add "NewCol"',
    apply: (s) => { C(s, 'MixedCase', 'lowerCol').type = 'varchar(25)'; T(s, 'MixedCase').columns.push({ name: 'NewCol', type: 'int' }); },
  },
  {
    name: 'partial index', engines: ['postgresql', 'sqlite'],
    apply: (s) => { T(s, 'orders').indexes!.push({ name: 'ix_orders_open', columns: [{ name: 'total' }], where: (q) => `${q('status')} = 'open'` }); },
  },
  {
    name: 'index access method (hash)', engines: ['postgresql'],
    apply: (s) => { T(s, 'orders').indexes = [{ name: 'ix_orders_status', method: 'hash', columns: [{ name: 'status' }] }]; },
  },
  {
    name: 'expression index', engines: ['postgresql', 'sqlite', 'duckdb'],
    apply: (s) => { T(s, 'customers').indexes = [{ name: 'ix_customers_lower_email', unique: true, columns: [{ expr: (q) => `lower(${q('email')})` }] }]; },
  },
  {
    name: 'ledger: several changes to one table', base: 'ledger',
    apply: (s) => {
      C(s, 'entries', 'amount').type = 'decimal(18,2)';
      C(s, 'entries', 'memo').type = 'varchar(500)';
      T(s, 'entries').indexes = [];
      T(s, 'entries').columns.push({ name: 'currency', type: 'varchar(3)', nullable: false, default: { lit: 'EUR' } });
    },
  },
  {
    name: 'ledger: widen a key referenced by a self and an outside foreign key', base: 'ledger', engines: notDuck,
    apply: (s) => { for (const [t, c] of [['accounts', 'code'], ['accounts', 'parent_code'], ['entries', 'account_code']] as const) C(s, t, c).type = 'varchar(20)'; },
  },
  {
    name: 'ledger: new parent table between two', base: 'ledger',
    apply: (s) => {
      s.tables.push({ name: 'books', columns: [{ name: 'id', type: 'int', nullable: false }, { name: 'title', type: 'text' }], pk: ['id'] });
      T(s, 'accounts').columns.push({ name: 'book_id', type: 'int' });
      T(s, 'accounts').fks!.push({ name: 'fk_accounts_book', columns: ['book_id'], ref: 'books', refColumns: ['id'] });
    },
  },
  {
    name: 'many changes at once',
    apply: (s, e) => {
      for (const name of ['add nullable column', 'decimal precision and scale', 'add index', 'drop foreign key', 'change view', 'add check']) {
        MUTATIONS.find((m) => m.name === name)!.apply(s, e);
      }
    },
  },
];

export interface Pair {
  name: string;
  waitsFor?: string;
  source: SpecSchema;
  target: SpecSchema;
  options?: DiffOptions;
  /** Target table → source table, and per target table, target column → source column (renames). */
  tableMap: Record<string, string>;
  columnMap: Record<string, Record<string, string>>;
}

/** Every pair for an engine: base → mutated and (unless one-way) mutated → base. */
export function pairsFor(engine: Engine): Pair[] {
  const pairs: Pair[] = [];
  for (const m of MUTATIONS) {
    if (m.engines && !m.engines.includes(engine)) continue;
    const base = (m.base === 'ledger' ? ledgerSchema : shopSchema)(engine);
    const mutated = clone(base);
    m.apply(mutated, engine);
    const forwardTables = m.renames?.tables ?? {};
    const forwardColumns: Record<string, Record<string, string>> = {};
    for (const r of m.renames?.columns ?? []) (forwardColumns[r.table] ??= {})[r.from] = r.to;
    const waitsFor = m.waitsFor?.[engine];
    pairs.push({ name: `${m.name}`, waitsFor, source: mutated, target: base, options: m.options, tableMap: forwardTables, columnMap: forwardColumns });
    if (m.oneWay) continue;
    const backTables = Object.fromEntries(Object.entries(forwardTables).map(([a, b]) => [b, a]));
    const backColumns: Record<string, Record<string, string>> = {};
    for (const r of m.renames?.columns ?? []) (backColumns[r.table] ??= {})[r.to] = r.from;
    pairs.push({ name: `${m.name} (reverse)`, waitsFor: m.reverseWorks ? undefined : waitsFor, source: base, target: mutated, options: m.options, tableMap: backTables, columnMap: backColumns });
  }
  return pairs;
}
