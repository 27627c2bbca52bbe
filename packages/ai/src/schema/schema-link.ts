/**
 * Schema linking: which tables and columns of a schema of any size a question needs.
 *
 * Lexical ranking, BM25-style: question terms are matched (exact stem, or one a prefix of the
 * other for words of 4+ letters: "managed"/"management") against each table's name, column
 * names, comments and AI-collection annotations; rarer terms weigh more (IDF per field);
 * long tables are damped. Identifiers are split on case and underscores, and words written
 * together (`countrylanguage`) also count as their parts. Leading name words shared by a group
 * of tables (a module prefix such as `hr_`) weigh less than the words that tell tables apart.
 *
 * Then structure: tables joined by foreign keys to well-scoring tables are lifted (bridge tables
 * like `singer_in_concert` rarely share the question's words), and every table of a group of
 * related tables (FK-connected or sharing a name prefix) is lifted by how much of the question
 * the group covers as a whole, so in a schema mixing many subjects the subject the question is
 * about wins. Tables the user mentioned (`@table` or the chat's table list, at most 8) always
 * come first.
 */
import { LIMITS } from '@askdb/contracts';
import type { Catalog, CatalogTable } from './catalog.js';
import { liftBridges } from './bridges.js';
import { expandAbbreviation, synonymsOf } from './lexicon.js';
import { identifierTerms, lemma, questionTerms, splitWords } from './text-tokens.js';

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
  /** Weights; the defaults were tuned on the Spider dev set (bench/ai-schema-link.bench.ts). */
  weights?: Partial<LinkWeights>;
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
}

export const DEFAULT_LINK_WEIGHTS: LinkWeights = {
  name: 1,
  column: 1,
  text: 0.6,
  neighbour1: 0.35,
  neighbour2: 0.2,
  coverage: 1.5,
  prefix: 0.5,
  component: 2,
  group: 1,
  synonym: 0.7,
  bridgeTop: 4,
  bridgeShare: 0.95,
};

interface IndexedTable {
  table: CatalogTable;
  /** The table's own name words (what distinguishes it within its name group). */
  nameTerms: Set<string>;
  /** Leading name words shared by a group of tables (`hr_` in `hr_employees`, `hr_jobs`, …). */
  groupTerms: Set<string>;
  columnTerms: Set<string>[];
  textTerms: Set<string>;
  keyColumns: Set<number>;
  neighbours: number[];
}

export interface SchemaIndex {
  tables: IndexedTable[];
  /** term → number of tables containing it anywhere */
  df: Map<string, number>;
  /** term → number of tables whose name contains it */
  nameDf: Map<string, number>;
  /** term → number of tables with a column name containing it */
  columnDf: Map<string, number>;
  /** Group of related tables (FK-connected or sharing a name prefix) of each table */
  component: number[];
  avgColumns: number;
  byName: Map<string, number>;
}

/** Build once per catalog; reuse for every question on it. */
export function buildSchemaIndex(catalog: Catalog): SchemaIndex {
  const byName = new Map<string, number>();
  catalog.tables.forEach((t, i) => {
    const lower = t.name.toLowerCase();
    byName.set(lower, i);
    const last = lower.split('.').pop()!;
    if (!byName.has(last)) byName.set(last, i);
  });
  const vocabulary = new Set(
    catalog.tables.flatMap((t) => [...splitWords(t.name), ...t.columns.flatMap((c) => splitWords(c.name))]).filter((w) => w.length >= 3),
  );
  const terms = (identifier: string) => withAbbreviations(withCompounds(identifierTerms(identifier), identifier, vocabulary), identifier);
  const nameWords = catalog.tables.map((t) => terms(t.name.split('.').pop()!).filter((w) => !/^\d+$/.test(w)));
  const groupLength = nameGroupPrefixes(nameWords);
  const tables: IndexedTable[] = catalog.tables.map((table, ti) => {
    const textParts = [table.comment ?? '', table.annotation ?? '', ...table.columns.map((c) => c.comment ?? '')];
    const keyColumns = new Set<number>();
    const fkCols = new Set((table.foreignKeys ?? []).flatMap((f) => f.columns.map((c) => c.toLowerCase())));
    table.columns.forEach((c, i) => {
      if (c.primaryKey || fkCols.has(c.name.toLowerCase())) keyColumns.add(i);
    });
    return {
      table,
      nameTerms: new Set(nameWords[ti]!.slice(groupLength[ti]!)),
      groupTerms: new Set(nameWords[ti]!.slice(0, groupLength[ti]!)),
      columnTerms: table.columns.map((c) => new Set(terms(c.name))),
      textTerms: new Set(textParts.flatMap((p) => identifierTerms(p))),
      keyColumns,
      neighbours: [],
    };
  });
  // Undirected FK graph.
  tables.forEach((t, i) => {
    for (const fk of t.table.foreignKeys ?? []) {
      const ref = lookup(byName, fk.referencedTable);
      if (ref === undefined || ref === i) continue;
      if (!t.neighbours.includes(ref)) t.neighbours.push(ref);
      if (!tables[ref]!.neighbours.includes(i)) tables[ref]!.neighbours.push(i);
    }
  });
  const df = new Map<string, number>();
  const nameDf = new Map<string, number>();
  const columnDf = new Map<string, number>();
  const bump = (m: Map<string, number>, terms: Iterable<string>) => {
    for (const term of terms) m.set(term, (m.get(term) ?? 0) + 1);
  };
  for (const t of tables) {
    const cols = new Set(t.columnTerms.flatMap((s) => [...s]));
    bump(df, new Set([...t.nameTerms, ...t.groupTerms, ...t.textTerms, ...cols]));
    bump(nameDf, new Set([...t.nameTerms, ...t.groupTerms]));
    bump(columnDf, cols);
  }
  const avgColumns = tables.reduce((n, t) => n + t.columnTerms.length, 0) / Math.max(1, tables.length);
  const groupKeys = nameWords.map((w, i) => (groupLength[i]! > 0 ? w.slice(0, groupLength[i]!).join(' ') : undefined));
  return { tables, df, nameDf, columnDf, component: components(tables, groupKeys), avgColumns, byName };
}

