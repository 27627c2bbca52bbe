/**
 * Audit rows into a SQLite store from a worker thread with a connection of its own: better-sqlite3
 * is synchronous (each commit waits for the disk), so on the main thread every batch would stall
 * the event loop — and the queries waiting on it. The worker inserts a batch in one transaction
 * with one prepared statement; WAL lets it write while the main connection reads. A batch fails as
 * a whole (the caller then writes its rows one by one). The worker starts on first use, does not
 * keep the process alive, and is started again if it dies.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { NewAuditRow } from '../../store/sql-audit.js';

export interface AuditWriter {
  insertMany(rows: NewAuditRow[]): Promise<void>;
  ping(): Promise<boolean>;
}

const COLUMNS = ['organization_id', 'user_id', 'data_source_id', 'database_name', 'schema_name', 'statement_type', 'sql_text', 'start_time', 'duration_ms', 'row_count', 'success', 'message', 'client_ip'] as const satisfies readonly (keyof NewAuditRow)[];

/** Plain CommonJS run with `eval`: nothing to bundle next to the server. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
// Lowest CPU priority for this thread (Linux applies a nice value per thread): queries come first.
try { require('node:os').setPriority(19); } catch {}
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const cols = workerData.columns;
const insert = db.prepare('insert into sql_audit (' + cols.join(', ') + ') values (' + cols.map(() => '?').join(', ') + ')');
const batch = db.transaction((rows) => { for (const r of rows) insert.run(r); });
parentPort.on('message', (m) => {
  try {
    if (m.rows) batch(m.rows);
    else db.prepare('select 1').get();
    parentPort.postMessage({ id: m.id });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) });
  }
});
`;

export class SqliteAuditWriter implements AuditWriter {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();

  constructor(private readonly file: string) {}

  insertMany(rows: NewAuditRow[]): Promise<void> {
    return this.send({ rows: rows.map((r) => COLUMNS.map((c) => r[c])) });
  }

  async ping(): Promise<boolean> {
    try {
      await this.send({});
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private send(msg: { rows?: unknown[][] }): Promise<void> {
    const w = this.start();
    const id = ++this.seq;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({ id, ...msg });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file: this.file, columns: COLUMNS } });
    w.unref();
    w.on('message', (m: { id: number; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error));
      else p.resolve();
    });
    const fail = (e: Error) => {
      if (this.worker === w) this.worker = null;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the audit writer thread stopped (exit code ${code})`)));
    this.worker = w;
    return w;
  }
}
