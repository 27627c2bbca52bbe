/**
 * The team soak (issue 28 point 3): two real server replicas (server mode, one PostgreSQL store,
 * pg-boss) behind a round-robin proxy of our own, 200 users of a few teams signed in through the API
 * and working for a while (console, tree, completion, charts, AI questions to the scripted model,
 * imports and exports); half-way one replica is SIGKILLed while it runs a task. Reports errors, p99
 * per route, RSS per replica, the store's connections, and checks the store kept every acknowledged
 * write (audit rows, consoles, rows) and left no task RUNNING.
 *
 *   npm run soak:team -w bench [-- --minutes 10 --users 200 --teams 4 --think-ms 1000 --kill-at 0.5
 *                                  --lease-seconds 15 --task-every-s 90 --pool-size 3 --keep]
 *
 * `--kill-at 0` runs without the kill. Exits 1 when a check fails. JSON report:
 * bench/dist/team-soak/report.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startScriptedLlmServer } from '../packages/ai/test/scripted-llm-server.js';
import { bundleServerMain, startReplica, type ReplicaProcess } from '../apps/server/src/test/replica-process.js';
import { INTERRUPTED_ERROR } from '../apps/server/src/services/tasks/lease.js';
import { startRoundRobinProxy } from './team-soak-proxy.js';
import { Ledger, send } from './team-soak-client.js';
import { CHART_SQL, DATA_SCRIPT, setUpWorld } from './team-soak-setup.js';
import { ownerTaskLoop, userLoop, type Acknowledged, type WorkloadOptions } from './team-soak-workload.js';
import { sample, shape, storeFindings, unfinishedTasks, type Sample } from './team-soak-checks.js';
import { repoRoot } from './lib.js';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : fallback; };
const minutes = opt('--minutes', 10);
const usersWanted = opt('--users', 200);
const teams = opt('--teams', 4);
const thinkMs = opt('--think-ms', 1000);
const killAt = opt('--kill-at', 0.5);
const leaseSeconds = opt('--lease-seconds', 15);
const taskEveryMs = opt('--task-every-s', 90) * 1000;
// Connections each replica may hold per data source (the PostgreSQL server is shared: max_connections 100 here).
const poolSize = opt('--pool-size', 3);
const keep = args.includes('--keep');

const PG_URL = process.env.ASKDB_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = (name: string) => { const u = new URL(PG_URL); u.pathname = `/${name}`; return u.toString(); };
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<number> {
  const runId = Date.now().toString(36);
  const storeDb = `askdb_soak_store_${runId}`;
  const dataDb = `askdb_soak_data_${runId}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${storeDb}`);
  await admin.query(`CREATE DATABASE ${dataDb}`);
  const data = new pg.Client({ connectionString: dbUrl(dataDb) });
  await data.connect();
  await data.query(DATA_SCRIPT);
  const llm = await startScriptedLlmServer();
  llm.handle(() => ({ content: ['```sql\nSELECT city, count(*) AS customers ', 'FROM customers GROUP BY city\n```'] }));
  log('bundling the server');
  const bundle = await bundleServerMain();
  const env = { ASKDB_MODE: 'server', ASKDB_DATABASE_URL: dbUrl(storeDb), ASKDB_SECRET: `soak-${runId}`, ASKDB_TASK_LEASE_SECONDS: String(leaseSeconds) };
  const replicas: ReplicaProcess[] = [];
  const store = new pg.Client({ connectionString: dbUrl(storeDb) });
  let exit = 1;
  try {
    // One after the other: the first runs the store's migrations.
    for (let i = 0; i < 2; i++) replicas.push(await startReplica({ entry: bundle.entry, env }));
    await store.connect();
    const proxy = await startRoundRobinProxy(replicas.map((r) => r.url));
    const pgu = new URL(PG_URL);
    log(`replicas ${replicas.map((r) => `${r.url} (pid ${r.child.pid})`).join(', ')}; proxy ${proxy.url}`);
    const world = await setUpWorld({
      base: proxy.url, teams, usersPerTeam: Math.ceil(usersWanted / teams), runId, llmBase: llm.openAiBase, log, poolSize,
      data: { host: pgu.hostname, port: Number(pgu.port || 5432), user: decodeURIComponent(pgu.username || 'postgres'), password: decodeURIComponent(pgu.password), databaseName: dataDb },
    });
    log(`${world.users.length} users signed in (${world.users.filter((u) => u.owner).length} owners, ${world.users.filter((u) => u.columnGrant).length} under column grants)`);

    const ledger = new Ledger();
    const ack: Acknowledged = { consoles: [], writes: new Map(), audited: new Map(), charts: new Map(), tasks: [] };
    let stopped = false;
    const o: WorkloadOptions = { base: proxy.url, world, ledger, ack, thinkMs, taskEveryMs, stopped: () => stopped };
    const samples: Sample[] = [];
    const pids = () => replicas.map((r) => (r.alive() ? r.child.pid : undefined));
    const sampler = setInterval(() => void sample(admin, pids(), storeDb, dataDb).then((s) => samples.push(s), () => undefined), 5_000);
    const t0 = Date.now();
    const endAt = t0 + minutes * 60_000;
    const loops = [...world.users.map((u) => userLoop(o, u)), ...world.users.filter((u) => u.owner).map((u) => ownerTaskLoop(o, u))];
    log(`workload running for ${minutes} min (think ${thinkMs} ms)`);
    const progress = setInterval(() => log(`${Math.round((Date.now() - t0) / 1000)} s: ${ledger.summary().reduce((s, r) => s + r.count, 0)} requests, ${ledger.totalErrors} errors, load ${os.loadavg()[0]!.toFixed(1)}`), 30_000);

    let kill: { victim: number; at: number; atMs: number; runningTasks: number[]; tasksOnVictim: number[]; slowTasks: number[] } | null = null;
    if (killAt > 0) {
      await pause(Math.max(0, t0 + killAt * minutes * 60_000 - Date.now()));
      // Slow exports (a query that sleeps) so a task is certainly running when the replica dies.
      const owners = world.users.filter((u) => u.owner);
      const slow = await Promise.all(owners.map((u) => send(proxy.url, 'POST', '/api/task/export', { cookie: u.cookie, body: { dataSourceId: u.dataSourceId, databaseName: dataDb, target: 'query', sql: 'SELECT pg_sleep(20) AS slept, 1 AS one', format: 'csv' } })));
      const slowTasks = slow.filter((s) => !s.error).map((s) => s.body.data.id as number);
      ack.tasks.push(...slowTasks);
      const byRunner = async () => (await store.query<{ id: number; runner: string | null }>(`SELECT id, runner FROM tasks WHERE state = 'RUNNING'`)).rows;
      let running: { id: number; runner: string | null }[] = [];
      const deadline = Date.now() + 60_000;
      const pidOf = (runner: string | null) => Number(runner?.split(':')[1]);
      while (Date.now() < deadline) {
        running = await byRunner();
        if (running.some((t) => replicas.some((r) => r.child.pid === pidOf(t.runner)))) break;
        await pause(200);
      }
      const victim = Math.max(0, replicas.findIndex((r) => running.some((t) => pidOf(t.runner) === r.child.pid)));
      const tasksOnVictim = running.filter((t) => pidOf(t.runner) === replicas[victim]!.child.pid).map((t) => t.id);
      await replicas[victim]!.kill();
      ledger.victim = victim;
      ledger.killedAt = Date.now();
      kill = { victim, at: Math.round((Date.now() - t0) / 1000), atMs: Date.now(), runningTasks: running.map((t) => t.id), tasksOnVictim, slowTasks };
      log(`SIGKILLed replica ${victim} at ${kill.at} s; it ran tasks ${tasksOnVictim.join(', ') || '(none)'}`);
    }
    await pause(Math.max(0, endAt - Date.now()));
    stopped = true;
    log('stopping the workload');
    await Promise.all(loops);
    clearInterval(progress);
    // Every task ends: done, or failed with a notice when its replica died (after its lease runs out).
    const endWait = Date.now() + (leaseSeconds + 180) * 1000;
    while ((await unfinishedTasks(store)).length && Date.now() < endWait) await pause(500);
    clearInterval(sampler);
    samples.push(await sample(admin, pids(), storeDb, dataDb));
    // A graceful stop writes every queued audit row.
    for (const r of replicas) if (r.alive()) await r.stop();
    await proxy.close();
    const findings = await storeFindings(store, data, ack, INTERRUPTED_ERROR, CHART_SQL);
    const routes = ledger.summary();
    const rss = replicas.map((_, i) => shape(samples.map((s) => s.rssMb[i] ?? null)));
    // The most each replica held in each minute of the workload: flat, or growing?
    const rssByMinute = replicas.map((_, i) => {
      const perMinute: (number | null)[] = [];
      for (const s of samples) {
        const m = Math.floor((s.at - t0) / 60_000);
        const v = s.rssMb[i] ?? null;
        if (v !== null) perMinute[m] = Math.max(perMinute[m] ?? 0, v);
      }
      return Array.from(perMinute, (v) => v ?? null);
    });
    const conn = { storeMax: Math.max(...samples.map((s) => s.storeConnections)), dataMax: Math.max(...samples.map((s) => s.dataConnections)), byAppAtMax: samples.reduce((a, s) => (s.storeConnections > a.storeConnections ? s : a), samples[0]!).byApp };
    const load = shape(samples.map((s) => s.load1));
    const report = { minutes, users: world.users.length, teams, thinkMs, leaseSeconds, cpus: os.cpus().length, load, routes, errors: ledger.totalErrors, firstErrors: ledger.errors.slice(0, 20), errorKinds: kindsOf(ledger.errors), errorList: ledger.errors, lostInFlightAtKill: ledger.totalLost, afterKill: ledger.afterKill, victimUsers: ledger.victimUsers(), kill, rss, rssByMinute, conn, findings, samples };
    fs.mkdirSync(path.join(repoRoot(), 'bench/dist/team-soak'), { recursive: true });
    fs.writeFileSync(path.join(repoRoot(), 'bench/dist/team-soak/report.json'), JSON.stringify(report, null, 2));
    print(report);
    const failed = [
      ledger.totalErrors > 0 && `${ledger.totalErrors} errors`,
      findings.audit.missing.length > 0 && `${findings.audit.missing.length} audit rows missing`,
      findings.audit.charts.found < findings.audit.charts.expected && 'chart audit rows missing',
      findings.consoles.found < findings.consoles.acknowledged && 'saved consoles lost',
      findings.writes.found < findings.writes.acknowledged && 'acknowledged rows lost',
      findings.tasks.stuck.length > 0 && `tasks stuck: ${findings.tasks.stuck.join(', ')}`,
      findings.tasks.interruptedNotified < findings.tasks.interrupted && 'an interrupted task without a notice',
      ledger.victimUsers().nextFailed > 0 && "a killed replica's user failed on the other",
    ].filter(Boolean);
    log(failed.length ? `FAILED: ${failed.join('; ')}` : 'PASSED');
    exit = failed.length ? 1 : 0;
  } finally {
    for (const r of replicas) await r.stop().catch(() => undefined);
    bundle.remove();
    await llm.close();
    await store.end().catch(() => undefined);
    await data.end();
    if (!keep) {
      await admin.query(`DROP DATABASE IF EXISTS ${storeDb} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${dataDb} WITH (FORCE)`);
    }
    await admin.end();
  }
  return exit;
}

/** Errors grouped by route and the start of their message, most frequent first. */
function kindsOf(errors: { route: string; error: string }[]): { kind: string; n: number }[] {
  const n = new Map<string, number>();
  for (const e of errors) { const k = `${e.route}: ${e.error.slice(0, 90)}`; n.set(k, (n.get(k) ?? 0) + 1); }
  return [...n].sort((a, b) => b[1] - a[1]).map(([kind, c]) => ({ kind, n: c }));
}