/**
 * For each table, how many leading name words are a group prefix: the longest leading run
 * (shorter than the whole name) that at least 3 tables share. Module prefixes (`hr_`, `wp_`,
 * a database name in a merged schema) then weigh less than the words that tell tables apart.
 */
function nameGroupPrefixes(words: string[][]): number[] {
  const count = new Map<string, number>();
  for (const w of words) {
    for (let k = 1; k < w.length; k++) {
      const key = w.slice(0, k).join(' ');
      count.set(key, (count.get(key) ?? 0) + 1);
    }
  }
  return words.map((w) => {
    for (let k = w.length - 1; k >= 1; k--) if ((count.get(w.slice(0, k).join(' ')) ?? 0) >= 3) return k;
    return 0;
  });
}

/**
 * Words written together (`countrylanguage`, `firstname`) also count as their parts when both
 * parts are words the schema uses elsewhere.
 */
function withCompounds(stems: string[], identifier: string, vocabulary: Set<string>): string[] {
  const extra: string[] = [];
  for (const w of splitWords(identifier)) {
    if (w.length < 6 || !/^[a-z]+$/.test(w)) continue;
    let bestSplit: [string, string] | undefined;
    for (let i = 3; i <= w.length - 3; i++) {
      const a = w.slice(0, i);
      const b = w.slice(i);
      if (vocabulary.has(a) && vocabulary.has(b) && (!bestSplit || Math.min(a.length, b.length) > Math.min(bestSplit[0].length, bestSplit[1].length))) bestSplit = [a, b];
    }
    if (bestSplit) extra.push(lemma(bestSplit[0]), lemma(bestSplit[1]));
  }
  return extra.length ? [...stems, ...extra] : stems;
}

/** Abbreviated identifier words (`qty`, `dept`) also count as what they stand for. */
function withAbbreviations(terms: string[], identifier: string): string[] {
  const extra = splitWords(identifier).map(expandAbbreviation).filter((x): x is string => x !== undefined);
  return extra.length ? [...terms, ...extra] : terms;
}

/** Groups of related tables: joined by foreign keys or sharing a name group prefix. */
function components(tables: IndexedTable[], groupKeys: (string | undefined)[]): number[] {
  const parent = tables.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const union = (a: number, b: number) => {
    parent[find(a)] = find(b);
  };
  tables.forEach((t, i) => t.neighbours.forEach((j) => union(i, j)));
  const firstWithKey = new Map<string, number>();
  groupKeys.forEach((k, i) => {
    if (k === undefined) return;
    const first = firstWithKey.get(k);
    if (first === undefined) firstWithKey.set(k, i);
    else union(i, first);
  });
  return tables.map((_, i) => find(i));
}

