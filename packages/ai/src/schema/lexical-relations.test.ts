import { describe, expect, it } from 'vitest';
import type { CatalogTable } from './catalog.js';
import { linkSchema } from './schema-link.js';

describe('words written together', () => {
  it('a question word the schema writes as two words meets both: airdate → air_date', () => {
    const shows: CatalogTable[] = [
      { name: 'channel', columns: [{ name: 'channel_id' }, { name: 'owner' }] },
      { name: 'cartoon', columns: [{ name: 'cartoon_id' }, { name: 'air_date' }] },
    ];
    const at = (compound: number) => linkSchema({ tables: shows }, 'What is the latest airdate?', { lexicon: null, weights: { compound } })[0]!.tableName;
    expect(at(0)).toBe('channel');
    expect(at(0.5)).toBe('cartoon');
  });

  it('a question word the schema uses only as the end of a longer one meets it: power → horsepower', () => {
    const cars: CatalogTable[] = [
      { name: 'car_makers', columns: [{ name: 'maker_id' }, { name: 'full_name' }] },
      { name: 'cars_data', columns: [{ name: 'car_id' }, { name: 'horsepower' }] },
    ];
    const ranked = linkSchema({ tables: cars }, 'Which model has the most power?', { lexicon: null });
    expect(ranked[0]!.tableName).toBe('cars_data');
    expect(ranked[0]!.columns[0]).toBe('horsepower');
    // It weighs what a prefix match weighs: without those, nothing meets the question.
    expect(linkSchema({ tables: cars }, 'Which model has the most power?', { lexicon: null, weights: { prefix: 0 } })[0]!.tableName).toBe('car_makers');
  });
});
