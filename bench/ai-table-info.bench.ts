/**
 * What "Change AI table info" does to schema linking (issue 29 item 1), on Spider-Syn dev (the
 * Spider dev questions with the schema's words replaced by synonyms; schemas unchanged), every
 * question against its own database, all gold tables in the top 3 / top 5. Three catalogs, ranked
 * by the same `rankTables`, each through the server's own `applyTableInfo`:
 *
 * - none: the schema as the database has it (the baseline);
 * - spider names: each table and column gets as AI alias name Spider's own natural-language name
 *   (`table_names` / `column_names`: "singer in concert" for `singer_in_concert`). The literal
 *   original names are the schema's names already, so an alias equal to them would change nothing;
 * - people's words: a user who documents the schema in the words people use. Aliases come from
 *   how the Spider-Syn writers reworded OTHER questions on the same database (leave-one-out: the
 *   question being ranked never contributes its own words): where a reworded span replaced a
 *   table's or column's name ("vocalists" for "singers"), that span becomes the alias.
 *
 * Spider (the original wording) rides along in the extras. Figures are split into the tuning and
 * held-out databases as the linking benchmark does (`spiderPart`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSchemaIndex, rankTables, type Catalog } from '@askdb/ai';
import { applyTableInfo, infoLookup } from '../apps/server/src/services/ai/table-info-apply.js';
import type { AiTableInfo } from '../apps/server/src/services/ai/table-info-schema.js';
import { median, type BenchLine } from './lib.js';
import { buildSqlite, createStatements, goldTableIds, loadSpider, loadSpiderSyn, readCatalog, spiderPart, SPIDER_SYN_FILE, type SpiderDb as SpiderSchema } from './ai-spider.js';

/** tables.json also carries Spider's natural-language names of each table and column. */
type SpiderDb = SpiderSchema & { table_names: string[]; column_names: [number, string][] };

const words = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];
const singular = (w: string) => (w.length > 3 && w.endsWith('ies') ? w.slice(0, -3) + 'y' : w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
const key = (ws: string[]) => ws.map(singular).join(' ');

/** Replaced spans between two wordings of a question (word-level LCS): [original words, new words]. */
export function replacements(original: string, reworded: string): [string[], string[]][] {
  const a = words(original);
  const b = words(reworded);
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const out: [string[], string[]][] = [];
  let i = 0;
  let j = 0;
  let from: string[] = [];
  let to: string[] = [];
  const flush = () => {
    if (from.length && to.length && from.length <= 4 && to.length <= 4) out.push([from, to]);
    from = [];
    to = [];
  };
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      i++;
      j++;
    } else if (j < b.length && (i === a.length || dp[i]![j + 1]! >= dp[i + 1]![j]!)) to.push(b[j++]!);
    else from.push(a[i++]!);
  }
  flush();
  return out;
}

/** Names of a database's tables and columns by their word key ("singer", "song name"), natural names included. */
function nameIndex(db: SpiderDb): Map<string, { table: number; column?: string }[]> {
  const idx = new Map<string, { table: number; column?: string }[]>();
  const add = (k: string, v: { table: number; column?: string }) => idx.set(k, [...(idx.get(k) ?? []), v]);
  db.table_names_original.forEach((t, ti) => {
    add(key(words(t.replace(/_/g, ' '))), { table: ti });
    add(key(words(db.table_names[ti]!)), { table: ti });
  });
  db.column_names_original.forEach(([ti, c], ci) => {
    if (ti < 0) return;
    add(key(words(c.replace(/_/g, ' '))), { table: ti, column: c });
    add(key(words(db.column_names[ci]![1])), { table: ti, column: c });
  });
  return idx;
}

type Infos = Map<string, AiTableInfo>;
function addAlias(infos: Infos, db: SpiderDb, target: { table: number; column?: string }, alias: string): void {
  const name = db.table_names_original[target.table]!;
  const info = infos.get(name) ?? { columns: [] };
  if (!target.column) info.aiTableName = info.aiTableName ? `${info.aiTableName}, ${alias}` : alias;
  else {
    const c = info.columns.find((x) => x.name === target.column) ?? (info.columns.push({ name: target.column }), info.columns.at(-1)!);
    if (!(c.aliasName ?? '').split(', ').includes(alias)) c.aliasName = c.aliasName ? `${c.aliasName}, ${alias}` : alias;
  }
  infos.set(name, info);
}

/** Spider's natural-language names as AI aliases. */
function spiderNames(db: SpiderDb): Infos {
  const infos: Infos = new Map();
  db.table_names_original.forEach((_, ti) => addAlias(infos, db, { table: ti }, db.table_names[ti]!));
  db.column_names_original.forEach(([ti, c], ci) => ti >= 0 && addAlias(infos, db, { table: ti, column: c }, db.column_names[ci]![1]));
  return infos;
}

