/**
 * Engine-neutral schema fixtures for the round-trip tests. `render.ts` writes them as each
 * engine's own CREATE statements (independently of the DDL generator under test).
 */

export type Quote = (name: string) => string;
export type SpecType = 'int' | 'bigint' | 'text' | `varchar(${number})` | `decimal(${number},${number})` | 'date' | 'timestamp' | 'bool';
export type SpecDefault = { lit: string } | { num: number } | { bool: boolean } | { now: true };
export type Engine = 'postgresql' | 'mysql' | 'sqlite' | 'duckdb';

export interface SpecColumn {
  name: string;
  type: SpecType;
  nullable?: boolean;
  default?: SpecDefault;
  identity?: 'always' | 'by-default';
  comment?: string;
  /** Engine-specific collation, e.g. { postgresql: 'C', mysql: 'utf8mb4_bin' }. */
  collation?: Partial<Record<Engine, string>>;
}

export interface SpecIndex {
  name: string;
  unique?: boolean;
  columns: ({ name: string; desc?: boolean } | { expr: (q: Quote) => string })[];
  where?: (q: Quote) => string;
  /** Access method where it is not the default (PostgreSQL USING …). */
  method?: string;
}

export interface SpecForeignKey {
  name: string;
  columns: string[];
  ref: string;
  refColumns: string[];
  onDelete?: 'CASCADE' | 'SET NULL' | 'RESTRICT';
}

export interface SpecTable {
  name: string;
  comment?: string;
  columns: SpecColumn[];
  pk?: string[];
  uniques?: { name: string; columns: string[] }[];
  checks?: { name: string; expr: (q: Quote) => string }[];
  fks?: SpecForeignKey[];
  indexes?: SpecIndex[];
}

export interface SpecSchema {
  tables: SpecTable[];
  views?: { name: string; select: (q: Quote) => string }[];
  sequences?: { name: string; start: number; increment: number }[];
}

const id = (identity?: SpecColumn['identity']): SpecColumn => ({ name: 'id', type: 'int', nullable: false, ...(identity ? { identity } : {}) });

/** A small shop with the tricky parts: reserved and mixed-case names, composite and self-referencing keys. */
export function shopSchema(engine: Engine): SpecSchema {
  const circular = engine !== 'duckdb';
  return {
    tables: [
      {
        name: 'customers', comment: 'people who buy',
        columns: [
          id('by-default'),
          { name: 'name', type: 'varchar(100)', nullable: false, comment: 'full name' },
          { name: 'email', type: 'varchar(200)' },
          { name: 'created_at', type: 'timestamp', default: { now: true } },
          { name: 'active', type: 'bool', default: { bool: true } },
          { name: 'Order Count', type: 'int', default: { num: 0 } },
        ],
        pk: ['id'],
        uniques: [{ name: 'uq_customers_email', columns: ['email'] }],
      },
      {
        name: 'products',
        columns: [id(), { name: 'sku', type: 'varchar(20)', nullable: false }, { name: 'price', type: 'decimal(10,2)', nullable: false }, { name: 'desc', type: 'text' }],
        pk: ['id'],
        uniques: [{ name: 'uq_products_sku', columns: ['sku'] }],
        checks: [{ name: 'ck_products_price', expr: (q) => `${q('price')} >= 0` }],
      },
      {
        name: 'orders',
        columns: [id(), { name: 'customer_id', type: 'int', nullable: false }, { name: 'status', type: 'varchar(20)', default: { lit: 'new' } }, { name: 'total', type: 'decimal(12,2)' }],
        pk: ['id'],
        fks: [{ name: 'fk_orders_customer', columns: ['customer_id'], ref: 'customers', refColumns: ['id'], ...(engine === 'duckdb' ? {} : { onDelete: 'CASCADE' as const }) }],
        indexes: [{ name: 'ix_orders_status', columns: [{ name: 'status' }] }],
      },
      {
        name: 'order_items',
        columns: [{ name: 'order_id', type: 'int', nullable: false }, { name: 'product_id', type: 'int', nullable: false }, { name: 'qty', type: 'int', nullable: false, default: { num: 1 } }],
        pk: ['order_id', 'product_id'],
        checks: [{ name: 'ck_items_qty', expr: (q) => `${q('qty')} > 0` }],
        fks: [
          { name: 'fk_items_order', columns: ['order_id'], ref: 'orders', refColumns: ['id'] },
          { name: 'fk_items_product', columns: ['product_id'], ref: 'products', refColumns: ['id'] },
        ],
        indexes: [{ name: 'ix_items_qty', columns: [{ name: 'qty', desc: engine !== 'duckdb' }, { name: 'product_id' }] }],
      },
      {
        name: 'user',
        columns: [id(), { name: 'group', type: 'varchar(30)' }, { name: 'select', type: 'int' }],
        pk: ['id'],
      },
      {
        name: 'MixedCase',
        columns: [{ name: 'CamelId', type: 'int', nullable: false }, { name: 'lowerCol', type: 'varchar(10)' }, { name: 'Parent', type: 'int' }],
        pk: ['CamelId'],
        fks: [{ name: 'fk_mixed_parent', columns: ['Parent'], ref: 'MixedCase', refColumns: ['CamelId'] }],
      },
      ...(circular ? [
        { name: 'dept', columns: [id(), { name: 'head_id', type: 'int' as const }], pk: ['id'], fks: [{ name: 'fk_dept_head', columns: ['head_id'], ref: 'emp', refColumns: ['id'] }] },
        { name: 'emp', columns: [id(), { name: 'dept_id', type: 'int' as const }], pk: ['id'], fks: [{ name: 'fk_emp_dept', columns: ['dept_id'], ref: 'dept', refColumns: ['id'] }] },
      ] : []),
    ],
    views: [
      { name: 'v_customer_orders', select: (q) => `SELECT c.${q('id')} AS customer_id, c.${q('name')}, o.${q('total')} FROM ${q('customers')} c JOIN ${q('orders')} o ON o.${q('customer_id')} = c.${q('id')}` },
      { name: 'v_big_orders', select: (q) => `SELECT ${q('customer_id')}, ${q('total')} FROM ${q('v_customer_orders')} WHERE ${q('total')} > 100` },
    ],
    sequences: engine === 'postgresql' || engine === 'duckdb' ? [{ name: 'invoice_seq', start: 1000, increment: 1 }] : [],
  };
}

