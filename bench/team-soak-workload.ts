/**
 * What the team soak's users do, each in a loop with a think time between actions: console queries,
 * tree browsing, completion, chart refreshes, the notification bell, saving consoles, AI questions;
 * owners also write rows through the console and, on a slower loop of their own, run an import and
 * an export task (upload, start, follow, download). Every acknowledged write and every acknowledged
 * audited statement is counted, so the end can check the store holds them all.
 */
import { INTERRUPTED_ERROR } from '../apps/server/src/services/tasks/lease.js';
import { send, type Ledger, type Outcome } from './team-soak-client.js';
import type { SoakUser, SoakWorld } from './team-soak-setup.js';

export interface Acknowledged {
  /** Saved consoles answered with an id. */
  consoles: number[];
  /** soak_writes rows whose INSERT succeeded: user id → seq. */
  writes: Map<number, number[]>;
  /** Console statements answered successfully, by the marker comment they carry: each must leave its audit row. */
  audited: Map<string, { backend: number | null; at: number }>;
  /** Chart refreshes answered successfully, per user: each must leave a row of the chart's SQL. */
  charts: Map<number, number>;
  tasks: number[];
}

export interface WorkloadOptions {
  base: string;
  world: SoakWorld;
  ledger: Ledger;
  ack: Acknowledged;
  thinkMs: number;
  /** Minutes between an owner's import/export rounds. */
  taskEveryMs: number;
  stopped(): boolean;
}

const rand = (n: number) => Math.floor(Math.random() * n);
/** A pause that is part of the workload (a person reading), not a synchronisation. */
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A pause cut short when the run stops. */
async function nap(o: Pick<WorkloadOptions, 'stopped'>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!o.stopped() && Date.now() < until) await pause(Math.min(250, until - Date.now()));
}

let statements = 0;
/** A string literal naming the statement, kept in its audit row's text (leading comments are not). */
const marker = () => `'soak ${++statements}'`;

function audited(o: WorkloadOptions, mark: string, out: Outcome): void {
  if (!out.error && !out.lost) o.ack.audited.set(mark, { backend: out.backend, at: Date.now() });
}

const place = (o: WorkloadOptions) => ({ databaseName: o.world.databaseName, schemaName: 'public' });

type Action = (o: WorkloadOptions, u: SoakUser) => Promise<void>;

const consoleQuery: Action = async (o, u) => {
  const id = 1 + rand(2000);
  const mark = marker();
  const sql = u.columnGrant || rand(2)
    ? `SELECT ${mark} AS mark, id, name, city FROM customers WHERE id = ${id}`
    : `SELECT ${mark} AS mark, c.city, count(*) AS orders, sum(o.total) AS total FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.customer_id = ${id} GROUP BY c.city`;
  const out = o.ledger.file('console query', await send(o.base, 'POST', '/api/rdb/dml/execute', { cookie: u.cookie, body: { sql, dataSourceId: u.dataSourceId, ...place(o) } }));
  audited(o, mark, out);
};

const tree: Action = async (o, u) => {
  const q = `dataSourceId=${u.dataSourceId}&databaseName=${o.world.databaseName}`;
  o.ledger.file('tree: schemas', await send(o.base, 'GET', `/api/rdb/schema/list?${q}`, { cookie: u.cookie }));
  o.ledger.file('tree: tables', await send(o.base, 'GET', `/api/rdb/table/list?${q}&schemaName=public&pageNo=1&pageSize=100`, { cookie: u.cookie }));
  o.ledger.file('tree: columns', await send(o.base, 'GET', `/api/rdb/table/column_list?${q}&schemaName=public&tableName=${rand(2) ? 'orders' : 'customers'}`, { cookie: u.cookie }));
};

const completion: Action = async (o, u) => {
  const beforeSql = ['SELECT * FROM cu', 'SELECT id, ci', 'SELECT o.total FROM orders o WHERE o.'][rand(3)]!;
  o.ledger.file('completion', await send(o.base, 'POST', '/api/sql_parser/context/tip', { cookie: u.cookie, body: { beforeSql, afterSql: '', dataSourceId: u.dataSourceId, ...place(o) } }));
};

const chart: Action = async (o, u) => {
  const out = o.ledger.file('chart refresh', await send(o.base, 'POST', '/api/chart/execute', { cookie: u.cookie, body: { id: u.chartId } }));
  if (!out.error && !out.lost) o.ack.charts.set(u.userId, (o.ack.charts.get(u.userId) ?? 0) + 1);
};

const bell: Action = async (o, u) => {
  o.ledger.file('notifications', await send(o.base, 'GET', '/api/notification/unread_count', { cookie: u.cookie }));
};

const saveConsole: Action = async (o, u) => {
  const out = o.ledger.file('console save', await send(o.base, 'POST', '/api/operation/saved/create', { cookie: u.cookie, body: { name: `soak ${Date.now()}`, ddl: 'SELECT 1', dataSourceId: u.dataSourceId, ...place(o) } }));
  if (!out.error && !out.lost && typeof out.body?.data === 'number') o.ack.consoles.push(out.body.data);
};

