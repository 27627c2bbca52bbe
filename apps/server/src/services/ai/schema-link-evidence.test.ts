import { afterAll, describe, expect, it } from 'vitest';
import type { Catalog, CatalogTable } from '@askdb/ai';
import { SchemaLinker, SMALL_CATALOG_COLUMNS } from './schema-linker.js';

// The worker thread receives the catalog by structured clone: aliases and comments must survive
// it, and the evidence-note matching must run there as it does in process.
const filler = ['order', 'invoice', 'product', 'shipment', 'payment', 'account', 'warehouse', 'supplier'];
const noise: CatalogTable[] = Array.from({ length: 400 }, (_, i) => ({
  name: `t_${filler[i % 8]}_${i}`,
  columns: Array.from({ length: 4 }, (_, j) => ({ name: `${filler[(i + j) % 8]}_${j}` })),
}));
const schools: CatalogTable[] = [
  { name: 'frpm', columns: [{ name: 'CDSCode' }, { name: 'Free Meal Count (K-12)' }, { name: 'Enrollment (K-12)' }] },
  { name: 'schools', columns: [{ name: 'CDSCode' }, { name: 'School' }, { name: 'County' }, { name: 'Phone' }] },
  { name: 'district', columns: [{ name: 'district_id' }, { name: 'A3', comment: 'region' }, { name: 'A11', comment: 'average salary' }] },
  { name: 't_x17', aliases: ['vocalists'], columns: [{ name: 'c1', aliases: ['stage name'] }, { name: 'c2' }] },
];

describe('schema linker: evidence notes, comments and AI table info aliases', () => {
  const linker = new SchemaLinker();
  afterAll(() => linker.close());

  const cases = (catalog: Catalog) => [
    async () => {
      const r = await linker.link(catalog, 'Which school has the highest eligible free rate? Eligible free rate = `Free Meal Count (K-12)` / `Enrollment (K-12)`', { limit: 2 });
      expect(r.map((t) => t.tableName).sort()).toEqual(['frpm', 'schools']);
    },
    async () => {
      const r = await linker.link(catalog, 'Which region pays the best? A11 refers to average salary; A3 refers to region', { limit: 1 });
      expect(r[0]).toMatchObject({ tableName: 'district' });
      expect(r[0]!.columns.slice(0, 2).sort()).toEqual(['A11', 'A3']);
    },
    async () => {
      const r = await linker.link(catalog, 'the stage name of every vocalist', { limit: 1 });
      expect(r[0]).toMatchObject({ tableName: 't_x17', columns: ['c1', 'c2'] });
    },
  ];

  it('on a small catalog ranked in process', async () => {
    for (const check of cases({ tables: schools })) await check();
  });

  it('on a big catalog ranked in the worker thread', async () => {
    const big: Catalog = { tables: [...noise, ...schools] };
    expect(big.tables.length * 5).toBeGreaterThan(SMALL_CATALOG_COLUMNS);
    for (const check of cases(big)) await check();
  }, 120_000);
});
