/**
 * The per-catalog part of schema linking, built once and reused for every question: each
 * table's name words (split into a shared group prefix such as `hr_` and the words that tell
 * it apart), column words, comment and annotation words, key columns and FK neighbours; the
 * document frequencies per field; and groups of related tables (FK-connected or sharing a
 * name prefix). Identifier words are lemmatised, abbreviations (`qty`) also count as their
 * expansion, and words written together (`countrylanguage`) also as their parts.
 */
import type { Catalog, CatalogTable } from './catalog.js';
import { expandAbbreviation } from './lexicon.js';
import { identifierTerms, lemma, splitWords } from './text-tokens.js';

export interface IndexedTable {
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
  /** term → where it occurs: tables by field, and (table, column) pairs flattened. */
  postings: Map<string, Posting>;
}

export interface Posting {
  name: number[];
  group: number[];
  text: number[];
  /** [table, column, table, column, …] */
  columns: number[];
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
    // Names users gave in "Change AI table info" count like the table's and columns' own names.
    const aliasTerms = (aliases: string[] | undefined) => (aliases ?? []).flatMap((a) => terms(a));
    return {
      table,
      nameTerms: new Set([...nameWords[ti]!.slice(groupLength[ti]!), ...aliasTerms(table.aliases)]),
      groupTerms: new Set(nameWords[ti]!.slice(0, groupLength[ti]!)),
      columnTerms: table.columns.map((c) => new Set([...terms(c.name), ...aliasTerms(c.aliases)])),
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
  const postings = new Map<string, Posting>();
  const at = (term: string) => {
    let p = postings.get(term);
    if (!p) postings.set(term, (p = { name: [], group: [], text: [], columns: [] }));
    return p;
  };
  tables.forEach((t, ti) => {
    for (const term of t.nameTerms) at(term).name.push(ti);
    for (const term of t.groupTerms) at(term).group.push(ti);
    for (const term of t.textTerms) at(term).text.push(ti);
    t.columnTerms.forEach((set, ci) => set.forEach((term) => at(term).columns.push(ti, ci)));
  });
  const groupKeys = nameWords.map((w, i) => (groupLength[i]! > 0 ? w.slice(0, groupLength[i]!).join(' ') : undefined));
  return { tables, df, nameDf, columnDf, component: components(tables, groupKeys), avgColumns, byName, postings };
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

export function lookup(byName: Map<string, number>, name: string): number | undefined {
  const lower = name.toLowerCase().replace(/["`[\]]/g, '');
  return byName.get(lower) ?? byName.get(lower.split('.').pop()!);
}
