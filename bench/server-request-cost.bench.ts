/**
 * Issue 28 point 2: the same small SELECT on the same PostgreSQL source under 50 concurrent
 * connections, local mode (the baseline) against server mode for the team owner, for a member under
 * a column-level grant, and through two replicas behind a round-robin; the owner and the member
 * again on a replica with the read cache off (ASKDB_READ_CACHE=0), to show what the cache saves.
 * Each server is the built bundle in a child process; the load comes from this process over
 * keep-alive HTTP. Rounds interleave the cases (local measured in every round, same run).
 * Prints throughput (requests/s, median of rounds) and p99 latency, each as a ratio to local mode.
 */
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { startServer, type RunningServer } from '../e2e/server.js';
import { median, percentile, type BenchLine } from './lib.js';

const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** 50 (the figure); ASKDB_BENCH_CONCURRENCY for a diagnosis at another load. */
const CONCURRENCY = Number(process.env.ASKDB_BENCH_CONCURRENCY ?? 50);
const ROUND_MS = Number(process.env.ASKDB_BENCH_ROUND_MS ?? 4000);
const ROUNDS = Number(process.env.ASKDB_BENCH_ROUNDS ?? 3);
const SQL = 'select id, name from items where id = 7';
/** Only the cases whose names contain one of these (comma-separated; local always runs), for profiling one path. */
const ONLY = (process.env.ASKDB_BENCH_CASES ?? '').split(',').map((s) => s.trim()).filter(Boolean);
/** NODE_OPTIONS for the two cached server-mode replicas only (e.g. `--require` of a CPU-profiling hook). */
const REPLICA_NODE_OPTIONS = process.env.ASKDB_BENCH_REPLICA_NODE_OPTIONS;

interface Client { base: string; cookie: string | null; pid?: number }

/** CPU time (ms) a process has used, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 100 Hz ticks
  } catch {
    return null;
  }
}

async function call(c: Client, method: string, path: string, body?: unknown, agent?: http.Agent): Promise<{ status: number; json: any; cookie: string | null }> {
  const url = new URL(path, c.base);
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: { ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}), ...(c.cookie ? { cookie: c.cookie } : {}), origin: c.base } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        const set = res.headers['set-cookie']?.map((s) => s.split(';')[0]).join('; ') ?? null;
        let json: unknown = null;
        try { json = JSON.parse(Buffer.concat(chunks).toString()); } catch { /* not JSON */ }
        resolve({ status: res.statusCode ?? 0, json, cookie: set });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

