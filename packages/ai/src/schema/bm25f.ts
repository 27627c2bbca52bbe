/**
 * BM25F over a table's fields: the term frequencies of its name, its column names and its
 * comments/annotations are weighted per field and normalised by each field's length against the
 * schema's average, summed, then saturated once (k1) and multiplied by one IDF. Unlike a plain
 * BM25 over one bag of words, a hit in a table's name counts more than one in a column, and
 * many columns repeating a word (`home_city`, `work_city`) count more than one, with diminishing
 * returns. Question terms arrive expanded (exact, prefix, synonym) with a weight each; a term
 * scores through its best expansion.
 */
import type { IndexedTable, SchemaIndex } from './schema-index.js';

export interface Bm25fParams {
  k1: number;
  /** Field weights. */
  name: number;
  column: number;
  text: number;
  /** Length normalisation per field (0: none, 1: full). */
  bName: number;
  bColumn: number;
  bText: number;
}

export const DEFAULT_BM25F: Bm25fParams = { k1: 1.2, name: 3, column: 1, text: 0.5, bName: 0.3, bColumn: 0.75, bText: 0.75 };

interface Lengths {
  name: number;
  column: number;
  text: number;
}

/** Per table: field-weighted, length-normalised frequency of each of its terms (before saturation). */
interface Prepared {
  params: Bm25fParams;
  tf: Map<string, number>[];
}
const prepared = new WeakMap<SchemaIndex, Prepared>();

function prepare(index: SchemaIndex, p: Bm25fParams): Prepared {
  const hit = prepared.get(index);
  if (hit && hit.params === p) return hit;
  const lengths = (t: IndexedTable): Lengths => ({ name: t.nameTerms.size + t.groupTerms.size, column: t.columnTerms.length, text: t.textTerms.size });
  const all = index.tables.map(lengths);
  const n = Math.max(1, all.length);
  const avg = (k: keyof Lengths) => Math.max(1, all.reduce((s, l) => s + l[k], 0) / n);
  const avgName = avg('name');
  const avgColumn = avg('column');
  const avgText = avg('text');
  const norm = (b: number, len: number, a: number) => 1 - b + (b * len) / a;
  const tf = index.tables.map((t, i) => {
    const l = all[i]!;
    const m = new Map<string, number>();
    const add = (term: string, x: number) => m.set(term, (m.get(term) ?? 0) + x);
    const name = p.name / norm(p.bName, l.name, avgName);
    const column = p.column / norm(p.bColumn, l.column, avgColumn);
    const text = p.text / norm(p.bText, l.text, avgText);
    for (const term of new Set([...t.nameTerms, ...t.groupTerms])) add(term, name);
    for (const c of t.columnTerms) for (const term of c) add(term, column);
    for (const term of t.textTerms) add(term, text);
    return m;
  });
  const out = { params: p, tf };
  prepared.set(index, out);
  return out;
}

/**
 * BM25F score of every table for the expanded question terms (term → weight per expansion).
 * Walks each term's postings, so the work grows with the tables the terms occur in, not with the
 * schema (a 30,000-table schema and a question expanded to a hundred terms).
 */
export function bm25fScores(index: SchemaIndex, expansions: Map<string, number>[], p: Bm25fParams = DEFAULT_BM25F): number[] {
  const n = index.tables.length;
  const idf = (term: string) => {
    const df = index.df.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  const { tf } = prepare(index, p);
  const scores = new Array<number>(n).fill(0);
  const best = new Map<number, number>();
  for (const exp of expansions) {
    best.clear();
    for (const [term, weight] of exp) {
      const posting = index.postings.get(term);
      if (!posting) continue;
      const w = weight * idf(term);
      const visit = (ti: number) => {
        const f = tf[ti]!.get(term);
        if (!f) return;
        const s = (w * f) / (p.k1 + f);
        if (s > (best.get(ti) ?? 0)) best.set(ti, s);
      };
      posting.name.forEach(visit);
      posting.group.forEach(visit);
      posting.text.forEach(visit);
      for (let i = 0; i < posting.columns.length; i += 2) visit(posting.columns[i]!);
    }
    for (const [ti, s] of best) scores[ti]! += s;
  }
  return scores;
}