function print(r: any): void {
  const pad = (s: unknown, n: number) => String(s).padEnd(n);
  const num = (x: number) => x.toFixed(0).padStart(7);
  console.log(`\nteam soak: ${r.users} users in ${r.teams} teams, ${r.minutes} min, think ${r.thinkMs} ms, ${r.cpus} CPUs, load average 1-min first/last/max ${r.load.first?.toFixed(1)}/${r.load.last?.toFixed(1)}/${r.load.max?.toFixed(1)}`);
  console.log(`${pad('route', 22)} ${'count'.padStart(7)} ${'errors'.padStart(7)} ${'lost'.padStart(5)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}  replica 0/1`);
  for (const x of r.routes) console.log(`${pad(x.route, 22)} ${num(x.count)} ${num(x.errors)} ${String(x.lost).padStart(5)} ${num(x.p50)} ${num(x.p99)} ${num(x.max)}  ${x.byBackend.join('/')}`);
  console.log(`errors: ${r.errors}; cut in flight by the kill: ${r.lostInFlightAtKill}; after the kill: ${r.afterKill.answered} answered, ${r.afterKill.failed} failed`);
  for (const e of r.firstErrors) console.log(`  ${new Date(e.at).toISOString().slice(11, 19)} ${e.route} (replica ${e.backend}): ${e.error}`);
  for (const k of r.errorKinds.slice(0, 15)) console.log(`  ${String(k.n).padStart(5)} × ${k.kind}`);
  if (r.kill) {
    console.log(`kill: replica ${r.kill.victim} at ${r.kill.at} s, running tasks ${r.kill.runningTasks.join(',')}, on it: ${r.kill.tasksOnVictim.join(',') || '-'}`);
    console.log(`users last answered by the killed replica: ${r.victimUsers.users}; their next request: ${r.victimUsers.nextSucceeded} succeeded, ${r.victimUsers.nextFailed} failed`);
  }
  r.rss.forEach((s: any, i: number) => console.log(`RSS replica ${i}: first ${s.first} MB, last ${s.last} MB, max ${s.max} MB; max per minute ${r.rssByMinute[i].map((v: number | null) => v ?? '-').join(' ')}`));
  console.log(`store connections max ${r.conn.storeMax} (at max: ${JSON.stringify(r.conn.byAppAtMax)}); data source connections max ${r.conn.dataMax}`);
  const f = r.findings;
  console.log(`audit rows of console statements: ${f.audit.found} found / ${f.audit.expected} acknowledged; chart refreshes: ${f.audit.charts.found} rows / ${f.audit.charts.expected} acknowledged`);
  for (const m of f.audit.missing.slice(0, 20)) console.log(`  missing ${m.mark}: answered by replica ${m.backend} at ${new Date(m.at).toISOString().slice(11, 23)}${r.kill ? ` (kill at ${new Date(r.kill.atMs).toISOString().slice(11, 23)})` : ''}`);
  console.log(`saved consoles: ${f.consoles.found}/${f.consoles.acknowledged}; console writes: ${f.writes.found}/${f.writes.acknowledged}`);
  console.log(`tasks: ${JSON.stringify(f.tasks.byState)}; interrupted ${f.tasks.interrupted} (notified ${f.tasks.interruptedNotified}); stuck ${f.tasks.stuck.length}`);
}

process.exitCode = await main().catch((e) => { console.error(e); return 1; });
