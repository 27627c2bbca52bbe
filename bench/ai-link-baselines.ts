/**
 * Baselines the schema-linking benchmark measures our ranking against, in the same run:
 *
 * - BM25: plain Okapi BM25 (k1 1.2, b 0.75) with one document per table — its name, its column
 *   names and every comment — tokenised like identifiers (snake_case and camelCase split, lower
 *   case, plural "s" dropped), English stopwords removed from the question. No field weights,
 *   no structure: the honest "search engine over the catalog" a ranking has to beat.
 * - Word overlap: how many distinct question words occur among the table's words (the 20-line
 *   ranking the issue compares with).
 *
 * Ties keep catalog order.
 */
import { splitWords, type Catalog, type CatalogTable } from '@askdb/ai';

const EN_STOPWORDS = new Set(
  ('a an the of in on at to for from by with as and or not is are was were be been do does did have has had ' +
    'what which who whom whose where when how many much all any each every i me my we our you your he his she her ' +
    'it its they their them this that these those there than then also only show list give find return').split(' '),
);

const norm = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
export const baselineTokens = (text: string): string[] => splitWords(text).map(norm);
const questionTokens = (q: string) => splitWords(q).filter((w) => !EN_STOPWORDS.has(w)).map(norm);

export function tableDocument(t: CatalogTable): string[] {
  return [t.name, t.comment ?? '', t.annotation ?? '', ...t.columns.flatMap((c) => [c.name, c.comment ?? ''])].flatMap(baselineTokens);
}

export interface Bm25Index {
  docs: { name: string; tf: Map<string, number>; length: number }[];
  df: Map<string, number>;
  avgLength: number;
}

export function buildBm25(catalog: Catalog): Bm25Index {
  const df = new Map<string, number>();
  const docs = catalog.tables.map((t) => {
    const words = tableDocument(t);
    const tf = new Map<string, number>();
    for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
    for (const w of tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
    return { name: t.name, tf, length: words.length };
  });
  return { docs, df, avgLength: docs.reduce((n, d) => n + d.length, 0) / Math.max(1, docs.length) };
}

export function bm25Ranking(index: Bm25Index, question: string, k1 = 1.2, b = 0.75): string[] {
  const n = index.docs.length;
  const terms = [...new Set(questionTokens(question))];
  return index.docs
    .map((d, i) => {
      let s = 0;
      for (const t of terms) {
        const f = d.tf.get(t);
        if (!f) continue;
        const df = index.df.get(t)!;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        s += (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.length) / index.avgLength));
      }
      return { name: d.name, i, s };
    })
    .sort((x, y) => y.s - x.s || x.i - y.i)
    .map((d) => d.name);
}

export function wordOverlapRanking(catalog: Catalog, question: string): string[] {
  const q = new Set(questionTokens(question));
  return catalog.tables
    .map((t, i) => {
      const words = new Set(tableDocument(t));
      let s = 0;
      for (const w of q) if (words.has(w)) s++;
      return { name: t.name, i, s };
    })
    .sort((x, y) => y.s - x.s || x.i - y.i)
    .map((t) => t.name);
}
