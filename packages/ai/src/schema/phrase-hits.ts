/**
 * Whole names the question spells out. A run of question words that reads as a column's or a
 * table's full name ("free meal count", "home town" for `hometown`, "singer names" for
 * `Singer_Name`) is stronger evidence than its words one by one, and so is a name the question
 * writes as an identifier: in backticks or brackets, snake_case or camelCase, on the left of a
 * comparison (`type = 'gold'`), inside a function call (`MAX(Height)`) or after a table alias
 * (`T1.type`). Evidence notes that come with questions ("gold card refers to type = 'gold'")
 * are written that way; a single common word is only taken as a name when it is written so.
 *
 * With a lexicon (wordnet.ts), a run of question words it knows as one term stands for the names
 * of that term's synonyms ("given name" → `first_name`, "family name" → `surname`, `last_name`),
 * unless the schema uses the run itself as a name.
 *
 * Aliases users gave ("Change AI table info") and short comments (`A11`: "average salary")
 * count as names too. Names are compared as their lower-case words joined, the last one in base form, so spacing,
 * case, underscores and a plural do not matter. Matching costs a map lookup per run of up to
 * MAX_PHRASE_WORDS question words: it grows with the question, not with the schema.
 */
import type { SchemaIndex } from './schema-index.js';
import { lemma, splitWords } from './text-tokens.js';
import type { WordNet } from './wordnet.js';

/** Longest run of question words looked up as one name. */
export const MAX_PHRASE_WORDS = 8;
/** A table or column comment of at most this many words is matched as a name too. */
const MAX_COMMENT_WORDS = 5;
/** Only the start of a long input is searched, and only this many identifier candidates. */
const MAX_CHARS = 20_000;
const MAX_CANDIDATES = 500;

/** key → [table, column (-1: the table's own name), table, column, …] */
type PhraseMap = Map<string, number[]>;
const maps = new WeakMap<SchemaIndex, PhraseMap>();

/** The comparison key of a name or a run of words: lower-case words joined, the last one in base form. */
export function phraseKey(words: readonly string[]): string {
  if (words.length === 0) return '';
  return words.slice(0, -1).join('') + lemma(words[words.length - 1]!);
}

function phraseMap(index: SchemaIndex): PhraseMap {
  let m = maps.get(index);
  if (m) return m;
  m = new Map();
  const add = (name: string, ti: number, ci: number) => {
    const key = phraseKey(splitWords(name));
    if (key.length < 2) return;
    let list = m!.get(key);
    if (!list) m!.set(key, (list = []));
    if (list[list.length - 2] !== ti || list[list.length - 1] !== ci) list.push(ti, ci);
  };
  // A short comment is the name people use (`A11` "average salary"): it counts like an alias.
  const addShort = (comment: string | undefined, ti: number, ci: number) => {
    if (comment && comment.length <= 60 && splitWords(comment).length <= MAX_COMMENT_WORDS) add(comment, ti, ci);
  };
  index.tables.forEach(({ table }, ti) => {
    add(table.name.split('.').pop()!, ti, -1);
    for (const a of table.aliases ?? []) add(a, ti, -1);
    addShort(table.comment, ti, -1);
    table.columns.forEach((c, ci) => {
      add(c.name, ti, ci);
      for (const a of c.aliases ?? []) add(a, ti, ci);
      addShort(c.comment, ti, ci);
    });
  });
  maps.set(index, m);
  return m;
}

/** A name the question matched and where it occurs. */
export interface PhraseHit {
  key: string;
  /** The question wrote it as an identifier (backticks, snake_case, `x = …`, `MAX(x)`), not only as words. */
  explicit: boolean;
  /** [table, column, …] as in the phrase map (column -1: the table's name). */
  places: readonly number[];
  /** Below 1: met through a lexicon ("given name" for `first_name`), times the relation's weight. */
  weight?: number;
}

/** Runs of 2 to this many question words are looked up in the lexicon as one term ("given name", "date of birth"). */
const MAX_LEXICON_RUN = 3;
/**
 * Only its synonyms (the words of the term's own first senses, weight ≥ 0.9 in wordnet.ts) stand
 * for it: measured on Spider's tuning part, 0.6 (broader words too) lost one merged top-5 question.
 */
const LEXICON_RUN_MIN = 0.9;
/** Runs starting in the first this many words only (a pasted script costs no more lookups). */
const MAX_LEXICON_WORDS = 200;