async function must(c: Client, method: string, path: string, body?: unknown): Promise<any> {
  const r = await call(c, method, path, body);
  if (!r.json?.success) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json)?.slice(0, 300)}`);
  return r.json.data;
}

async function signUp(base: string, email: string): Promise<Client> {
  const c: Client = { base, cookie: null };
  const r = await call(c, 'POST', '/api/oauth/register_a', { email, password: 'Bench-pass-123', displayName: email.split('@')[0] });
  if (!r.json?.success) throw new Error(`register ${email}: ${JSON.stringify(r.json)}`);
  c.cookie = r.cookie;
  return c;
}

/** Runs CONCURRENCY loops of `POST /api/rdb/dml/execute` for ROUND_MS; requests/s and latencies. */
async function load(targets: Client[], body: unknown): Promise<Result> {
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY }));
  const lat: number[] = [];
  let errors = 0;
  let n = 0;
  const pids = [...new Set(targets.map((t) => t.pid).filter((p): p is number => p !== undefined))];
  const cpuBefore = pids.map(cpuMs);
  const end = Date.now() + ROUND_MS;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < end) {
      const i = n++ % targets.length;
      const t0 = performance.now();
      const r = await call(targets[i]!, 'POST', '/api/rdb/dml/execute', body, agents[i]).catch(() => ({ status: 0, json: null }));
      lat.push(performance.now() - t0);
      if (!r.json?.success) {
        if (errors++ === 0) process.stderr.write(`request cost: first failed request of the round: ${r.status} ${JSON.stringify(r.json)?.slice(0, 300)}\n`);
      }
    }
  }));
  for (const a of agents) a.destroy();
  const cpuAfter = pids.map(cpuMs);
  const cpu = cpuBefore.every((c) => c !== null) && cpuAfter.every((c) => c !== null) && pids.length ? cpuAfter.reduce((s, c, i) => s + c! - cpuBefore[i]!, 0) : NaN;
  return { rps: lat.length / (ROUND_MS / 1000), p99: percentile(lat, 99), errors, cpuMsPerRequest: cpu / lat.length };
}

interface Result {
  rps: number;
  p99: number;
  errors: number;
  /** The serving process's own CPU per request (ms): steadier than requests/s on a busy shared machine. */
  cpuMsPerRequest: number;
}

/**
 * A team on the server-mode store: the owner (who creates a SHARED source on the data database) and a
 * member (OPERATOR) who may read only items.id and items.name (a column-level grant).
 */
async function team(base: string, storeUrl: string, source: object, dataDb: string, tag: string): Promise<{ owner: Client; member: Client; sourceId: number }> {
  const owner = await signUp(base, `owner_${tag}@bench.test`);
  const created = await must(owner, 'POST', '/api/organization/create', { name: 'Bench team', area: 'EU', industry: 'Software', role: 'CTO', agree: true });
  await must(owner, 'POST', '/api/organization/switch_org', { organizationId: created.id });
  const sourceId = await must(owner, 'POST', '/api/connection/datasource/create', { ...source, visibility: 'SHARED' });
  const member = await signUp(base, `member_${tag}@bench.test`);
  const memberId = (await must(member, 'GET', '/api/oauth/user_a')).id as number;
  // Membership straight into the store: the invitation flow is not what this bench measures.
  const store = new pg.Client({ connectionString: storeUrl });
  await store.connect();
  const now = new Date().toISOString();
  await store.query(`INSERT INTO organization_members (organization_id, user_id, role_code, status, name, created_at, updated_at) VALUES ($1, $2, 'OPERATOR', 'VALID', 'member', $3, $3)`, [created.id, memberId, now]);
  await store.end();
  await must(member, 'POST', '/api/organization/switch_org', { organizationId: created.id });
  await must(owner, 'POST', '/api/permission/authorization/create', { userId: memberId, dataSourceId: sourceId, databaseName: dataDb, schemaName: 'public', tableName: 'items', columns: ['id', 'name'], actions: ['READ'], expireAt: null });
  return { owner, member, sourceId };
}

export default async function run(): Promise<BenchLine[]> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const tag = `${process.pid}_${Date.now().toString(36)}`;
  const dataDb = `askdb_rc_data_${tag}`;
  const storeDb = `askdb_rc_store_${tag}`;
  await admin.query(`CREATE DATABASE ${dataDb}`);
  await admin.query(`CREATE DATABASE ${storeDb}`);
  const dataUrl = new URL(PG_URL);
  dataUrl.pathname = `/${dataDb}`;
  const data = new pg.Client({ connectionString: dataUrl.toString() });
  await data.connect();
  await data.query('CREATE TABLE items (id int PRIMARY KEY, name text, secret text); INSERT INTO items SELECT g, md5(g::text), md5((g * 7)::text) FROM generate_series(1, 1000) g');
  await data.end();
  const storeUrl = new URL(PG_URL);
  storeUrl.pathname = `/${storeDb}`;
  const source = { alias: 'bench pg', type: 'POSTGRESQL', host: dataUrl.hostname, port: Number(dataUrl.port || 5432), user: decodeURIComponent(dataUrl.username || 'postgres'), databaseName: dataDb };
  const body = (id: number) => ({ dataSourceId: id, databaseName: dataDb, schemaName: 'public', sql: SQL });
  const servers: RunningServer[] = [];
  try {
    const local = await startServer();
    servers.push(local);
    const lc: Client = { base: local.url, cookie: null, pid: local.process.pid };
    const localId = await must(lc, 'POST', '/api/connection/datasource/create', source);

    const env = { ASKDB_MODE: 'server', ASKDB_DATABASE_URL: storeUrl.toString(), ASKDB_SECRET: 'bench-secret-bench-secret-bench-secret-00' };
    const replicaEnv = REPLICA_NODE_OPTIONS ? { ...env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${REPLICA_NODE_OPTIONS}` } : env;
    const a = await startServer(replicaEnv);
    servers.push(a);
    const { owner, member, sourceId } = await team(a.url, storeUrl.toString(), source, dataDb, tag);
    owner.pid = member.pid = a.process.pid;
    const b = await startServer(replicaEnv);
    servers.push(b);
    const ownerOnB: Client = { base: b.url, cookie: owner.cookie, pid: b.process.pid };
    // The same deployment without the read cache (every request reads session, role, grants and source from the store).
    const plain = await startServer({ ...env, ASKDB_READ_CACHE: '0' });
    servers.push(plain);
    const ownerOnPlain: Client = { base: plain.url, cookie: owner.cookie, pid: plain.process.pid };
    const memberOnPlain: Client = { base: plain.url, cookie: member.cookie, pid: plain.process.pid };

    // Local is measured between the server runs of each round, so a noisy neighbour hits both alike.
    const cases: Array<{ name: string; targets: Client[]; id: number }> = [
      { name: 'local', targets: [lc], id: localId },
      { name: 'server team owner', targets: [owner], id: sourceId },
      { name: 'server member under a column-level grant', targets: [member], id: sourceId },
      { name: 'server team owner, 2 replicas round-robin', targets: [owner, ownerOnB], id: sourceId },
      { name: 'server team owner, read cache off', targets: [ownerOnPlain], id: sourceId },
      { name: 'server member under a column-level grant, read cache off', targets: [memberOnPlain], id: sourceId },
    ];
    if (ONLY.length) cases.splice(1, cases.length, ...cases.slice(1).filter((c) => ONLY.some((o) => c.name.includes(o))));
    const results = new Map<string, Result[]>();
    for (const c of cases) await load(c.targets, body(c.id)); // warm-up: pools, caches, JIT
    for (let i = 0; i < ROUNDS; i++) {
      for (const c of cases) {
        const r = await load(c.targets, body(c.id));
        results.set(c.name, [...(results.get(c.name) ?? []), r]);
      }
    }
    const med = (name: string): Result => {
      const all = results.get(name)!;
      return { rps: median(all.map((r) => r.rps)), p99: median(all.map((r) => r.p99)), errors: all.reduce((s, r) => s + r.errors, 0), cpuMsPerRequest: median(all.map((r) => r.cpuMsPerRequest)) };
    };
    const localResult = med('local');
    return cases.slice(1).map((c) => line(c.name, med(c.name), localResult));
  } finally {
    for (const s of servers) await s.stop().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${dataDb} WITH (FORCE)`).catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${storeDb} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

function line(name: string, r: Result, local: Result): BenchLine {
  return {
    name: `request cost (${CONCURRENCY} concurrent small SELECTs): ${name}`,
    unit: 'req/s',
    median: r.rps,
    baselineName: 'local mode, same source',
    baselineMedian: local.rps,
    target: '≥ 0.8 (p99 ≤ 1.5× local)',
    extra: {
      p99_ms: r.p99.toFixed(1), local_p99_ms: local.p99.toFixed(1), p99_ratio: (r.p99 / local.p99).toFixed(2), errors: r.errors + local.errors,
      server_cpu_ms_per_request: r.cpuMsPerRequest.toFixed(3), local_cpu_ms_per_request: local.cpuMsPerRequest.toFixed(3),
    },
  };
}
