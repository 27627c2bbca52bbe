import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CatalogTable } from './catalog.js';
import { linkSchema } from './schema-link.js';
import { combineLexicons, loadInstalledThesaurus, loadInstalledThesaurusAsync, thesaurusFromText } from './thesaurus.js';
import { loadWordNet } from './wordnet.js';
import { SAMPLE_SYNSETS, SAMPLE_THESAURUS, writeThesaurusFile, writeWordNetFiles } from './wordnet-files.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-thesaurus-'));
const file = path.join(dir, 'th_en_US_new.js');
writeThesaurusFile(file, SAMPLE_THESAURUS);
writeWordNetFiles(dir, SAMPLE_SYNSETS);
const wordNet = loadWordNet(dir);
const thesaurus = thesaurusFromText(fs.readFileSync(file, 'latin1'));
const saved = process.env.ASKDB_THESAURUS_FILE;
afterEach(() => {
  if (saved === undefined) delete process.env.ASKDB_THESAURUS_FILE;
  else process.env.ASKDB_THESAURUS_FILE = saved;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('thesaurus reader (the thesaurus package’s file form)', () => {
  it('lists a word’s entries below full weight, the first ones weighing most; plurals find their entry', () => {
    const r = thesaurus.related('airways');
    expect(r.get('airway')).toBe(1);
    expect(r.get('airline')).toBeGreaterThan(0);
    expect(r.get('airline')).toBeLessThan(1);
    expect(r.get('air_passage')).toBeGreaterThan(r.get('airline')!);
    expect([...thesaurus.related('skyscrapers').values()]).toEqual([1, 1]); // its own forms only
  });

  it('keeps only the first entries of a long list', () => {
    const long = thesaurusFromText(`module.exports = ${JSON.stringify({ word: Array.from({ length: 30 }, (_, i) => `w${i}`) })};`, { weight: 0.6, cap: 5 });
    expect(long.related('word').has('w4')).toBe(true);
    expect(long.related('word').has('w5')).toBe(false);
  });

  it('is missing, not an error, when the package is not installed', async () => {
    process.env.ASKDB_THESAURUS_FILE = path.join(dir, 'absent.js');
    expect(loadInstalledThesaurus()).toBeNull();
    expect(await loadInstalledThesaurusAsync()).toBeNull();
    process.env.ASKDB_THESAURUS_FILE = file;
    expect(loadInstalledThesaurus()!.related('airway').has('airline')).toBe(true);
    // Read a slice at a time, off the event loop: the same entries.
    expect((await loadInstalledThesaurusAsync())!.related('airways').get('airline')).toBe(loadInstalledThesaurus()!.related('airways').get('airline'));
  });
});

describe('schema linking with WordNet and the thesaurus together', () => {
  // Tables no question word meets keep catalog order: the ones to reach come last.
  const tables: CatalogTable[] = [
    { name: 'flights', columns: [{ name: 'flight_no' }, { name: 'source_airport' }, { name: 'dest_airport' }] },
    { name: 'shop', columns: [{ name: 'shop_id' }, { name: 'location' }] },
    { name: 'airlines', columns: [{ name: 'airline_id' }, { name: 'abbreviation' }] },
    { name: 'version', columns: [{ name: 'version_id' }, { name: 'released' }] },
  ];
  const first = (question: string, lexicon: ReturnType<typeof combineLexicons>) => linkSchema({ tables }, question, { lexicon })[0]!.tableName;

  it('reaches a table WordNet’s words alone do not: airways → airlines', () => {
    expect(first('How many airways are there?', wordNet)).not.toBe('airlines');
    expect(first('How many airways are there?', combineLexicons(wordNet, thesaurus))).toBe('airlines');
  });

  it('reaches a table whose own listed words include the question’s: editions → version', () => {
    expect(first('How many editions are there?', wordNet)).not.toBe('version');
    expect(first('How many editions are there?', combineLexicons(wordNet, thesaurus))).toBe('version');
  });

  it('keeps WordNet’s relations (vocalists → singer) and works with either lexicon missing', () => {
    const both = combineLexicons(wordNet, thesaurus)!;
    expect(both.related('vocalists').get('singer')).toBe(1);
    expect(both.label).toBe('WordNet + thesaurus');
    expect(combineLexicons(null, thesaurus)).toBe(thesaurus);
    expect(combineLexicons(wordNet, null)).toBe(wordNet);
    expect(combineLexicons(null, null)).toBeNull();
  });
});
