/**
 * SQL intelligence on a PostgreSQL schema of 30,000 tables × 10 columns (every tenth table with a
 * foreign key), through the real server over HTTP on 127.0.0.1 (real driver, real catalog cache):
 * Times are server-side (Fastify's elapsedTime at onResponse: arrival to the response written to the
 * socket); the client reads every byte of each response.
 * - first tip after binding a console (catalog read + index + answer), against the driver's own bulk
 *   catalog read of the same schema — target ≤ 1.5 s;
 * - later tips, p95 over a mix of positions (FROM with all 30,000 tables, prefixes, alias members,
 *   joins, WHERE), against GET /api/system (the framework's floor) — target p95 ≤ 20 ms;
 * - hover (table with DDL, column, function), p95 — target ≤ 20 ms.
 * ASKDB_BENCH_TIP_DB names an already prepared database (kept) to rerun without rebuilding it.
 */
import { driverFor } from '@askdb/drivers';
import { median, percentile, type BenchLine } from './lib.js';
import { testApp } from '../apps/server/src/test/helpers.js';
import { PG_URL, TIP_TABLE_BODY, createNumberedTables, pgUrlFor, timed, withPg } from './pg.js';

const TABLES = 30_000;



async function createSchema(db: string): Promise<void> {
  await createNumberedTables(db, TABLES, 500, TIP_TABLE_BODY);
}


export default async function run(): Promise<BenchLine[]> {
  const reuse = process.env.ASKDB_BENCH_TIP_DB || undefined;
  const db = reuse ?? `askdb_bench_tip_${process.pid}`;
  if (!reuse) await withPg(PG_URL, (c) => c.query(`CREATE DATABASE ${db}`));
  const t = await testApp({ demo: false });
  // Server-side time of each request: from its arrival to the end of writing the response (Fastify's elapsedTime).
  let lastServerMs = 0;
  t.app.addHook('onResponse', async (_req, reply) => {
    lastServerMs = reply.elapsedTime;
  });
  const serverSide = async (fn: () => Promise<unknown>): Promise<number> => {
    await fn();
    return lastServerMs;
  };
  try {
    if (!reuse) await createSchema(db);
    const url = new URL(PG_URL);
    const created = await t.json('POST', '/api/connection/datasource/create', {
      alias: 'bench tip', type: 'POSTGRESQL', host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username || 'postgres'), password: decodeURIComponent(url.password), databaseName: db,
    });
    const ds = created.body.data as number;
    const bound = { consoleId: 1, dataSourceId: ds, databaseName: db, schemaName: 'public' };
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const http = async (method: 'GET' | 'POST', url: string, body?: object) => {
      const res = await fetch(base + url, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      const text = await res.text();
      return { status: res.status, json: () => JSON.parse(text) };
    };
    const tip = (text: string) => {
      const at = text.indexOf('|');
      return http('POST', '/api/sql_parser/context/tip', { ...bound, beforeSql: text.slice(0, at), afterSql: text.slice(at + 1) });
    };

    // Baseline of the first tip: the driver's bulk catalog read of the same schema.
    const conn = await (await driverFor('POSTGRESQL')).connect({ alias: 'bench', type: 'POSTGRESQL', url: pgUrlFor(db) });
    const catalogReads: number[] = [];
    try {
      for (let r = 0; r < 3; r++) catalogReads.push(await timed(() => conn.metadata.catalog({ databaseName: db, schemaName: 'public' })));
    } finally {
      await conn.close();
    }
    const firstTips: number[] = [];
    let firstCount = 0;
    for (let r = 0; r < 3; r++) {
      t.deps.catalogs.invalidate(ds); // a new binding: catalog read, index and answer from scratch
      const res = await tip('SELECT * FROM |');
      firstTips.push(lastServerMs);
      firstCount = (res.json().data as unknown[]).length;
    }
    if (firstCount < TABLES) throw new Error(`first tip returned ${firstCount} items`);
    // Later tips are measured in the steady state: the full catalog (columns, keys) read and indexed.
    await t.deps.catalogs.get((await t.deps.dataSources.get(ds))!, db, 'public');

    const positions = [
      'SELECT * FROM |', 'SELECT * FROM t_0123|', 'SELECT x.| FROM t_01234 x', 'SELECT * FROM t_00100 a JOIN |',
      'SELECT | FROM t_00100 a JOIN t_00099 b ON a.parent_id = b.id', 'SELECT * FROM t_00100 a WHERE a.amount > 1 AND |',
      'SELECT * FROM t_00100 a JOIN t_00099 b ON |', 'SELECT * FROM tbl99|', 'SELECT * FROM t_00020 ORDER BY |', '|',
    ];
    for (let w = 0; w < 3; w++) for (const p of positions) await tip(p); // warm-up per position
    const later: number[] = [];
    const system: number[] = [];
    const byPosition = new Map<string, number[]>();
    for (let r = 0; r < 20; r++) {
      for (const p of positions) {
        const ms = await serverSide(() => tip(p));
        later.push(ms);
        byPosition.set(p, [...(byPosition.get(p) ?? []), ms]);
      }
      system.push(await serverSide(() => http('GET', '/api/system')));
    }
    if (process.env.ASKDB_BENCH_VERBOSE) for (const [p, v] of byPosition) console.log(`  ${p.padEnd(60)} median ${median(v).toFixed(2)} p95 ${percentile(v, 95).toFixed(2)}`);

    const hoverBody = (stmt: string, word: string) => ({ ...bound, sql: stmt, currentStatement: stmt, hoverIdentifier: word });
    const hovers = [
      hoverBody('SELECT * FROM t_01234 x WHERE x.id = 1', 't_01234'),
      hoverBody('SELECT x.amount FROM t_01234 x', 'amount'),
      hoverBody('SELECT upper(x.name) FROM t_01234 x', 'upper'),
    ];
    for (const h of hovers) await http('POST', '/api/sql_parser/context/hover', h);
    const hoverTimes: number[] = [];
    for (let r = 0; r < 20; r++) for (const h of hovers) hoverTimes.push(await serverSide(() => http('POST', '/api/sql_parser/context/hover', h)));

    const p95 = percentile(later, 95);
    const sysP95 = percentile(system, 95);
    const hoverP95 = percentile(hoverTimes, 95);
    return [
      {
        name: `sql tip: first tip after binding (${TABLES} tables × 10 columns, ${firstCount} items)`,
        unit: 'ms', median: median(firstTips), baselineName: 'driver bulk catalog read of the schema', baselineMedian: median(catalogReads), target: '≤ 1500 ms',
      },
      {
        name: 'sql tip: later tips, p95 over 10 positions',
        unit: 'ms', median: p95, baselineName: 'GET /api/system p95', baselineMedian: sysP95, target: 'p95 ≤ 20 ms',
        extra: { median: Number(median(later).toFixed(2)), max: Number(Math.max(...later).toFixed(1)) },
      },
      {
        name: 'sql hover p95 (table with DDL, column, function)',
        unit: 'ms', median: hoverP95, baselineName: 'GET /api/system p95', baselineMedian: sysP95, target: 'p95 ≤ 20 ms',
        extra: { median: Number(median(hoverTimes).toFixed(2)) },
      },
    ];
  } finally {
    await t.close();
    if (!reuse) await withPg(PG_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`));
  }
}
