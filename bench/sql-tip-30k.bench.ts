/**
 * Completion while a big schema's catalog loads (issue 19 point 4): a PostgreSQL schema of 30,000
 * tables × 10 columns, the real server over HTTP on 127.0.0.1, paged tips as the web editor asks them.
 * Each round is a new binding (catalogs forgotten), then tips are asked back to back until the bulk
 * catalog is in:
 * - binding → first non-empty column tip for a table the statement names (`SELECT t.| FROM t_17001 t`),
 *   against the driver's bulk catalog read of the schema (what a column tip waited for before) — target ≤ 3 s;
 * - tip latency p99 while the catalog loads (server-side: arrival to the response written), over a mix
 *   of positions, against GET /api/system p99 asked in between — target ≤ 50 ms;
 * - response bytes of `SELECT * FROM |` (paged, capped), against the whole-array answer old clients get.
 * ASKDB_BENCH_TIP30K_DB names an already prepared database (kept) to rerun without rebuilding it.
 */
import { driverFor } from '@askdb/drivers';
import { median, percentile, type BenchLine } from './lib.js';
import { testApp } from '../apps/server/src/test/helpers.js';
import { PG_URL, TIP_TABLE_BODY, createNumberedTables, pgUrlFor, timed, withPg } from './pg.js';

const TABLES = 30_000;
const ROUNDS = 3;
const POSITIONS = [
  'SELECT t.| FROM t_17001 t', 'SELECT * FROM |', 'SELECT * FROM t_170|', 'SELECT * FROM t_17001 a JOIN t_17002 b ON a.id = b.|',
  'SELECT | FROM t_00100 a WHERE a.amount > 1', 'SELECT * FROM t_02000 x WHERE x.|', '|', 'SELECT * FROM tbl99|',
];

export default async function run(): Promise<BenchLine[]> {
  const reuse = process.env.ASKDB_BENCH_TIP30K_DB || undefined;
  const db = reuse ?? `askdb_bench_tip30k_${process.pid}`;
  if (!reuse) {
    await withPg(PG_URL, (c) => c.query(`CREATE DATABASE ${db}`));
    await createNumberedTables(db, TABLES, 500, TIP_TABLE_BODY);
  }
  const t = await testApp({ demo: false });
  let lastServerMs = 0;
  t.app.addHook('onResponse', async (_req, reply) => {
    lastServerMs = reply.elapsedTime;
  });
  try {
    const url = new URL(PG_URL);
    const created = await t.json('POST', '/api/connection/datasource/create', {
      alias: 'bench tip 30k', type: 'POSTGRESQL', host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username || 'postgres'), password: decodeURIComponent(url.password), databaseName: db,
    });
    const ds = created.body.data as number;
    const record = (await t.deps.dataSources.get(ds))!;
    const bound = { consoleId: 1, dataSourceId: ds, databaseName: db, schemaName: 'public' };
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const post = async (body: object) => {
      const res = await fetch(base + '/api/sql_parser/context/tip', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const buf = Buffer.from(await res.arrayBuffer());
      return { bytes: buf.length, data: JSON.parse(buf.toString()).data, ms: lastServerMs };
    };
    const tip = (text: string, paged = true) => {
      const at = text.indexOf('|');
      return post({ ...bound, beforeSql: text.slice(0, at), afterSql: text.slice(at + 1), paged });
    };
    const system = async () => {
      await (await fetch(base + '/api/system')).arrayBuffer();
      return lastServerMs;
    };

    // Baseline: the driver's bulk catalog read of the same schema (what column tips waited for before).
    const conn = await (await driverFor('POSTGRESQL')).connect({ alias: 'bench', type: 'POSTGRESQL', url: pgUrlFor(db) });
    const bulkReads: number[] = [];
    try {
      for (let r = 0; r < ROUNDS; r++) bulkReads.push(await timed(() => conn.metadata.catalog({ databaseName: db, schemaName: 'public' })));
    } finally {
      await conn.close();
    }

    const firstColumns: number[] = [];
    const untilComplete: number[] = [];
    const loadingTips: number[] = [];
    const loadingSystem: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      t.deps.catalogs.invalidate(ds); // a new binding
      const t0 = performance.now();
      let firstColumn = NaN;
      let complete = false;
      for (let i = 0; !complete; i++) {
        const p = POSITIONS[i % POSITIONS.length]!;
        const res = await tip(p);
        loadingTips.push(res.ms);
        if (process.env.ASKDB_BENCH_VERBOSE && res.ms > 50) console.log(`  slow tip ${res.ms.toFixed(0)} ms at ${(performance.now() - t0).toFixed(0)} ms: ${p}`);
        if (Number.isNaN(firstColumn) && p === POSITIONS[0] && res.data.items.some((x: { kind: string }) => x.kind === 'column')) firstColumn = performance.now() - t0;
        if (i % POSITIONS.length === 0) loadingSystem.push(await system());
        // Complete: the bulk catalog is in and tips use it.
        complete = (await t.deps.catalogs.forCompletion(record, { databaseName: db, schemaName: 'public' }, [], { budgetMs: 0 })).complete;
        if (performance.now() - t0 > 120_000) throw new Error('the catalog did not load within 2 minutes');
      }
      untilComplete.push(performance.now() - t0);
      firstColumns.push(firstColumn);
    }

    const paged = await tip('SELECT * FROM |');
    const whole = await tip('SELECT * FROM |', false);
    if (!paged.data.incomplete || whole.data.length < TABLES) throw new Error('expected a capped paged list and a whole array');
    return [
      {
        name: `sql tip 30k: binding → first column tip of a named table (${TABLES} tables × 10 columns)`,
        unit: 'ms', median: median(firstColumns), baselineName: 'driver bulk catalog read', baselineMedian: median(bulkReads), target: '≤ 3000 ms',
        extra: { catalogComplete: Math.round(median(untilComplete)) },
      },
      {
        name: 'sql tip 30k: tip p99 while the catalog loads (paged, 8 positions)',
        unit: 'ms', median: percentile(loadingTips, 99), baselineName: 'GET /api/system p99 meanwhile', baselineMedian: percentile(loadingSystem, 99), target: 'p99 ≤ 50 ms',
        extra: { tips: loadingTips.length, median: Number(median(loadingTips).toFixed(2)), max: Number(Math.max(...loadingTips).toFixed(1)) },
      },
      {
        name: `sql tip 30k: bytes of "SELECT * FROM |" (paged: ${paged.data.items.length} items, incomplete)`,
        unit: 'B', median: paged.bytes, baselineName: `whole array (${whole.data.length} items)`, baselineMedian: whole.bytes, target: 'capped',
      },
    ];
  } finally {
    await t.close();
    if (!reuse) await withPg(PG_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`));
  }
}
