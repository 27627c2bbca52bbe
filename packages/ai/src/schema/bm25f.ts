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
const averages = new WeakMap<SchemaIndex, Lengths>();

function lengths(t: IndexedTable): Lengths {
  return { name: t.nameTerms.size + t.groupTerms.size, column: t.columnTerms.length, text: t.textTerms.size };
}

function averageLengths(index: SchemaIndex): Lengths {
  let avg = averages.get(index);
  if (!avg) {
    const sum = { name: 0, column: 0, text: 0 };
    for (const t of index.tables) {
      const l = lengths(t);
      sum.name += l.name;
      sum.column += l.column;
      sum.text += l.text;
    }
    const n = Math.max(1, index.tables.length);
    avg = { name: Math.max(1, sum.name / n), column: Math.max(1, sum.column / n), text: Math.max(1, sum.text / n) };
    averages.set(index, avg);
  }
  return avg;
}

/** BM25F score of every table for the expanded question terms (term → weight per expansion). */
export function bm25fScores(index: SchemaIndex, expansions: Map<string, number>[], p: Bm25fParams = DEFAULT_BM25F): number[] {
  const n = index.tables.length;
  const avg = averageLengths(index);
  const idf = (term: string) => {
    const df = index.df.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  return index.tables.map((t) => {
    const l = lengths(t);
    const norm = (b: number, len: number, a: number) => 1 - b + (b * len) / a;
    const nName = norm(p.bName, l.name, avg.name);
    const nColumn = norm(p.bColumn, l.column, avg.column);
    const nText = norm(p.bText, l.text, avg.text);
    let score = 0;
    for (const exp of expansions) {
      let best = 0;
      for (const [term, weight] of exp) {
        const inName = t.nameTerms.has(term) || t.groupTerms.has(term) ? 1 : 0;
        let inColumns = 0;
        for (const c of t.columnTerms) if (c.has(term)) inColumns++;
        const inText = t.textTerms.has(term) ? 1 : 0;
        const tf = (p.name * inName) / nName + (p.column * inColumns) / nColumn + (p.text * inText) / nText;
        if (tf === 0) continue;
        const s = weight * idf(term) * (tf / (p.k1 + tf));
        if (s > best) best = s;
      }
      score += best;
    }
    return score;
  });
}
