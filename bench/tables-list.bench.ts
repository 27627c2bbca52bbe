/**
 * Listing the tables of a 30,000-table PostgreSQL schema: our driver's `metadata.tables` (paged,
 * with comments and a total) for the first page of 100, for the tree's page of 100,000 (spec 01 §9)
 * and for a search, against a raw `SELECT relname FROM pg_class … LIMIT` on the same server in the
 * same run. Issue 3 target: the first page in under 1 s.
 */
import pg from 'pg';
import { driverFor } from '@askdb/drivers';
import { median, percentile, type BenchLine } from './lib.js';
import { COMMENTED_TABLE_BODY, PG_URL, createNumberedTables, pgUrlFor, timed, withPg } from './pg.js';

const TABLES = 30_000;
const ROUNDS = 15;



async function createSchema(db: string): Promise<void> {
  await createNumberedTables(db, TABLES, 1000, COMMENTED_TABLE_BODY);
}


export default async function run(): Promise<BenchLine[]> {
  // ASKDB_BENCH_TABLES_DB names an already prepared database (kept), to rerun without rebuilding it.
  const reuse = process.env.ASKDB_BENCH_TABLES_DB;
  const db = reuse ?? `askdb_bench_tables_${process.pid}`;
  if (!reuse) await withPg(PG_URL, (c) => c.query(`CREATE DATABASE ${db}`));
  try {
    if (!reuse) await createSchema(db);
    const conn = await (await driverFor('POSTGRESQL')).connect({ alias: 'bench', type: 'POSTGRESQL', url: pgUrlFor(db) });
    const raw = new pg.Client({ connectionString: pgUrlFor(db) });
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
        b.first.push(await timed(() => rawPage(100)));
        b.firstWithCount.push(await timed(async () => { await rawPage(100); await rawCount(); }));
        t.first.push(await timed(() => conn.metadata.tables(loc, { pageNo: 1, pageSize: 100 })));
        b.tree.push(await timed(() => rawPage(100_000)));
        t.tree.push(await timed(() => conn.metadata.tables(loc, { pageNo: 1, pageSize: 100_000 })));
        b.search.push(await timed(() => rawPage(100, '%2999%')));
        t.search.push(await timed(() => conn.metadata.tables(loc, { pageNo: 1, pageSize: 100, searchKey: '2999' })));
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
    if (!reuse) await withPg(PG_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`));
  }
}
