/**
 * Issue 19 point 1: one client sends the worst SQL-intelligence inputs we know (long tokens, unterminated
 * strings and comments, 100,000 nested parentheses, 2 MB scripts and select lists, a 364,000-character
 * script to format) to the built server (dist/main.js, its own process), while a second client asks
 * GET /api/system every 10 ms. Client-side latencies over HTTP on 127.0.0.1:
 * - GET /api/system p99 under attack, against the same probe's p99 with the server idle — target ≤ 50 ms;
 * - each SQL-intelligence answer to the attack inputs (tip, parser, hover), p99 — target ≤ 100 ms,
 *   against an ordinary tip's p99 on the idle server;
 * - format p99 (its budget is 3 s on a pool of its own; it answers "too large" past it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { median, percentile, repoRoot, type BenchLine } from './lib.js';
import { PG_URL, withPg } from './pg.js';

const ATTACK_MS = Number(process.env.ASKDB_BENCH_ATTACK_MS ?? 20_000);
const PROBE_EVERY_MS = 10;
const M = 2_000_000;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

async function startServer(home: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const script = path.join(repoRoot(), 'apps/server/dist/main.js');
  const log = fs.openSync(path.join(home, 'server.log'), 'w');
  const child = spawn(process.execPath, [script], { env: { ...process.env, ASKDB_HOME: home, ASKDB_DEMO: '0', ASKDB_MODE: 'local', PORT: String(port), HOST: '127.0.0.1', ASKDB_LOG_LEVEL: 'error' }, stdio: ['ignore', log, log] });
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGKILL') console.error(`server exited (${code ?? signal}):\n${fs.readFileSync(path.join(home, 'server.log'), 'utf8').slice(-3000)}`);
  });
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/system`)).ok) return { base, child };
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (performance.now() - t0 > 30_000) throw new Error('server did not answer in 30 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inserts = (n: number) => Array.from({ length: n }, (_, i) => `INSERT INTO orders (id, status, total, note) VALUES (${i}, 'open ${i}', ${i * 1.5}, 'row number ${i} of the script');`).join('\n');

/** The attack: [endpoint kind, label, body]. Bodies are encoded once, so the client does little work while measuring. */
function attackInputs(bound: Record<string, unknown>): { kind: 'tip' | 'parse' | 'hover' | 'format'; label: string; body: Uint8Array }[] {
  // Every text at most the request limit (2,000,000 characters each side of the cursor).
  const tip = (label: string, before: string, after = '') => ({ kind: 'tip' as const, label, body: { consoleId: 1, ...bound, beforeSql: before.slice(-M), afterSql: after.slice(0, M) } });
  const long = [
    tip('string literal 40k', `SELECT '${'a'.repeat(40_000)}'`),
    tip('string literal 200k', `SELECT '${'a'.repeat(200_000)}'`),
    tip('unterminated string 2M', `SELECT '${'a'.repeat(M - 10)}`),
    tip('word 2M then dot', `SELECT ${'a'.repeat(M - 10)}.`),
    tip('unterminated comment 2M', `SELECT /* ${'x '.repeat(M / 2 - 10)}`),
    tip('dollar string 2M', `SELECT $$${'a b '.repeat(M / 4 - 10)}`),
    tip('100k nested parentheses', `SELECT ${'('.repeat(100_000)}1`),
    tip('100k parentheses closed', `SELECT ${'('.repeat(100_000)}1${')'.repeat(100_000)} FROM orders WHERE `),
    tip('select list 2M', `SELECT ${'a, '.repeat(M / 3 - 10)}`),
    tip('expression 2M', `SELECT 1${' + 1'.repeat(M / 4 - 10)}`),
    tip('2 MB script, cursor at end', `${inserts(M / 110)}\nSELECT * FROM orders WHERE `),
    tip('2 MB script each side', `${inserts(M / 110)}\nSELECT `, ` FROM orders;\n${inserts(M / 110)}`),
  ];
  const parse = (label: string, sql: string) => ({ kind: 'parse' as const, label, body: { consoleId: 1, ...bound, sql: sql.slice(0, 49_999) } });
  const hover = (label: string, stmt: string) => ({ kind: 'hover' as const, label, body: { consoleId: 1, ...bound, sql: stmt.slice(0, M), currentStatement: stmt.slice(0, M), hoverIdentifier: 'orders' } });
  const format = (label: string, sql: string) => ({ kind: 'format' as const, label, body: { sql, dbType: 'POSTGRESQL' } });
  const all = [
    ...long,
    parse('parser: select list', `SELECT ${'a, '.repeat(20_000)}`),
    parse('parser: inserts', inserts(1_000)),
    parse('parser: parentheses', `SELECT ${'('.repeat(25_000)}1${')'.repeat(24_000)}`),
    parse('parser: expression', `SELECT 1${' + 1'.repeat(15_000)} FROM orders`),
    hover('hover: select list 2M', `SELECT ${'orders, '.repeat(M / 8)} FROM orders`),
    hover('hover: nested 100k', `SELECT ${'('.repeat(100_000)}orders.id FROM orders`),
    format('format: 4,000 inserts (364k)', inserts(3_300)),
    format('format: 2 MB script', inserts(M / 110).slice(0, M)),
  ];
  const enc = new TextEncoder();
  return all.map((a) => ({ ...a, body: enc.encode(JSON.stringify(a.body)) }));
}

const URLS = { tip: '/api/sql_parser/context/tip', parse: '/api/sql_parser/context/parser', hover: '/api/sql_parser/context/hover', format: '/api/sql/format' } as const;