const seqs = new Map<number, number>();
const ownerWrite: Action = async (o, u) => {
  const seq = (seqs.get(u.userId) ?? 0) + 1;
  seqs.set(u.userId, seq);
  const mark = marker();
  const out = o.ledger.file('console write', await send(o.base, 'POST', '/api/rdb/dml/execute', { cookie: u.cookie, body: { sql: `INSERT INTO soak_writes (user_id, seq, mark) VALUES (${u.userId}, ${seq}, ${mark})`, dataSourceId: u.dataSourceId, ...place(o) } }));
  if (!out.error && !out.lost) {
    const list = o.ack.writes.get(u.userId) ?? [];
    list.push(seq);
    o.ack.writes.set(u.userId, list);
  }
  audited(o, mark, out);
};

const ai: Action = async (o, u) => {
  o.ledger.file('AI question', await send(o.base, 'POST', '/api/v2/ai/chat', { cookie: u.cookie, sse: true, body: { questionType: 'NL_2_SQL', input: 'How many customers live in each city?', dataSourceId: u.dataSourceId, ...place(o) } }));
};

const MIX: [Action, number][] = [[consoleQuery, 30], [tree, 12], [completion, 20], [chart, 10], [bell, 15], [saveConsole, 5], [ai, 3]];
// The AI reads a whole schema: a member granted only some columns is refused it (permission-service, NO_WHOLE_SCHEMA).
const COLUMN_GRANT_MIX = MIX.filter(([a]) => a !== ai);
const OWNER_MIX: [Action, number][] = [...MIX, [ownerWrite, 10]];

function choose(mix: [Action, number][]): Action {
  let r = Math.random() * mix.reduce((s, [, w]) => s + w, 0);
  for (const [a, w] of mix) if ((r -= w) < 0) return a;
  return mix[0]![0];
}

export async function userLoop(o: WorkloadOptions, u: SoakUser): Promise<void> {
  // Spread the start over one think time so 200 users do not arrive in one instant.
  await nap(o, rand(o.thinkMs));
  while (!o.stopped()) {
    await choose(u.owner ? OWNER_MIX : u.columnGrant ? COLUMN_GRANT_MIX : MIX)(o, u);
    await nap(o, o.thinkMs / 2 + rand(o.thinkMs));
  }
}

/** Follows a task to its end through the API (any replica); its last view. */
export async function followTask(o: Pick<WorkloadOptions, 'base' | 'ledger'>, u: SoakUser, id: number, deadlineMs = 600_000): Promise<any> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const out = o.ledger.file('task get', await send(o.base, 'GET', `/api/task/get?id=${id}`, { cookie: u.cookie }));
    const v = out.body?.data;
    if (v && ['DONE', 'FAILED', 'STOPPED'].includes(v.state)) return v;
    if (Date.now() > deadline) return v ?? null;
    await pause(500);
  }
}

/** A task's end: done as asked, or failed with the notice of a replica that died under it (what the kill should cause), else an error. */
function taskResult(o: WorkloadOptions, kind: string, started: Outcome, end: any, done: boolean): void {
  if (!done && end?.state === 'FAILED' && end.error === INTERRUPTED_ERROR) o.ledger.file(`task ${kind} interrupted`, { ...started, error: null });
  else o.ledger.file(`task ${kind} result`, { ...started, error: done ? null : `${kind} ended ${end?.state}: ${end?.error}` });
}

let imports = 0;
/** One import (a CSV uploaded into a new table) and one export (orders as CSV, downloaded). */
export async function taskRound(o: WorkloadOptions, u: SoakUser): Promise<void> {
  const n = ++imports;
  const csv = ['id,label,amount', ...Array.from({ length: 2000 }, (_, i) => `${i + 1},row ${i + 1},${(i * 1.5).toFixed(2)}`)].join('\n') + '\n';
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), `soak-${n}.csv`);
  const up = o.ledger.file('task upload', await send(o.base, 'POST', '/api/task/upload', { cookie: u.cookie, form }));
  if (!up.error && !up.lost) {
    const started = o.ledger.file('task import', await send(o.base, 'POST', '/api/task/import', { cookie: u.cookie, body: { uploadId: up.body.data.uploadId, dataSourceId: u.dataSourceId, ...place(o), format: 'csv', mode: 'new', tableName: `imported_${u.team}_${n}` } }));
    if (!started.error && !started.lost) {
      o.ack.tasks.push(started.body.data.id);
      const end = await followTask(o, u, started.body.data.id);
      taskResult(o, 'import', started, end, end?.state === 'DONE' && end.committedRows === 2000);
    }
  }
  const ex = o.ledger.file('task export', await send(o.base, 'POST', '/api/task/export', { cookie: u.cookie, body: { dataSourceId: u.dataSourceId, ...place(o), target: 'table', tableName: 'orders', format: 'csv' } }));
  if (!ex.error && !ex.lost) {
    o.ack.tasks.push(ex.body.data.id);
    const end = await followTask(o, u, ex.body.data.id);
    taskResult(o, 'export', ex, end, end?.state === 'DONE');
    if (end?.state === 'DONE') o.ledger.file('task download', await send(o.base, 'GET', `/api/task/download?id=${ex.body.data.id}`, { cookie: u.cookie, bytes: true }));
  }
}

export async function ownerTaskLoop(o: WorkloadOptions, u: SoakUser): Promise<void> {
  await nap(o, rand(o.taskEveryMs));
  while (!o.stopped()) {
    await taskRound(o, u);
    await nap(o, o.taskEveryMs);
  }
}
