/**
 * How a question word meets a schema's words beyond its own spelling (schema-link.ts): through
 * an English lexicon (WordNet and the thesaurus, wordnet.ts / thesaurus.ts) in both directions,
 * as the parts of a word the schema writes apart ("birthplace" → `birth`, `place`), and as the
 * last part of one it writes together ("power" → `horsepower`). With word vectors
 * (word-embeddings.ts) a relation between words that usage keeps apart weighs less.
 */
import type { SchemaIndex } from './schema-index.js';
import { lemma, splitWords, stem } from './text-tokens.js';
import type { WordNet } from './wordnet.js';
import type { WordVectors } from './word-embeddings.js';

/**
 * A lexicon relation between a question word and a schema word keeps its full weight from this
 * cosine of their word vectors up, falls linearly below it, and keeps at least USAGE_FLOOR of it
 * at USAGE_LOW and below ("amount" → `list` 0.43, "power" → `country` 0.64 as a world power, against
 * "vocalist" → `singer` 0.80, "puppy" → `dog` 0.72). Measured on Spider's tuning part
 * (bench/ai-schema-link-tune.ts objective 94.6 → 94.9; low 0.2–0.4, high 0.6–0.7, floor 0.3/0.5 tried).
 */
const USAGE_LOW = 0.3;
const USAGE_HIGH = 0.6;
const USAGE_FLOOR = 0.5;

/** The share of a relation's weight that the usage of the two words supports (1 without vectors for either). */
function usageShare(vectors: WordVectors, row: number, term: string): number {
  const r = vectors.rowOf(term);
  if (r < 0) return 1;
  const c = vectors.cosine(row, r);
  return Math.max(USAGE_FLOOR, Math.min(1, (c - USAGE_LOW) / (USAGE_HIGH - USAGE_LOW)));
}

/**
 * The schema words (index terms, not too common, not the question term itself) a question word
 * relates to: through its own relations, and through the table-name and column words whose
 * relations reach it or its synonyms ("workers" meets `employee`, whose broader word is worker).
 */
export function schemaRelations(
  index: SchemaIndex, lexicon: WordNet, word: string, q: string, commonDf: number, reverseShare: number, vectors: WordVectors | null = null,
): Map<string, number> {
  const found = new Map<string, number>();
  const rel = lexicon.related(word);
  for (const [r, x] of rel) {
    const t = r.includes('_') ? stem(r.replace(/[_-]/g, '')) : lemma(r);
    if (t !== q && (index.df.get(t) ?? Infinity) <= commonDf && x > (found.get(t) ?? 0)) found.set(t, x);
  }
  if (reverseShare > 0) {
    const reverse = reverseLexicon(index, lexicon);
    for (const [r, x] of rel) {
      if (x < 1) continue;
      for (const [t, y] of reverse.get(r) ?? []) {
        if (t !== q && (index.df.get(t) ?? Infinity) <= commonDf && reverseShare * y > (found.get(t) ?? 0)) found.set(t, reverseShare * y);
      }
    }
  }
  if (vectors && found.size) {
    let row = /^[a-z]+$/.test(word) ? vectors.rowOf(word) : -1;
    if (row < 0) row = vectors.rowOf(q);
    if (row >= 0) for (const [t, x] of found) found.set(t, x * usageShare(vectors, row, t));
  }
  return found;
}

/**
 * The two schema words a single question word joins (`birthplace` → `birth`, `place`), both of 3+
 * letters, the most even split first; none when the word is the schema's own or splits no way.
 */
export function compoundParts(index: SchemaIndex, word: string): string[] {
  if (word.length < 6 || !/^[a-z]+$/.test(word)) return [];
  let best: [string, string] | undefined;
  for (let i = 3; i <= word.length - 3; i++) {
    const a = lemma(word.slice(0, i));
    const b = lemma(word.slice(i));
    if (index.df.has(a) && index.df.has(b) && (!best || Math.min(i, word.length - i) > Math.min(best[0].length, best[1].length))) best = [a, b];
  }
  return best ?? [];
}

/** Table-name and column-name words whose relations the reverse lookup covers (the rest of a huge schema goes without it: bounded index work). */
export const MAX_REVERSE_WORDS = 5_000;
/** Per lexicon, per index: built on first use. */
const reverseMaps = new WeakMap<WordNet, WeakMap<SchemaIndex, Map<string, Map<string, number>>>>();

/** Per index: each word a lexicon relates to a table-name (then column-name) word → that word's term and the relation's weight. */
function reverseLexicon(index: SchemaIndex, lexicon: WordNet): Map<string, Map<string, number>> {
  let cache = reverseMaps.get(lexicon);
  if (!cache) reverseMaps.set(lexicon, (cache = new WeakMap()));
  let m = cache.get(index);
  if (m) return m;
  m = new Map();
  const words = new Set<string>();
  for (const t of index.tables) {
    if (words.size >= MAX_REVERSE_WORDS) break;
    for (const w of splitWords(t.table.name.split('.').pop()!)) if (w.length >= 3 && /^[a-z]+$/.test(w)) words.add(w);
  }
  // Then column words ("term" meets `semester`, "record" `transcript`), while the bound allows.
  for (const t of index.tables) {
    if (words.size >= MAX_REVERSE_WORDS) break;
    for (const c of t.table.columns) for (const w of splitWords(c.name)) if (w.length >= 3 && /^[a-z]+$/.test(w)) words.add(w);
  }
  for (const w of words) {
    const term = lemma(w);
    for (const [r, x] of lexicon.related(w)) {
      let e = m.get(r);
      if (!e) m.set(r, (e = new Map()));
      if (x > (e.get(term) ?? 0)) e.set(term, x);
    }
  }
  cache.set(index, m);
  return m;
}

const tailMaps = new WeakMap<SchemaIndex, Map<string, string[]>>();
/**
 * Schema terms written together whose last 4+ letters are the term (`horsepower` for `power`,
 * `hometown` for `town`), 3+ letters before it: the head of an English compound is its last
 * word. Per index, a map from each such ending to its terms, built on first use.
 */
export function suffixRelatives(index: SchemaIndex, q: string): string[] {
  if (q.length < 4 || !/^[a-z]+$/.test(q)) return [];
  let m = tailMaps.get(index);
  if (!m) {
    m = new Map();
    for (const v of index.df.keys()) {
      if (v.length < 7 || !/^[a-z]+$/.test(v)) continue;
      for (let i = 3; i <= v.length - 4; i++) {
        const tail = v.slice(i);
        const e = m.get(tail);
        if (e) e.push(v);
        else m.set(tail, [v]);
      }
    }
    tailMaps.set(index, m);
  }
  return m.get(q) ?? [];
}
