import { afterAll, describe, expect, it } from 'vitest';
import { buildSchemaIndex, rankTables, type Catalog } from '@askdb/ai';
import { SchemaLinker, SMALL_CATALOG_COLUMNS } from './schema-linker.js';

const words = ['order', 'customer', 'invoice', 'product', 'shipment', 'payment', 'account', 'employee', 'warehouse', 'supplier'];
function bigCatalog(n: number): Catalog {
  return {
    tables: Array.from({ length: n }, (_, i) => ({
      name: `t_${words[i % 10]}_${words[(i * 3) % 10]}_${i}`,
      columns: Array.from({ length: 5 }, (_, j) => ({ name: `${words[(i + j) % 10]}_${j}`, type: 'int' })),
    })),
  };
}

describe('schema linker: big catalogs ranked in a worker thread', () => {
  const linker = new SchemaLinker();
  afterAll(() => linker.close());

  it('gives the same ranking as the in-process code, and keeps the event loop free while it builds', async () => {
    const catalog = bigCatalog(6_000);
    catalog.tables.push({ name: 'loyalty_points', columns: [{ name: 'member_id' }, { name: 'points_balance' }] });
    const question = 'how many loyalty points does each member have';
    expect(catalog.tables.length * 6).toBeGreaterThan(SMALL_CATALOG_COLUMNS);
    // The event loop keeps ticking while the worker builds and ranks (every 10 ms timer fires).
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const linked = await linker.link(catalog, question, { limit: 5 });
    clearInterval(timer);
    expect(linked[0]!.tableName).toBe('loyalty_points');
    const expected = rankTables(buildSchemaIndex(catalog), question, { limit: 5 });
    expect(linked.map((t) => t.tableName)).toEqual(expected.map((t) => t.tableName));
    expect(ticks).toBeGreaterThan(3);
    // The second question reuses the worker's index: the catalog is not sent again.
    const again = await linker.link(catalog, 'payments of each customer', { limit: 3 });
    expect(again.length).toBe(3);
    expect(again[0]!.tableName).toMatch(/payment|customer/);
  }, 120_000);

  it('ranks a small catalog in process', async () => {
    const small: Catalog = { tables: [{ name: 'orders', columns: [{ name: 'id' }, { name: 'total' }] }, { name: 'singers', columns: [{ name: 'name' }] }] };
    expect((await linker.link(small, 'list every singer'))[0]!.tableName).toBe('singers');
  });

  it('sends a catalog again when the worker has dropped it', async () => {
    const a = bigCatalog(1_000);
    const b = bigCatalog(1_100);
    const c = bigCatalog(1_200);
    for (const cat of [a, b, c]) expect((await linker.link(cat, 'invoices', { limit: 1 })).length).toBe(1);
    // Only two indexes are kept: `a` was evicted, and is sent again transparently.
    expect((await linker.link(a, 'warehouse suppliers', { limit: 2 })).length).toBe(2);
  }, 120_000);
});
