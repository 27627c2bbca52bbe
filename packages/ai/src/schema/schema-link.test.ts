import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogTable } from './catalog.js';
import { buildSchemaIndex, linkSchema, mentionsIn, rankTables } from './schema-link.js';

const col = (name: string, extra: Partial<CatalogTable['columns'][number]> = {}) => ({ name, type: 'TEXT', ...extra });
const fk = (columns: string[], referencedTable: string, referencedColumns = ['id']) => ({ columns, referencedTable, referencedColumns });

const SHOP: CatalogTable[] = [
  { name: 'customers', columns: [col('id', { primaryKey: true }), col('first_name'), col('last_name'), col('email'), col('city')] },
  { name: 'products', columns: [col('id', { primaryKey: true }), col('title'), col('unit_price'), col('category')] },
  { name: 'orders', columns: [col('id', { primaryKey: true }), col('customer_id'), col('ordered_at'), col('status')], foreignKeys: [fk(['customer_id'], 'customers')] },
  {
    name: 'order_items',
    columns: [col('order_id'), col('product_id'), col('quantity'), col('price')],
    foreignKeys: [fk(['order_id'], 'orders'), fk(['product_id'], 'products')],
  },
  { name: 'audit_log', columns: [col('id', { primaryKey: true }), col('actor'), col('action'), col('at')] },
  { name: 'app_settings', columns: [col('key'), col('value')] },
];

const top = (catalog: Catalog, q: string, k: number) => linkSchema(catalog, q).slice(0, k).map((t) => t.tableName);

describe('schema linking', () => {
  it('finds the tables a join question needs, including the bridge table no word names', () => {
    const names = top({ tables: SHOP }, 'Which customers bought the most products?', 4);
    expect(new Set(names)).toEqual(new Set(['customers', 'products', 'orders', 'order_items']));
  });

  it('ranks a table by its columns when the question names no table', () => {
    expect(top({ tables: SHOP }, 'total quantity sold per unit price', 1)).toEqual(['order_items']);
  });

  it('puts matching columns first in each table', () => {
    const r = linkSchema({ tables: SHOP }, 'customers per city, with their email');
    const customers = r.find((t) => t.tableName === 'customers')!;
    expect(customers.columns.slice(0, 2).sort()).toEqual(['city', 'email']);
    // then the key, then the rest in table order
    expect(customers.columns.slice(2)).toEqual(['id', 'first_name', 'last_name']);
  });

  it('uses comments and AI-collection annotations, in Chinese too', () => {
    const tables: CatalogTable[] = [
      ...SHOP,
      { name: 't_cst01', comment: 'customer master data of the CRM', columns: [col('c1'), col('c2')] },
      { name: 't_ord9', comment: '销售订单表', columns: [col('c1'), col('c2')] },
      { name: 'x_kpi', annotation: 'monthly revenue figures used by finance', columns: [col('m'), col('v')] },
    ];
    expect(top({ tables }, 'show the CRM master data', 1)).toEqual(['t_cst01']);
    expect(top({ tables }, '查询所有销售订单', 1)).toEqual(['t_ord9']);
    expect(top({ tables }, 'what was the revenue last month', 1)).toEqual(['x_kpi']);
  });

  it('always includes mentioned tables first, at most 8', () => {
    const r = linkSchema({ tables: SHOP }, 'how many @audit_log rows mention products?');
    expect(r[0]).toMatchObject({ tableName: 'audit_log', mentioned: true });
    expect(r[0]!.score).toBeGreaterThan(r[1]!.score);
    const many = Array.from({ length: 12 }, (_, i) => ({ name: `t${i}`, columns: [col('a')] }));
    const picked = linkSchema({ tables: many }, 'x', { mentioned: many.map((t) => t.name), limit: 3 });
    expect(picked.filter((t) => t.mentioned)).toHaveLength(8);
    expect(mentionsIn('join @orders with @"order items" and @`x`.')).toEqual(['orders', 'order items', 'x']);
  });

  it('splits words written together when the schema uses the parts elsewhere', () => {
    const tables: CatalogTable[] = [
      { name: 'country', columns: [col('code'), col('name')] },
      { name: 'language', columns: [col('code'), col('name')] },
      { name: 'countrylanguage', columns: [col('countrycode'), col('language'), col('percentage')] },
    ];
    expect(top({ tables }, 'which language is spoken by the most countries', 2)).toContain('countrylanguage');
  });

  it('in a large schema of many subjects the subject of the question wins', () => {
    const noise: CatalogTable[] = [];
    for (let s = 0; s < 60; s++) {
      for (const t of ['people', 'events', 'locations', 'items', 'notes']) {
        noise.push({ name: `subject${s}_${t}`, columns: [col('id', { primaryKey: true }), col(`${t}_name`), col('created_at')] });
      }
    }
    const shop = SHOP.map((t) => ({ ...t, name: `shop_${t.name}`, foreignKeys: t.foreignKeys?.map((f) => ({ ...f, referencedTable: `shop_${f.referencedTable}` })) }));
    const catalog = { tables: [...noise, ...shop] };
    const index = buildSchemaIndex(catalog);
    const r = rankTables(index, 'Which customers bought the most products?', { limit: 10 }).map((t) => t.tableName);
    for (const g of ['shop_customers', 'shop_products', 'shop_orders', 'shop_order_items']) expect(r).toContain(g);
  });

  it('returns every table ranked, unmatched ones flagged', () => {
    const r = linkSchema({ tables: SHOP }, 'the weather in Paris');
    expect(r).toHaveLength(SHOP.length);
    expect(r.filter((t) => t.matched).map((t) => t.tableName)).not.toContain('app_settings');
  });

  it('links a long input by its start, within a generous budget on a large schema', () => {
    const tables: CatalogTable[] = Array.from({ length: 3000 }, (_, i) => ({ name: `module${i % 40}_entity${i}`, columns: [col('id'), col(`attr${i}_value`), col('created_at')] }));
    tables.push({ name: 'invoices', columns: [col('id'), col('amount')] }, { name: 'shipments', columns: [col('id'), col('carrier')] });
    const filler = Array.from({ length: 20_000 }, (_, i) => `word${i}`).join(' ');
    const index = buildSchemaIndex({ tables });
    const started = performance.now();
    const early = rankTables(index, `invoices ${filler} shipments`, { limit: 5 });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(early[0]!.tableName).toBe('invoices');
    expect(early.find((t) => t.tableName === 'shipments')).toBeUndefined();
  });
});