function lookup(byName: Map<string, number>, name: string): number | undefined {
  const lower = name.toLowerCase().replace(/["`[\]]/g, '');
  return byName.get(lower) ?? byName.get(lower.split('.').pop()!);
}

/** `@orders`, `@"order items"`, `` @`x` `` mentions in a question. */
export function mentionsIn(question: string): string[] {
  const out: string[] = [];
  for (const m of question.matchAll(/@(?:"([^"]+)"|`([^`]+)`|\[([^\]]+)\]|([\p{L}\p{N}_$.]+))/gu)) {
    out.push((m[1] ?? m[2] ?? m[3] ?? m[4]!).replace(/\.$/, ''));
  }
  return out;
}

/** Rank every table of the index for the question, best first. */
export function rankTables(index: SchemaIndex, question: string, options: LinkOptions = {}): LinkedTable[] {
  const w = { ...DEFAULT_LINK_WEIGHTS, ...options.weights };
  const n = index.tables.length;
  const idfOf = (m: Map<string, number>) => (term: string) => {
    const df = m.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  const idfAny = idfOf(index.df);
  const idfName = idfOf(index.nameDf);
  const idfColumn = idfOf(index.columnDf);
  const terms = [...new Set(questionTerms(question))];
  const vocabulary = [...index.df.keys()];
  // Each question term meets the schema's vocabulary exactly (weight 1) or by prefix.
  const expansions = terms.map((q) => {
    const out = new Map<string, number>();
    if (index.df.has(q)) out.set(q, 1);
    if (q.length >= 4) {
      for (const v of vocabulary) {
        if (v === q || v.length < 4) continue;
        const [short, long] = v.length < q.length ? [v, q] : [q, v];
        if (long.startsWith(short) && short.length / long.length >= 0.5) out.set(v, w.prefix);
      }
    }
    // Synonyms are a fallback: when the schema uses the question's own word, that word decides.
    if (!index.df.has(q)) for (const s of synonymsOf(q)) if (index.df.has(s) && !out.has(s)) out.set(s, w.synonym);
    return out;
  });

  const best = (exp: Map<string, number>, set: Set<string>, idf: (t: string) => number) => {
    let m = 0;
    for (const [v, weight] of exp) {
      if (!set.has(v)) continue;
      const s = weight * idf(v);
      if (s > m) m = s;
    }
    return m;
  };

  const columnScores: number[][] = [];
  /** best evidence of each question term in each table, for group coverage */
  const evidence: number[][] = [];
  const base = index.tables.map((t, ti) => {
    const ev: number[] = [];
    evidence[ti] = ev;
    let score = 0;
    const perColumn = new Array<number>(t.columnTerms.length).fill(0);
    let coveredIdf = 0;
    const lengthDamp = 1 + 0.25 * Math.log(1 + t.columnTerms.length / Math.max(1, index.avgColumns));
    for (const exp of expansions) {
      if (exp.size === 0) {
        ev.push(0);
        continue;
      }
      const nameHit = best(exp, t.nameTerms, idfName);
      const groupHit = best(exp, t.groupTerms, idfName);
      let colBest = 0;
      let colSum = 0;
      t.columnTerms.forEach((set, ci) => {
        const s = best(exp, set, idfColumn);
        perColumn[ci]! += s;
        colSum += s;
        if (s > colBest) colBest = s;
      });
      const textHit = best(exp, t.textTerms, idfAny);
      ev.push(Math.max(nameHit, groupHit, colBest, textHit));
      coveredIdf += nameHit;
      score += w.name * nameHit + w.group * groupHit + (w.column * (colBest + 0.1 * (colSum - colBest))) / lengthDamp + w.text * textHit;
    }
    // All words of the table's name are in the question: a strong sign it is meant.
    if (t.nameTerms.size > 0) {
      let covered = 0;
      for (const term of t.nameTerms) if (expansions.some((e) => e.has(term))) covered++;
      score += w.coverage * coveredIdf * (covered / t.nameTerms.size) ** 2;
    }
    columnScores[ti] = perColumn;
    return score;
  });

  // How much of the question a group of related tables covers as a whole: the group the
  // question is about lifts all its tables (joins need the ones that share no word with it).
  const groupCover = new Map<number, number[]>();
  evidence.forEach((ev, i) => {
    const g = index.component[i]!;
    const cover = groupCover.get(g) ?? new Array<number>(ev.length).fill(0);
    ev.forEach((e, k) => {
      if (e > cover[k]!) cover[k] = e;
    });
    groupCover.set(g, cover);
  });
  const coverOf = new Map([...groupCover].map(([g, c]) => [g, c.reduce((a, b) => a + b, 0)]));

  const own = index.tables.map((t, i) => {
    const ns = t.neighbours.map((j) => base[j]!).sort((a, b) => b - a);
    return base[i]! + w.neighbour1 * (ns[0] ?? 0) + w.neighbour2 * (ns[1] ?? 0);
  });
  const grouped = own.map((o, i) => o + w.component * coverOf.get(index.component[i]!)!);
  const final = w.bridgeTop > 0 ? liftBridges(grouped, index.tables.map((t) => t.neighbours), w.bridgeTop, w.bridgeShare) : grouped;

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
    columns: rankColumns(index.tables[i]!, columnScores[i]!),
    matched: own[i]! > 0,
    ...(mentioned.has(i) ? { mentioned: true } : {}),
  }));
}

function rankColumns(t: IndexedTable, scores: number[]): string[] {
  return t.table.columns
    .map((c, i) => ({ name: c.name, i, s: scores[i]! > 0 ? 2 + scores[i]! : t.keyColumns.has(i) ? 1 : 0 }))
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