export default async function run(): Promise<BenchLine[]> {
  const db = `askdb_bench_evloop_${process.pid}`;
  await withPg(PG_URL, (c) => c.query(`CREATE DATABASE ${db}`));
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-bench-evloop-'));
  let child: ChildProcess | undefined;
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${db}`;
    await withPg(url.toString(), (c) => c.query('CREATE TABLE orders (id bigint PRIMARY KEY, status text, total numeric, note text); CREATE TABLE customers (id int PRIMARY KEY, name text)'));
    const server = await startServer(home);
    child = server.child;
    const base = server.base;
    const post = async (p: string, body: Uint8Array | object) => {
      const t0 = performance.now();
      const res = await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body instanceof Uint8Array ? body : JSON.stringify(body) });
      const text = await res.text();
      return { ms: performance.now() - t0, status: res.status, text };
    };
    const pg = new URL(PG_URL);
    const created = JSON.parse((await post('/api/connection/datasource/create', {
      alias: 'bench event loop', type: 'POSTGRESQL', host: pg.hostname, port: Number(pg.port || 5432), user: decodeURIComponent(pg.username || 'postgres'), password: decodeURIComponent(pg.password), databaseName: db,
    })).text);
    const bound = { dataSourceId: created.data as number, databaseName: db, schemaName: 'public' };
    await fetch(`${base}/api/sql_parser/get_keywords?consoleId=1&dataSourceId=${bound.dataSourceId}&databaseName=${db}&schemaName=public`);
    const attack = attackInputs(bound);

    /** GET /api/system every PROBE_EVERY_MS until stopped; latencies. */
    const probe = (stop: () => boolean) => (async () => {
      const out: number[] = [];
      while (!stop()) {
        const t0 = performance.now();
        await (await fetch(`${base}/api/system`)).text();
        out.push(performance.now() - t0);
        await sleep(PROBE_EVERY_MS);
      }
      return out;
    })();

    // Warm-up: every input once (worker threads started, code compiled), then an ordinary tip a few times.
    for (const a of attack) await post(URLS[a.kind], a.body);
    const ordinary = { consoleId: 1, ...bound, beforeSql: 'SELECT o.', afterSql: ' FROM orders o' };
    for (let i = 0; i < 20; i++) await post(URLS.tip, ordinary);

    // Idle: the probe alone, and an ordinary tip.
    let idleDone = false;
    const idleProbe = probe(() => idleDone);
    const ordinaryTips: number[] = [];
    for (let i = 0; i < 100; i++) {
      ordinaryTips.push((await post(URLS.tip, ordinary)).ms);
      await sleep(20);
    }
    idleDone = true;
    const idle = await idleProbe;

    // Attack: one client sends the inputs in turn, again and again; the probe runs beside it.
    let attackDone = false;
    const attackProbe = probe(() => attackDone);
    const times: Record<string, number[]> = { tip: [], parse: [], hover: [], format: [] };
    const statuses = new Map<string, number>();
    const worst = new Map<string, number>();
    const t0 = performance.now();
    while (performance.now() - t0 < ATTACK_MS) {
      for (const a of attack) {
        const r = await post(URLS[a.kind], a.body);
        times[a.kind]!.push(r.ms);
        statuses.set(`${a.kind} ${r.status}`, (statuses.get(`${a.kind} ${r.status}`) ?? 0) + 1);
        worst.set(a.label, Math.max(worst.get(a.label) ?? 0, r.ms));
      }
    }
    attackDone = true;
    const attacked = await attackProbe;
    if (process.env.ASKDB_BENCH_VERBOSE) {
      for (const [label, ms] of worst) console.log(`  ${label.padEnd(40)} worst ${ms.toFixed(1)} ms`);
      console.log('  statuses', Object.fromEntries(statuses));
    }

    const idleP99 = percentile(idle, 99);
    const ordinaryP99 = percentile(ordinaryTips, 99);
    const intel = (kind: 'tip' | 'parse' | 'hover', what: string): BenchLine => ({
      name: `event loop: ${what} p99 under attack (${times[kind]!.length} answers)`,
      unit: 'ms', median: percentile(times[kind]!, 99), baselineName: 'ordinary tip p99, server idle', baselineMedian: ordinaryP99, target: 'p99 ≤ 100 ms',
      extra: { median: Number(median(times[kind]!).toFixed(1)), max: Number(Math.max(...times[kind]!).toFixed(1)) },
    });
    return [
      {
        name: `event loop: GET /api/system p99 while one client sends the worst SQL inputs (${attacked.length} probes, ${(ATTACK_MS / 1000).toFixed(0)} s)`,
        unit: 'ms', median: percentile(attacked, 99), baselineName: `same probe p99, server idle (${idle.length} probes)`, baselineMedian: idleP99, target: 'p99 ≤ 50 ms',
        extra: { attackMedian: Number(median(attacked).toFixed(2)), attackMax: Number(Math.max(...attacked).toFixed(1)), idleMedian: Number(median(idle).toFixed(2)) },
      },
      intel('tip', 'tips (long tokens, 2 MB scripts, 100k parentheses, unterminated)'),
      intel('parse', 'parser (worst 49,999-character scripts)'),
      intel('hover', 'hover (2 MB statements)'),
      {
        name: `event loop: format p99 under attack (364k and 2 MB scripts, ${times.format!.length} answers; "too large" past its budget)`,
        unit: 'ms', median: percentile(times.format!, 99), baselineName: 'format budget', baselineMedian: 3000, target: 'p99 ≤ 3000 ms + request',
        extra: { median: Number(median(times.format!).toFixed(1)), answers: JSON.stringify(Object.fromEntries([...statuses].filter(([k]) => k.startsWith('format')))) },
      },
    ];
  } finally {
    child?.kill('SIGKILL');
    fs.rmSync(home, { recursive: true, force: true });
    await withPg(PG_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`));
  }
}
