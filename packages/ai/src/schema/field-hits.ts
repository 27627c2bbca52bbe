/**
 * The per-field hit scores of schema linking, computed from the index's postings so the work
 * grows with the matches, not with the schema: for each question term (expanded to schema
 * terms with a weight each) the best hit in each table's name, group prefix, each column and
 * its comments, each weighed by the field's IDF. Tables no term touches stay at zero.
 */
import type { SchemaIndex } from './schema-index.js';

export interface FieldWeights {
  name: number;
  group: number;
  column: number;
  text: number;
  coverage: number;
}

export interface FieldHits {
  /** Score of each table (all tables). */
  base: number[];
  /** Per question term: best evidence in each table it touches (table → score). */
  evidence: Map<number, number>[];
  /** Per touched table: each column's summed hits. */
  columnScores: Map<number, number[]>;
}

export function fieldHits(index: SchemaIndex, expansions: Map<string, number>[], w: FieldWeights): FieldHits {
  const n = index.tables.length;
  const idfOf = (m: Map<string, number>) => (term: string) => {
    const df = m.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  const idfAny = idfOf(index.df);
  const idfName = idfOf(index.nameDf);
  const idfColumn = idfOf(index.columnDf);
  const base = new Array<number>(n).fill(0);
  const coveredIdf = new Map<number, number>();
  const columnScores = new Map<number, number[]>();
  const evidence: Map<number, number>[] = [];
  const raise = (m: Map<number, number>, k: number, v: number) => {
    if (v > (m.get(k) ?? 0)) m.set(k, v);
  };

  for (const exp of expansions) {
    const name = new Map<number, number>();
    const group = new Map<number, number>();
    const text = new Map<number, number>();
    const cols = new Map<number, Map<number, number>>();
    for (const [term, weight] of exp) {
      const p = index.postings.get(term);
      if (!p) continue;
      for (const ti of p.name) raise(name, ti, weight * idfName(term));
      for (const ti of p.group) raise(group, ti, weight * idfName(term));
      for (const ti of p.text) raise(text, ti, weight * idfAny(term));
      const s = weight * idfColumn(term);
      for (let i = 0; i < p.columns.length; i += 2) {
        const ti = p.columns[i]!;
        let m = cols.get(ti);
        if (!m) cols.set(ti, (m = new Map()));
        raise(m, p.columns[i + 1]!, s);
      }
    }
    const ev = new Map<number, number>();
    for (const ti of new Set([...name.keys(), ...group.keys(), ...text.keys(), ...cols.keys()])) {
      const t = index.tables[ti]!;
      const nameHit = name.get(ti) ?? 0;
      const groupHit = group.get(ti) ?? 0;
      const textHit = text.get(ti) ?? 0;
      let colBest = 0;
      let colSum = 0;
      const perColumn = cols.get(ti);
      if (perColumn) {
        let scores = columnScores.get(ti);
        if (!scores) columnScores.set(ti, (scores = new Array<number>(t.columnTerms.length).fill(0)));
        for (const [ci, s] of perColumn) {
          scores[ci]! += s;
          colSum += s;
          if (s > colBest) colBest = s;
        }
      }
      ev.set(ti, Math.max(nameHit, groupHit, colBest, textHit));
      if (nameHit) coveredIdf.set(ti, (coveredIdf.get(ti) ?? 0) + nameHit);
      const lengthDamp = 1 + 0.25 * Math.log(1 + t.columnTerms.length / Math.max(1, index.avgColumns));
      base[ti]! += w.name * nameHit + w.group * groupHit + (w.column * (colBest + 0.1 * (colSum - colBest))) / lengthDamp + w.text * textHit;
    }
    evidence.push(ev);
  }

  // All words of the table's name are in the question: a strong sign it is meant.
  const asked = new Set(expansions.flatMap((e) => [...e.keys()]));
  for (const [ti, idf] of coveredIdf) {
    const t = index.tables[ti]!;
    if (t.nameTerms.size === 0) continue;
    let covered = 0;
    for (const term of t.nameTerms) if (asked.has(term)) covered++;
    base[ti]! += w.coverage * idf * (covered / t.nameTerms.size) ** 2;
  }
  return { base, evidence, columnScores };
}
