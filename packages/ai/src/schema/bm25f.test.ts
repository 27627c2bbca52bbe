import { describe, expect, it } from 'vitest';
import { bm25fScores } from './bm25f.js';
import type { CatalogTable } from './catalog.js';
import { buildSchemaIndex } from './schema-index.js';

const col = (name: string) => ({ name, type: 'TEXT' });
const exact = (...terms: string[]) => terms.map((t) => new Map([[t, 1]]));

describe('BM25F', () => {
  const tables: CatalogTable[] = [
    { name: 'city', columns: [col('id'), col('label')] },
    { name: 'person', columns: [col('id'), col('home_city')] },
    { name: 'trip', columns: [col('id'), col('from_city'), col('to_city'), col('via_city')] },
    { name: 'wide', columns: [col('city_code'), ...Array.from({ length: 40 }, (_, i) => col(`attr_${i}`))] },
    { name: 'other', columns: [col('id')] },
  ];
  const index = buildSchemaIndex({ tables });
  const s = bm25fScores(index, exact('city'));

  it('weighs a name hit over a column hit, and repeated column hits with diminishing returns', () => {
    expect(s[0]).toBeGreaterThan(s[1]!);
    expect(s[2]).toBeGreaterThan(s[1]!);
    expect(s[2]! / s[1]!).toBeLessThan(3);
    expect(s[4]).toBe(0);
  });

  it('normalises by length: the same single hit counts less in a wide table', () => {
    expect(s[1]).toBeGreaterThan(s[3]!);
  });

  it('scores a term through its best expansion, at that expansion’s weight', () => {
    const half = bm25fScores(index, [new Map([['city', 0.5]])]);
    expect(half[0]).toBeCloseTo(s[0]! / 2);
    const two = bm25fScores(index, [new Map([['city', 1], ['home', 1]])]);
    expect(two[0]).toBeCloseTo(s[0]!);
    expect(two[1]).toBeGreaterThan(s[1]!);
  });
});