/** A second base: a plain ledger (no views), so mutations also run against a different shape. */
export function ledgerSchema(engine: Engine): SpecSchema {
  return {
    tables: [
      {
        name: 'accounts',
        columns: [{ name: 'code', type: 'varchar(12)', nullable: false }, { name: 'title', type: 'varchar(80)', nullable: false }, { name: 'parent_code', type: 'varchar(12)' }],
        pk: ['code'],
        fks: [{ name: 'fk_accounts_parent', columns: ['parent_code'], ref: 'accounts', refColumns: ['code'] }],
      },
      {
        name: 'entries',
        columns: [
          { name: 'id', type: 'bigint', nullable: false },
          { name: 'account_code', type: 'varchar(12)', nullable: false },
          { name: 'amount', type: 'decimal(14,2)', nullable: false, default: { num: 0 } },
          { name: 'booked_on', type: 'date' },
          { name: 'memo', type: 'text' },
        ],
        pk: ['id'],
        fks: [{ name: 'fk_entries_account', columns: ['account_code'], ref: 'accounts', refColumns: ['code'], ...(engine === 'duckdb' ? {} : { onDelete: 'RESTRICT' as const }) }],
        indexes: [{ name: 'ix_entries_account_date', columns: [{ name: 'account_code' }, { name: 'booked_on' }] }],
      },
    ],
  };
}

export function clone(s: SpecSchema): SpecSchema {
  return {
    tables: s.tables.map((t) => ({
      ...t,
      columns: t.columns.map((c) => ({ ...c })),
      pk: t.pk ? [...t.pk] : undefined,
      uniques: t.uniques?.map((u) => ({ ...u, columns: [...u.columns] })),
      checks: t.checks?.map((c) => ({ ...c })),
      fks: t.fks?.map((f) => ({ ...f, columns: [...f.columns], refColumns: [...f.refColumns] })),
      indexes: t.indexes?.map((i) => ({ ...i, columns: [...i.columns] })),
    })),
    views: s.views?.map((v) => ({ ...v })),
    sequences: s.sequences?.map((q) => ({ ...q })),
  };
}
