/**
 * Listing the tables of a 30,000-table PostgreSQL schema: our driver's `metadata.tables` (paged,
 * with comments and a total) for the first page of 100, for the tree's page of 100,000 (spec 01 §9)
 * and for a search, against a raw `SELECT relname FROM pg_class … LIMIT` on the same server in the
 * same run. Issue 3 target: the first page in under 1 s.
 */
import pg from 'pg';
import { driverFor } from '@askdb/drivers';
import { median, percentile, type BenchLine } from './lib.js';

const TABLES = 30_000;
const ROUNDS = 15;
const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function urlFor(db: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${db}`;
  return url.toString();
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { return await fn(c); } finally { await c.end(); }
}

/** 30,000 tables, every tenth with a comment, created 1,000 per transaction (lock table limits). */
async function createSchema(db: string): Promise<void> {
  await withClient(urlFor(db), async (c) => {
    for (let from = 1; from <= TABLES; from += 1000) {
      await c.query(`DO $$ BEGIN
        FOR i IN ${from}..${Math.min(TABLES, from + 999)} LOOP
          EXECUTE format('CREATE TABLE t_%s (id int, name text)', lpad(i::text, 5, '0'));
          IF i % 10 = 0 THEN EXECUTE format('COMMENT ON TABLE t_%s IS %L', lpad(i::text, 5, '0'), 'table number ' || i); END IF;
        END LOOP; END $$`);
    }
    await c.query('ANALYZE');
  });
}

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export default async function run(): Promise<BenchLine[]> {
  // ASKDB_BENCH_TABLES_DB names an already prepared database (kept), to rerun without rebuilding it.
  const reuse = process.env.ASKDB_BENCH_TABLES_DB;
  const db = reuse ?? `askdb_bench_tables_${process.pid}`;
  if (!reuse) await withClient(PG_URL, (c) => c.query(`CREATE DATABASE ${db}`));
  try {
    if (!reuse) await createSchema(db);
    const conn = await (await driverFor('POSTGRESQL')).connect({ alias: 'bench', type: 'POSTGRESQL', url: urlFor(db) });
    const raw = new pg.Client({ connectionString: urlFor(db) });
    await raw.connect();
    try {
      const loc = { schemaName: 'public' };
      const rawPage = (limit: number, like?: string) => raw.query(
        `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'r' ${like ? 'AND c.relname LIKE $2' : ''} ORDER BY c.relname LIMIT $1`,
        like ? [limit, like] : [limit]);
      const first = await conn.metadata.tables(loc, { pageNo: 1, pageSize: 100 });
      if (first.total !== TABLES || first.data.length !== 100) throw new Error(`unexpected first page: total ${first.total}, ${first.data.length} rows`);
      // The same information as ours (a page and the total), raw: the fairer comparison for the first page.
      const rawCount = () => raw.query(`SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'`);
      const t = { first: [] as number[], tree: [] as number[], search: [] as number[] };
      const b = { first: [] as number[], firstWithCount: [] as number[], tree: [] as number[], search: [] as number[] };
      for (let i = 0; i < ROUNDS; i++) {
        b.first.push(await timeIt(() => rawPage(100)));
        b.firstWithCount.push(await timeIt(async () => { await rawPage(100); await rawCount(); }));
        t.first.push(await timeIt(() => conn.metadata.tables(loc, { pageNo: 1, pageSize: 100 })));
        b.tree.push(await timeIt(() => rawPage(100_000)));
        t.tree.push(await timeIt(() => conn.metadata.tables(loc, { pageNo: 1, pageSize: 100_000 })));
        b.search.push(await timeIt(() => rawPage(100, '%2999%')));
        t.search.push(await timeIt(() => conn.metadata.tables(loc, { pageNo: 1, pageSize: 100, searchKey: '2999' })));
      }
      const line = (what: string, ours: number[], base: number[], baseName: string, extra: Record<string, string> = {}): BenchLine => ({
        name: `tables-list: ${what} of a ${TABLES.toLocaleString('en-US')}-table schema (metadata.tables)`,
        unit: 'ms', median: median(ours), baselineName: baseName, baselineMedian: median(base),
        target: 'first page < 1000 ms', extra: { p95: percentile(ours, 95).toFixed(1), ...extra },
      });
      return [
        line('first page of 100 with comments and total', t.first, b.first, 'raw SELECT relname FROM pg_class … LIMIT 100', {
          rawPagePlusCountMs: median(b.firstWithCount).toFixed(1), ratioVsPagePlusCount: (median(t.first) / median(b.firstWithCount)).toFixed(3),
        }),
        line('tree page of 100,000 (every table)', t.tree, b.tree, 'raw SELECT relname FROM pg_class … LIMIT 100000'),
        line('search "2999", first page', t.search, b.search, 'raw SELECT relname … LIKE … LIMIT 100'),
      ];
    } finally {
      await raw.end();
      await conn.close();
    }
  } finally {
    if (!reuse) await withClient(PG_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`));
  }
}