/** Aliases from the rewordings of the given questions: a replaced span that names a table or column gives its new words as alias. */
function peoplesWords(db: SpiderDb, pairs: [string, string][]): Infos {
  const idx = nameIndex(db);
  const infos: Infos = new Map();
  for (const [orig, syn] of pairs) {
    for (const [from, to] of replacements(orig, syn)) {
      for (const target of idx.get(key(from)) ?? []) addAlias(infos, db, target, to.join(' '));
    }
  }
  return infos;
}

const pct = (x: number) => Math.round(x * 1000) / 10;
const allIn = (gold: string[], ranked: string[], k: number) => {
  const top = new Set(ranked.slice(0, k).map((t) => t.toLowerCase()));
  return gold.every((g) => top.has(g.toLowerCase()));
};

export default async function run(): Promise<BenchLine[]> {
  const { dbs, questions } = loadSpider();
  const syn = loadSpiderSyn(questions);
  const original = JSON.parse(fs.readFileSync(SPIDER_SYN_FILE, 'utf8')) as { SpiderQuestion: string; SpiderSynQuestion: string }[];
  const used = new Set(questions.map((q) => q.db_id));
  const byId = new Map((dbs as SpiderDb[]).filter((d) => used.has(d.db_id)).map((d) => [d.db_id, d]));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-ai-table-info-'));
  const catalogs = new Map<string, Catalog>();
  try {
    for (const db of byId.values()) {
      const file = path.join(dir, `${db.db_id}.sqlite`);
      buildSqlite(file, createStatements(db));
      catalogs.set(db.db_id, await readCatalog(file));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const applyMs: number[] = [];
  const applied = (catalog: Catalog, infos: Infos) => {
    const t0 = performance.now();
    const c = applyTableInfo(catalog, infoLookup(infos));
    applyMs.push(performance.now() - t0);
    return c;
  };
  const index = new Map([...catalogs].map(([id, c]) => [id, buildSchemaIndex(c)]));
  const named = new Map([...catalogs].map(([id, c]) => [id, buildSchemaIndex(applied(c, spiderNames(byId.get(id)!)))]));
  const variants = ['none', 'spider names', "people's words"] as const;
  type Hits = Record<(typeof variants)[number], { syn3: number; syn5: number; orig3: number }>;
  const zero = (): Hits => Object.fromEntries(variants.map((v) => [v, { syn3: 0, syn5: 0, orig3: 0 }])) as Hits;
  const parts = { tune: { n: 0, hits: zero() }, heldout: { n: 0, hits: zero() } };
  const questionsOf = new Map<string, number[]>();
  questions.forEach((q, i) => questionsOf.set(q.db_id, [...(questionsOf.get(q.db_id) ?? []), i]));

  questions.forEach((q, i) => {
    const db = byId.get(q.db_id)!;
    const gold = [...goldTableIds(q.sql)].map((t) => db.table_names_original[t]!);
    // Leave-one-out: the rewordings of every other question on this database, never this one's.
    const others = questionsOf.get(q.db_id)!.filter((j) => j !== i).map((j) => [original[j]!.SpiderQuestion, original[j]!.SpiderSynQuestion] as [string, string]);
    const people = buildSchemaIndex(applied(catalogs.get(q.db_id)!, peoplesWords(db, others)));
    const part = parts[spiderPart(q.db_id)];
    part.n++;
    for (const [v, idx] of [['none', index.get(q.db_id)!], ['spider names', named.get(q.db_id)!], ["people's words", people]] as const) {
      const rankSyn = rankTables(idx, syn[i]!, { limit: 10 }).map((t) => t.tableName);
      const rankOrig = rankTables(idx, q.question, { limit: 10 }).map((t) => t.tableName);
      part.hits[v].syn3 += allIn(gold, rankSyn, 3) ? 1 : 0;
      part.hits[v].syn5 += allIn(gold, rankSyn, 5) ? 1 : 0;
      part.hits[v].orig3 += allIn(gold, rankOrig, 3) ? 1 : 0;
    }
  });

  const lines: BenchLine[] = [];
  for (const [p, { n, hits }] of Object.entries(parts)) {
    const base = hits.none;
    for (const v of ['spider names', "people's words"] as const) {
      const h = hits[v];
      lines.push({
        name: `ai table info, Spider-Syn per database, ${p === 'tune' ? 'tuning' : 'held-out'} part (${n} questions): all gold tables in top 3 with AI aliases = ${v}`,
        unit: '% of questions', median: pct(h.syn3 / n), baselineName: 'no AI table info', baselineMedian: pct(base.syn3 / n), ratio: h.syn3 / base.syn3,
        extra: {
          top5: `${pct(h.syn5 / n)}%`, baselineTop5: `${pct(base.syn5 / n)}%`,
          spiderTop3: `${pct(h.orig3 / n)}%`, spiderBaselineTop3: `${pct(base.orig3 / n)}%`,
          applyMsMedian: median(applyMs).toFixed(3),
        },
      });
    }
  }
  return lines;
}
