import { describe, expect, it } from 'vitest';
import type { Catalog } from './catalog.js';
import { linkSchema } from './schema-link.js';
import { buildValueIndex, matchValues, valueCandidates, valueIndexFromCatalog } from './value-index.js';

const col = (name: string, samples?: string[]) => ({ name, type: 'TEXT', ...(samples ? { samples } : {}) });

// Nothing in the names says where "Kabul" or "Dutch" live: only the values do.
const WORLD: Catalog = {
  tables: [
    { name: 'region', columns: [col('region_id'), col('region_name', ['Asia', 'Europe'])] },
    { name: 'city', columns: [col('id'), col('name', ['Kabul', 'Amsterdam', 'New York']), col('district', ['Kabol', 'Noord-Holland'])] },
    { name: 'countrylanguage', columns: [col('countrycode'), col('language', ['Dutch', 'English', 'Pashto']), col('isofficial', ['T', 'F'])] },
    { name: 'events', columns: [col('id'), col('title', ['New Year party'])] },
  ],
};

describe('value index', () => {
  it('takes quoted strings and runs of capitalised words from a question', () => {
    expect(valueCandidates('Which region is the city Kabul located in?')).toEqual(['Which', 'Kabul']);
    expect(valueCandidates("Flights from 'san francisco' to \"LA\"")).toEqual(['san francisco', 'LA', 'Flights']);
    expect(valueCandidates('Who lives in the United States of America or Aruba\'s capital?')).toEqual(['Who', 'United States of America', 'Aruba']);
  });

  it('keeps short distinct text values, not numbers, dates or long text', () => {
    const idx = buildValueIndex([{ table: 't', column: 'c', values: ['Paris', 'paris', '42', '2024-01-02', 'x'.repeat(41), null, 7, 'a b c d e f', 'Lyon'] }]);
    expect([...idx.byValue.keys()]).toEqual(['paris', 'lyon']);
  });

  it('matches the longest run first and ignores case', () => {
    const idx = valueIndexFromCatalog(WORLD);
    expect(matchValues(idx, 'How many people live in New York?').map((h) => `${h.table}.${h.column}=${h.value}`)).toEqual(['city.name=new york']);
    expect(matchValues(idx, "Which languages are spoken in 'KABUL'?").map((h) => h.table)).toEqual(['city']);
    expect(matchValues(idx, 'what is the weather like')).toEqual([]);
  });

  it('lifts the tables holding the values a question names, and their columns', () => {
    const values = valueIndexFromCatalog(WORLD);
    const q = 'What share of speakers use Dutch in Kabul?';
    // Without the WordNet lexicon (if installed): the values alone must make the difference.
    expect(linkSchema(WORLD, q, { lexicon: null }).slice(0, 2).map((t) => t.tableName)).not.toEqual(expect.arrayContaining(['city', 'countrylanguage']));
    const r = linkSchema(WORLD, q, { values, lexicon: null });
    expect(r.slice(0, 2).map((t) => t.tableName).sort()).toEqual(['city', 'countrylanguage']);
    expect(r.find((t) => t.tableName === 'city')!.columns[0]).toBe('name');
  });
});
