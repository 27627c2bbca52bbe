/**
 * The team soak's look at the databases themselves: samples while it runs (RSS of each replica from
 * /proc, connections to the store and the data source from pg_stat_activity) and, at the end, whether
 * the store holds every acknowledged write — audit rows, saved consoles, rows written through the
 * console — and no task is left INITIALIZING or RUNNING.
 */
import fs from 'node:fs';
import os from 'node:os';
import type pg from 'pg';
import type { Acknowledged } from './team-soak-workload.js';

export interface Sample { at: number; rssMb: (number | null)[]; storeConnections: number; dataConnections: number; byApp: Record<string, number>; load1: number }

export function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

export async function sample(admin: pg.Client, pids: (number | undefined)[], storeDb: string, dataDb: string): Promise<Sample> {
  const r = await admin.query<{ datname: string; app: string; n: string }>(
    `SELECT datname, coalesce(nullif(application_name, ''), '(none)') AS app, count(*) AS n FROM pg_stat_activity WHERE datname = ANY($1) GROUP BY 1, 2`, [[storeDb, dataDb]]);
  const byApp: Record<string, number> = {};
  let storeConnections = 0;
  let dataConnections = 0;
  for (const row of r.rows) {
    const n = Number(row.n);
    if (row.datname === storeDb) { storeConnections += n; byApp[row.app] = (byApp[row.app] ?? 0) + n; }
    else dataConnections += n;
  }
  return { at: Date.now(), rssMb: pids.map(rssMb), storeConnections, dataConnections, byApp, load1: os.loadavg()[0]! };
}

export interface StoreFindings {
  /** Marked console statements: acknowledged, found, the missing ones by the replica that answered them (and when). */
  audit: { expected: number; found: number; missing: { mark: string; backend: number | null; at: number }[]; charts: { expected: number; found: number } };
  consoles: { acknowledged: number; found: number };
  writes: { acknowledged: number; found: number };
  tasks: { byState: Record<string, number>; interrupted: number; interruptedNotified: number; stuck: number[] };
}

export async function unfinishedTasks(store: pg.Client): Promise<number[]> {
  return (await store.query<{ id: number }>(`SELECT id FROM tasks WHERE state IN ('INITIALIZING', 'RUNNING') ORDER BY id`)).rows.map((r) => r.id);
}

async function auditFindings(store: pg.Client, ack: Acknowledged, chartSql: string): Promise<StoreFindings['audit']> {
  const marks = new Set<string>();
  for (const r of (await store.query<{ sql_text: string }>(`SELECT sql_text FROM sql_audit WHERE sql_text LIKE '%''soak %'`)).rows) {
    const m = /'soak \d+'/.exec(r.sql_text);
    if (m) marks.add(m[0]);
  }
  const missing = [...ack.audited].filter(([mark]) => !marks.has(mark)).map(([mark, v]) => ({ mark, ...v }));
  const users = [...ack.charts.keys()];
  const chartRows = Number((await store.query<{ n: string }>('SELECT count(*) AS n FROM sql_audit WHERE user_id = ANY($1) AND sql_text = $2', [users, chartSql])).rows[0]!.n);
  let charts = 0;
  for (const n of ack.charts.values()) charts += n;
  return { expected: ack.audited.size, found: ack.audited.size - missing.length, missing, charts: { expected: charts, found: chartRows } };
}

export async function storeFindings(store: pg.Client, data: pg.Client, ack: Acknowledged, interruptedError: string, chartSql: string): Promise<StoreFindings> {
  const consoles = Number((await store.query<{ n: string }>('SELECT count(*) AS n FROM consoles WHERE id = ANY($1)', [ack.consoles])).rows[0]!.n);
  const us: number[] = [];
  const ss: number[] = [];
  for (const [u, seqs] of ack.writes) for (const s of seqs) { us.push(u); ss.push(s); }
  const writes = Number((await data.query<{ n: string }>('SELECT count(*) AS n FROM soak_writes w JOIN unnest($1::int[], $2::int[]) AS a(u, s) ON w.user_id = a.u AND w.seq = a.s', [us, ss])).rows[0]!.n);
  const byState: Record<string, number> = {};
  for (const r of (await store.query<{ state: string; n: string }>('SELECT state, count(*) AS n FROM tasks GROUP BY state')).rows) byState[r.state] = Number(r.n);
  const interrupted = (await store.query<{ id: number }>('SELECT id FROM tasks WHERE state = $1 AND error = $2', ['FAILED', interruptedError])).rows.map((r) => String(r.id));
  const notified = interrupted.length
    ? Number((await store.query<{ n: string }>(`SELECT count(DISTINCT action_target) AS n FROM notifications WHERE action_kind = 'TASK' AND message_key LIKE 'task.%.failed' AND action_target = ANY($1)`, [interrupted])).rows[0]!.n)
    : 0;
  return {
    audit: await auditFindings(store, ack, chartSql),
    consoles: { acknowledged: ack.consoles.length, found: consoles },
    writes: { acknowledged: us.length, found: writes },
    tasks: { byState, interrupted: interrupted.length, interruptedNotified: notified, stuck: await unfinishedTasks(store) },
  };
}

/** first / last / max of a series (nulls skipped). */
export function shape(xs: (number | null)[]): { first: number | null; last: number | null; max: number | null } {
  const v = xs.filter((x): x is number => x !== null);
  return { first: v[0] ?? null, last: v[v.length - 1] ?? null, max: v.length ? Math.max(...v) : null };
}
