/**
 * Streaming 1,000,000 rows × 5 columns (int, text, numeric, timestamptz, bool) from PostgreSQL:
 *  - through our driver (Connection.execute, text values, page-sized batches),
 *  - through the server's POST /api/rdb/dml/execute_stream (NDJSON over HTTP, built server as a
 *    child process; its RSS growth is read from /proc),
 * against the same rows read directly with pg-cursor (rowMode array, same fetch size) in the same
 * run — with pg's default type parsing (the baseline) and with none (reported as ratioVsTextCursor). Rounds are interleaved so machine noise hits all alike; medians are reported.
 * Targets (issue 3): execute_stream ≤ 1.5 × pg-cursor, server RSS growth ≤ 150 MB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { driverFor } from '@askdb/drivers';
import { median, repoRoot, type BenchLine } from './lib.js';

const ROWS = 1_000_000;
const ROUNDS = Number(process.env.ASKDB_BENCH_ROUNDS ?? 5);
const FETCH = 5000;
const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const QUERY = 'SELECT id, name, amount, at, flag FROM bench_rows';

async function admin(sql: string, database?: string): Promise<void> {
  const url = new URL(PG_URL);
  if (database) url.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
}

/** RSS growth of this process while `fn` runs (sampled every 20 ms). */
async function withRss<T>(fn: () => Promise<T>, readRss: () => number = () => process.memoryUsage.rss()): Promise<{ value: T; growthMb: number }> {
  const before = readRss();
  let peak = before;
  const timer = setInterval(() => { peak = Math.max(peak, readRss()); }, 20);
  try {
    const value = await fn();
    peak = Math.max(peak, readRss());
    return { value, growthMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** pg's own parsing for every column: what a plain pg-cursor reader gets (numbers, Dates, booleans). */
const TEXT_TYPES = { getTypeParser: () => (v: string) => v };

async function viaPgCursor(db: string, textValues = false): Promise<number> {
  const url = new URL(PG_URL);
  url.pathname = `/${db}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const cursor = client.query(new Cursor(QUERY, undefined, { rowMode: 'array', ...(textValues ? { types: TEXT_TYPES } : {}) }));
    let n = 0;
    for (;;) {
      const rows = await cursor.read(FETCH);
      n += rows.length;
      if (rows.length < FETCH) break;
    }
    await cursor.close();
    return n;
  } finally {
    await client.end();
  }
}

async function viaDriver(db: string): Promise<number> {
  const url = new URL(PG_URL);
  const conn = await (await driverFor('POSTGRESQL')).connect({ alias: 'bench', type: 'POSTGRESQL', url: url.toString(), databaseName: db });
  try {
    let n = 0;
    for await (const e of conn.execute(QUERY, { pageSize: 1000 })) {
      if (e.type === 'rows') n += e.rows.length;
      else if (e.type === 'done' && !e.success) throw new Error(e.message);
    }
    return n;
  } finally {
    await conn.close();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

interface Server { base: string; child: ChildProcess; home: string; dataSourceId: number }

async function startServer(db: string): Promise<Server | null> {
  const main = path.join(repoRoot(), 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) return null;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-bench-stream-'));
  const port = await freePort();
  const child = spawn(process.execPath, [main], { env: { ...process.env, ASKDB_HOME: home, PORT: String(port), ASKDB_LOG_LEVEL: 'warn', ASKDB_DEMO: '0' }, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try { if ((await fetch(`${base}/api/system`)).ok) break; } catch { /* not yet */ }
    if (child.exitCode !== null || Date.now() - started > 30_000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 20));
  }
  const url = new URL(PG_URL);
  const res = await fetch(`${base}/api/connection/datasource/create`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ alias: 'bench', type: 'POSTGRESQL', host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username || 'postgres'), password: decodeURIComponent(url.password), databaseName: db }),
  });
  const body = (await res.json()) as { success: boolean; data: number; errorMessage?: string };
  if (!body.success) throw new Error(`create data source: ${body.errorMessage}`);
  return { base, child, home, dataSourceId: body.data };
}

/** CPU time (user + system, ms) of a process from /proc: the server's share of the work. */
function serverCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function serverRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Reads the whole NDJSON answer; rows are counted without parsing every line. */
async function viaHttp(server: Server): Promise<number> {
  const res = await fetch(`${server.base}/api/rdb/dml/execute_stream`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ dataSourceId: server.dataSourceId, sql: QUERY, pageSize: 1000 }),
  });
  if (!res.ok || !res.body) throw new Error(`execute_stream: HTTP ${res.status}`);
  const decoder = new TextDecoder();
  let rest = '';
  let rows = 0;
  let done: { success: boolean; message: string } | null = null;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (line.startsWith('{"type":"rows"')) rows += line.split('],[').length;
      else if (line.startsWith('{"type":"done"')) done = JSON.parse(line);
    }
  }
  if (!done?.success) throw new Error(`execute_stream failed: ${done?.message}`);
  return rows;
}

export default async function run(): Promise<BenchLine[]> {
  const db = `askdb_bench_stream_${process.pid}`;
  await admin(`CREATE DATABASE ${db}`);
  let server: Server | null = null;
  try {
    await admin(`CREATE TABLE bench_rows AS
      SELECT g AS id, 'name ' || g || ' ' || md5(g::text) AS name, (g * 1.37)::numeric(14,2) AS amount,
             timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second' AS at, g % 2 = 0 AS flag
      FROM generate_series(1, ${ROWS}) g`, db);
    await admin('VACUUM ANALYZE bench_rows', db);
    server = await startServer(db);
    const times = { cursor: [] as number[], cursorText: [] as number[], driver: [] as number[], http: [] as number[] };
    const rss = { cursor: [] as number[], cursorText: [] as number[], driver: [] as number[], http: [] as number[] };
    // CPU time beside wall time: on a shared, loaded machine it shows our own cost more steadily.
    const cpu = { cursor: [] as number[], cursorText: [] as number[], driver: [] as number[], http: [] as number[] };
    const timed = async (key: keyof typeof times, fn: () => Promise<number>, readRss?: () => number, readCpu?: () => number) => {
      const t0 = performance.now();
      const c0 = readCpu ? readCpu() : process.cpuUsage();
      const { value, growthMb } = await withRss(fn, readRss);
      times[key].push(performance.now() - t0);
      if (readCpu) cpu[key].push(readCpu() - (c0 as number));
      else { const c = process.cpuUsage(c0 as NodeJS.CpuUsage); cpu[key].push((c.user + c.system) / 1000); }
      rss[key].push(growthMb);
      if (value !== ROWS) throw new Error(`${key} read ${value} rows, expected ${ROWS}`);
    };
    for (let round = 0; round < ROUNDS; round++) {
      await timed('cursor', () => viaPgCursor(db));
      await timed('cursorText', () => viaPgCursor(db, true));
      await timed('driver', () => viaDriver(db));
      if (server) { const pid = server.child.pid!; await timed('http', () => viaHttp(server!), () => serverRss(pid), () => serverCpuMs(pid)); }
    }
    const baseline = median(times.cursor);
    // The stricter comparison: pg-cursor doing no type parsing at all (text values, as ours).
    const vsText = (ours: number[]) => (median(ours) / median(times.cursorText)).toFixed(3);
    const lines: BenchLine[] = [{
      name: 'stream-pg: 1M rows × 5 columns through the driver (Connection.execute)',
      unit: 'ms', median: median(times.driver), baselineName: 'pg-cursor direct, rowMode array', baselineMedian: baseline,
      extra: {
        ratioVsTextCursor: vsText(times.driver), textCursorMs: median(times.cursorText).toFixed(0),
        cpuMs: median(cpu.driver).toFixed(0), cpuMsCursor: median(cpu.cursor).toFixed(0), cpuMsTextCursor: median(cpu.cursorText).toFixed(0),
        rssGrowthMb: median(rss.driver).toFixed(1), baselineRssGrowthMb: median(rss.cursor).toFixed(1) },
    }];
    if (server) {
      lines.push({
        name: 'stream-pg: 1M rows × 5 columns through POST execute_stream (NDJSON over HTTP)',
        unit: 'ms', median: median(times.http), baselineName: 'pg-cursor direct, rowMode array', baselineMedian: baseline,
        target: '≤ 1.5, server RSS growth ≤ 150 MB',
        extra: { ratioVsTextCursor: vsText(times.http), serverCpuMs: median(cpu.http).toFixed(0), serverRssGrowthMb: median(rss.http).toFixed(1) },
      });
    }
    return lines;
  } finally {
    if (server) {
      server.child.kill('SIGKILL');
      fs.rmSync(server.home, { recursive: true, force: true });
    }
    await admin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
}
