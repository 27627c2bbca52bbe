/**
 * Knowledge items feeding schema linking (issue 17 point 4), on the Spider dev set.
 *
 * bench/fixtures/knowledge-terms.json holds 100 terminology items, each defining a word no Spider
 * schema (nor the linker's lexicon) uses — "crooner" for a singer, "aerodrome" for an airport — and
 * 100 dev questions rewritten to use that word instead of the table's own ("How many crooners do we
 * have?"). All 100 items sit in one knowledge base (global items): retrieval must pick the right one.
 *
 * Measured: share of questions whose gold tables are all in the linker's top 5
 *  - ours: rankKnowledge picks the items, questionForLinking adds the used terms' definitions,
 *    then rankTables (services/knowledge/retrieve.ts);
 *  - baseline: rankTables on the question alone (no knowledge) — the same linker, same run.
 * On the merged 876-table schema (all 166 Spider databases, names prefixed with the database, as
 * bench/ai-schema-link.bench.ts builds it, read back through AskDB's SQLite driver) and per database.
 * Also: how often the question's own item is retrieved first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSchemaIndex, rankTables, type SchemaIndex } from '@askdb/ai';
import type { BenchLine } from './lib.js';
import { buildSqlite, createStatements, loadSpider, readCatalog } from './ai-spider.js';
import { questionForLinking, rankKnowledge, type KnowledgeDoc } from '../apps/server/src/services/knowledge/retrieve.js';

interface TermCase { db: string; term: string; question: string; gold: string[] }
interface Fixture { items: { name: string; content: string }[]; cases: TermCase[] }

const SEP = '__';
const K = 5;

export function loadFixture(): Fixture {
  return JSON.parse(fs.readFileSync(path.resolve(process.cwd(), 'bench/fixtures/knowledge-terms.json'), 'utf8')) as Fixture;
}

export function knowledgeDocs(f: Fixture): KnowledgeDoc[] {
  return f.items.map((it, i) => ({ id: i + 1, kind: 'TERMINOLOGY', name: it.name, content: it.content, tableName: null }));
}

const lower = (s: string) => s.toLowerCase();
function inTop(index: SchemaIndex, question: string, gold: string[]): boolean {
  const top = new Set(rankTables(index, question, { limit: K }).map((t) => lower(t.tableName)));
  return gold.every((g) => top.has(lower(g)));
}

export default async function run(): Promise<BenchLine[]> {
  const fixture = loadFixture();
  const docs = knowledgeDocs(fixture);
  const { dbs } = loadSpider();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-knowledge-'));
  const perDb = new Map<string, SchemaIndex>();
  let merged: SchemaIndex;
  let tableCount = 0;
  try {
    const mergedFile = path.join(dir, 'merged.sqlite');
    buildSqlite(mergedFile, dbs.flatMap((db) => createStatements(db, db.db_id + SEP)));
    const mergedCatalog = await readCatalog(mergedFile);
    merged = buildSchemaIndex(mergedCatalog);
    for (const id of new Set(fixture.cases.map((c) => c.db))) {
      const file = path.join(dir, `${id}.sqlite`);
      buildSqlite(file, createStatements(dbs.find((d) => d.db_id === id)!));
      perDb.set(id, buildSchemaIndex(await readCatalog(file)));
    }
    tableCount = mergedCatalog.tables.length;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const n = fixture.cases.length;
  const count = { mergedWith: 0, mergedWithout: 0, dbWith: 0, dbWithout: 0, ownItemFirst: 0, gainedOnly: 0 };
  for (const c of fixture.cases) {
    const ranked = rankKnowledge(docs, c.question);
    if (ranked[0]?.item.name === c.term) count.ownItemFirst++;
    const linkQ = questionForLinking(c.question, ranked);
    const mGold = c.gold.map((g) => c.db + SEP + g);
    const w = inTop(merged, linkQ, mGold);
    const wo = inTop(merged, c.question, mGold);
    count.mergedWith += Number(w);
    count.mergedWithout += Number(wo);
    if (w && !wo) count.gainedOnly++;
    const idx = perDb.get(c.db)!;
    count.dbWith += Number(inTop(idx, linkQ, c.gold));
    count.dbWithout += Number(inTop(idx, c.question, c.gold));
  }
  const pct = (x: number) => Math.round((x / n) * 1000) / 10;
  return [
    {
      name: `knowledge linking, Spider merged ${tableCount}-table schema, ${n} questions using a term defined only by a knowledge item: gold tables in top ${K}`,
      unit: '% of questions', median: pct(count.mergedWith), baselineName: 'schema linking without knowledge items', baselineMedian: pct(count.mergedWithout),
      ratio: count.mergedWithout ? count.mergedWith / count.mergedWithout : Infinity,
      extra: { inTop5WithItemNotWithout: `${pct(count.gainedOnly)}%`, ownItemRetrievedFirst: `${pct(count.ownItemFirst)}%`, knowledgeBase: `${docs.length} items` },
    },
    {
      name: `knowledge linking, Spider per database (${perDb.size} databases), same ${n} questions: gold tables in top ${K}`,
      unit: '% of questions', median: pct(count.dbWith), baselineName: 'schema linking without knowledge items', baselineMedian: pct(count.dbWithout),
      ratio: count.dbWithout ? count.dbWith / count.dbWithout : Infinity,
    },
  ];
}
