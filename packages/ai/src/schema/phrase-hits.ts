/**
 * Whole names the question spells out. A run of question words that reads as a column's or a
 * table's full name ("free meal count", "home town" for `hometown`, "singer names" for
 * `Singer_Name`) is stronger evidence than its words one by one, and so is a name the question
 * writes as an identifier: in backticks or brackets, snake_case or camelCase, on the left of a
 * comparison (`type = 'gold'`), inside a function call (`MAX(Height)`) or after a table alias
 * (`T1.type`). Evidence notes that come with questions ("gold card refers to type = 'gold'")
 * are written that way; a single common word is only taken as a name when it is written so.
 *
 * Aliases users gave ("Change AI table info") and short comments (`A11`: "average salary")
 * count as names too. Names are compared as their lower-case words joined, the last one in base form, so spacing,
 * case, underscores and a plural do not matter. Matching costs a map lookup per run of up to
 * MAX_PHRASE_WORDS question words: it grows with the question, not with the schema.
 */
import type { SchemaIndex } from './schema-index.js';
import { lemma, splitWords } from './text-tokens.js';

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
}

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
export function phraseHits(index: SchemaIndex, question: string): PhraseHit[] {
  const map = phraseMap(index);
  const found = new Map<string, PhraseHit>();
  const offer = (key: string, explicit: boolean) => {
    const places = map.get(key);
    if (!places) return;
    const had = found.get(key);
    if (!had || (explicit && !had.explicit)) found.set(key, { key, explicit, places });
  };
  for (const c of identifierCandidates(question)) {
    const words = splitWords(c.replace(/^[A-Za-z]\d?\./, ''));
    if (words.length) offer(phraseKey(words), true);
  }
  const words = splitWords(question.slice(0, MAX_CHARS));
  for (let i = 0; i < words.length; i++) {
    for (let n = 2; n <= MAX_PHRASE_WORDS && i + n <= words.length; n++) offer(phraseKey(words.slice(i, i + n)), false);
  }
  return [...found.values()];
}
