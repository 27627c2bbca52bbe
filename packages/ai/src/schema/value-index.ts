/**
 * Value index for schema linking: a sampled set of distinct short text values per column
 * ("Kabul", "English", "Gelderland"), so a question naming a value finds the table that holds
 * it even when no word of the question names the table or the column.
 *
 * Only the question's quoted strings and runs of capitalised words are looked up (that is how
 * questions name values), whole and as shorter runs within. Values are kept only when short
 * (≤ 40 characters, ≤ 5 words) and not bare numbers or dates; each column contributes at most
 * `perColumn` values and the whole index at most `total`. Building it reads row data, so callers
 * build it only when the AI privacy setting allows sample values (SCHEMA_AND_SAMPLES).
 */
import type { Catalog } from './catalog.js';

export interface ColumnValues {
  table: string;
  column: string;
  values: readonly unknown[];
}

export interface ValueHit {
  table: string;
  column: string;
  value: string;
}

export interface ValueIndex {
  /** normalised value → where it occurs */
  byValue: Map<string, { table: string; column: string }[]>;
  /** Longest value in words (bounds the runs looked up). */
  maxWords: number;
}

export const VALUE_INDEX_LIMITS = { maxChars: 40, maxWords: 5, perColumn: 200, total: 200_000 };

const normalise = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

function indexable(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = normalise(v);
  if (s.length < 2 || s.length > VALUE_INDEX_LIMITS.maxChars) return undefined;
  if (!/\p{L}/u.test(s) || /^[\d\s.:/+-]*[tz]?[\d\s.:/+-]*$/.test(s)) return undefined;
  if (s.split(' ').length > VALUE_INDEX_LIMITS.maxWords) return undefined;
  return s;
}

export function buildValueIndex(columns: Iterable<ColumnValues>): ValueIndex {
  const byValue = new Map<string, { table: string; column: string }[]>();
  let total = 0;
  let maxWords = 1;
  for (const c of columns) {
    let taken = 0;
    const seen = new Set<string>();
    for (const raw of c.values) {
      if (taken >= VALUE_INDEX_LIMITS.perColumn || total >= VALUE_INDEX_LIMITS.total) break;
      const v = indexable(raw);
      if (v === undefined || seen.has(v)) continue;
      seen.add(v);
      taken++;
      total++;
      const list = byValue.get(v) ?? [];
      list.push({ table: c.table, column: c.column });
      byValue.set(v, list);
      maxWords = Math.max(maxWords, v.split(' ').length);
    }
  }
  return { byValue, maxWords };
}

/** The sample values already on a catalog's columns (filled when privacy allows samples). */
export function valueIndexFromCatalog(catalog: Catalog): ValueIndex {
  return buildValueIndex(
    catalog.tables.flatMap((t) => t.columns.filter((c) => c.samples?.length).map((c) => ({ table: t.name, column: c.name, values: c.samples! }))),
  );
}

/** Only the start of a long input is searched for values, and only its first candidates. */
const MAX_QUESTION_CHARS = 20_000;
const MAX_CANDIDATES = 500;

const CONNECTORS = new Set(['of', 'the', 'and', 'de', 'la', 'le', 'du', 'van', 'von', 'der', 'da', 'del', 'y', '&']);

/** Quoted strings and runs of capitalised words of a question (a run may hold "of", "de"…). */
export function valueCandidates(question: string): string[] {
  const out: string[] = [];
  for (const m of question.matchAll(/(?:^|[\s(,:;])(?:"([^"]{1,80})"|'([^']{1,80})'|“([^”]{1,80})”|‘([^’]{1,80})’|`([^`]{1,80})`)(?=$|[\s).,;:?!])/gu)) {
    out.push((m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5]!).trim());
  }
  const words = question.split(/[\s,;:?!()"“”]+/u).map((w) => w.replace(/^['‘]|['’.]$|['’]s$/gu, '')).filter(Boolean);
  let run: string[] = [];
  const flush = () => {
    while (run.length && CONNECTORS.has(run[run.length - 1]!.toLowerCase())) run.pop();
    if (run.length) out.push(run.join(' '));
    run = [];
  };
  for (const w of words) {
    if (/^\p{Lu}/u.test(w) || (/^\p{N}/u.test(w) && run.length)) run.push(w);
    else if (run.length && CONNECTORS.has(w.toLowerCase())) run.push(w);
    else flush();
  }
  flush();
  return out;
}

/** Values of the index the question names: longest runs first, each word used once. */
export function matchValues(index: ValueIndex, question: string): ValueHit[] {
  const hits: ValueHit[] = [];
  const seen = new Set<string>();
  for (const cand of valueCandidates(question.slice(0, MAX_QUESTION_CHARS)).slice(0, MAX_CANDIDATES)) {
    const words = normalise(cand).split(' ');
    const used = new Array<boolean>(words.length).fill(false);
    for (let len = Math.min(words.length, index.maxWords); len >= 1; len--) {
      for (let i = 0; i + len <= words.length; i++) {
        if (used.slice(i, i + len).some(Boolean)) continue;
        const v = words.slice(i, i + len).join(' ');
        const where = index.byValue.get(v);
        if (!where) continue;
        used.fill(true, i, i + len);
        for (const w of where) {
          const key = `${w.table}\u0000${w.column}\u0000${v}`;
          if (!seen.has(key)) hits.push({ ...w, value: v });
          seen.add(key);
        }
      }
    }
  }
  return hits;
}