/** SQL keywords count in capitals only: an English "in" compares nothing. */
const COMPARISON = /([\p{L}\p{N}_$#.()\-]+(?:[ \t]+[\p{L}\p{N}_$#()\-]+){0,3})[ \t]*(?:=|!=|<>|>=|<=|>|<|\bIN\b|\bLIKE\b|\bBETWEEN\b)/gu;
const CALL = /\b[A-Za-z_]+\s*\(\s*(?:DISTINCT\s+)?([^()]{1,80})\)/g;
const QUOTED = /`([^`]{1,80})`|\[([^\]]{1,80})\]|"([^"]{1,80})"/g;
/** "X refers to Y", "Y stands for X": either side may be a name (`A11 refers to average salary`, `full name refers to forename, surname`). */
const REFERS = /([^\s;:.,=()]+(?:[ \t]+[^\s;:.,=()]+){0,3})[ \t]+(?:refers?|referring|stands?)[ \t]+(?:to|for)[ \t]+([^;:.=<>()]{1,120})/giu;
/** A word mixing letters and digits (`A11`, `K12`) or with a capital inside (`NumTstTakr`, `driverRef`): an identifier as written. */
const IDENTIFIER_WORD = /[\p{L}\p{N}$#]+(?:[_.][\p{L}\p{N}$#]+)+|\b[A-Za-z]+\d+[A-Za-z\d]*\b|\b[A-Za-z][a-z]+[A-Z][\p{L}\p{N}]*/gu;

/** Strings of the question written as identifiers (see the module comment), longest form first. */
export function identifierCandidates(question: string): string[] {
  const text = question.slice(0, MAX_CHARS);
  const out: string[] = [];
  for (const m of text.matchAll(QUOTED)) out.push((m[1] ?? m[2] ?? m[3]!).trim());
  for (const m of text.matchAll(CALL)) for (const arg of m[1]!.split(/[,+\-*/]/)) out.push(arg.trim());
  for (const m of text.matchAll(COMPARISON)) {
    // The words just before the operator: try the last one, two, … of them.
    const words = m[1]!.trim().split(/[ \t]+/);
    for (let k = 1; k <= words.length; k++) out.push(words.slice(-k).join(' '));
  }
  for (const m of text.matchAll(REFERS)) {
    const left = m[1]!.trim().split(/[ \t]+/);
    for (let k = 1; k <= left.length; k++) out.push(left.slice(-k).join(' '));
    for (const item of m[2]!.split(/,|\band\b|\bor\b/i)) {
      const right = item.trim().split(/[ \t]+/).slice(0, 4);
      for (let k = 1; k <= right.length; k++) out.push(right.slice(0, k).join(' '));
    }
  }
  for (const m of text.matchAll(IDENTIFIER_WORD)) {
    out.push(m[0]);
    // `T1.type`, `cards.type`: each dotted part on its own too.
    if (m[0].includes('.')) out.push(...m[0].split('.'));
  }
  return out.filter((s) => s.length > 0).slice(0, MAX_CANDIDATES);
}

/** Names of the index the question spells out: runs of 2+ words, and identifier-written candidates of any length. */
export function phraseHits(index: SchemaIndex, question: string, lexicon: WordNet | null = null): PhraseHit[] {
  const map = phraseMap(index);
  const found = new Map<string, PhraseHit>();
  const offer = (key: string, explicit: boolean, weight = 1) => {
    const places = map.get(key);
    if (!places) return;
    const had = found.get(key);
    if (!had || (explicit && !had.explicit) || (!had.explicit && weight > (had.weight ?? 1))) found.set(key, { key, explicit, places, ...(weight < 1 ? { weight } : {}) });
  };
  for (const c of identifierCandidates(question)) {
    const words = splitWords(c.replace(/^[A-Za-z]\d?\./, ''));
    if (words.length) offer(phraseKey(words), true);
  }
  const words = splitWords(question.slice(0, MAX_CHARS));
  for (let i = 0; i < words.length; i++) {
    for (let n = 2; n <= MAX_PHRASE_WORDS && i + n <= words.length; n++) offer(phraseKey(words.slice(i, i + n)), false);
  }
  // A run of words the lexicon knows as one term ("given name") meets the names of its synonyms
  // (`first_name`, `forename`), at the relation's weight.
  if (lexicon) {
    for (let i = 0; i < Math.min(words.length, MAX_LEXICON_WORDS); i++) {
      for (let n = 2; n <= MAX_LEXICON_RUN && i + n <= words.length; n++) {
        const run = words.slice(i, i + n);
        if (!run.every((w) => /^[a-z]+$/.test(w))) break;
        const own = phraseKey(run);
        // A fallback, like single-word synonyms: a run the schema uses as a name decides by itself.
        if (map.has(own)) continue;
        for (const [r, x] of lexicon.related(run.join('_'))) {
          if (x < LEXICON_RUN_MIN) continue;
          const key = phraseKey(r.split(/[_-]/));
          if (key !== own && key.length >= 4) offer(key, false, x);
        }
      }
    }
  }
  return [...found.values()];
}
