/**
 * The audit writer on the real stores: 10,000 rows recorded at once are all written (counted in the
 * table); a store outage keeps rows queued and writes them when it is back; close writes what is
 * queued; a row the store refuses is counted and logged without holding back the rest; the queue
 * bound counts what it turns away; pruning by age from two replicas at once is harmless.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStore, type Store, type StoreDb } from '../../store/db.js';
import { KvRepo } from '../../store/kv.js';
import { SqlAuditRepo } from '../../store/sql-audit.js';
import { PG_URL, scratchPgDatabase } from '../../test/helpers.js';
import { AuditLog, type AuditLogger } from './audit-log.js';
import { AuditRetention } from './retention.js';
import { SqliteAuditWriter, type AuditWriter } from './sqlite-writer.js';
import type { AuditEntry } from './entry.js';

const entry = (i: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  actor: { userId: 7, organizationId: 3, clientIp: '198.51.100.2' },
  dataSourceId: 5, dbType: 'POSTGRESQL', databaseName: 'shop', schemaName: 'public',
  sql: `update t set a = ${i} where id = ${i}`, startTime: Date.now(), durationMs: 1, rowCount: 1, success: true, message: null,
  ...over,
});

function recordingLogger() {
  const lines: { level: string; msg: string; obj: object }[] = [];
  const logger: AuditLogger = {
    warn: (obj, msg) => lines.push({ level: 'warn', msg, obj }),
    error: (obj, msg) => lines.push({ level: 'error', msg, obj }),
  };
  return { logger, lines };
}

for (const kind of ['sqlite', 'postgres'] as const) {
  describe(`audit writer on the ${kind} store`, () => {
    let store: Store;
    let scratch: Awaited<ReturnType<typeof scratchPgDatabase>> | null = null;
    let home: string;
    let repo: SqlAuditRepo;
    /** What the app writes with: a worker thread on SQLite, the repo's multi-row INSERT on PostgreSQL. */
    let writer: AuditWriter & { close?(): Promise<void> };

    beforeAll(async () => {
      home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-audit-'));
      if (kind === 'postgres') {
        scratch = await scratchPgDatabase('askdb_audit_log');
        const url = new URL(PG_URL);
        url.pathname = `/${scratch.name}`;
        store = await openStore({ home, mode: 'server', databaseUrl: url.toString() });
      } else store = await openStore({ home, mode: 'local' });
      repo = new SqlAuditRepo(store.db);
      writer = store.file ? new SqliteAuditWriter(store.file) : repo;
    });
    afterAll(async () => {
      await writer?.close?.();
      await store?.close();
      await new Promise((r) => setTimeout(r, 200)); // let the pool's connections finish closing before the forced drop
      await scratch?.drop();
      fs.rmSync(home, { recursive: true, force: true });
    });

    it('writes all of 10,000 rows recorded in one go, in batches, without the caller waiting', async () => {
      const log = new AuditLog(writer, { flushMs: 250, batchSize: 500, maxQueue: 200_000 });
      const before = await repo.count(3);
      const t0 = performance.now();
      for (let i = 0; i < 10_000; i++) log.record(entry(i));
      const recordMs = performance.now() - t0;
      expect(log.stats().queued).toBe(10_000);
      await vi.waitFor(() => expect(log.stats().queued).toBe(0), { timeout: 30_000, interval: 50 });
      expect(await repo.count(3)).toBe(before + 10_000);
      expect(log.stats()).toMatchObject({ written: 10_000, lost: 0 });
      // Generous budget (the "never blocks a query"): queuing 10,000 rows is memory work only.
      expect(recordMs).toBeLessThan(1000);
      await log.close();
    });

    it('persisted() resolves once the rows recorded before it are in the store, without waiting for the flush tick', async () => {
      // A flush tick far away: only the waiting caller makes the write happen now.
      const log = new AuditLog(writer, { flushMs: 600_000, batchSize: 500, maxQueue: 10_000 });
      const before = await repo.count(3);
      for (let i = 0; i < 3; i++) log.record(entry(i));
      await log.persisted();
      expect(await repo.count(3)).toBe(before + 3);
      // Callers that wait while a batch is written are served by the next one, together.
      for (let i = 0; i < 50; i++) log.record(entry(i));
      const first = log.persisted();
      for (let i = 0; i < 50; i++) log.record(entry(i));
      await Promise.all([first, log.persisted()]);
      expect(await repo.count(3)).toBe(before + 103);
      await log.close();
    });

    it('requests answering in one turn of the event loop share one INSERT, each answered after its row is in', async () => {
      let inserts = 0;
      const counting: AuditWriter = { insertMany: (rows) => (inserts++, writer.insertMany(rows)), ping: () => writer.ping() };
      const log = new AuditLog(counting, { flushMs: 600_000, batchSize: 500, maxQueue: 10_000 });
      const before = await repo.count(3);
      const answered = await Promise.all(Array.from({ length: 40 }, async (_, i) => {
        log.record(entry(i));
        await log.persisted();
        return repo.count(3);
      }));
      expect(inserts).toBe(1);
      for (const seen of answered) expect(seen).toBe(before + 40);
      await log.close();
    });

    it('close() writes everything still queued', async () => {
      const log = new AuditLog(writer, { flushMs: 60_000, batchSize: 500, maxQueue: 200_000 });
      const before = await repo.count(3);
      for (let i = 0; i < 3_210; i++) log.record(entry(i));
      await log.close();
      expect(await repo.count(3)).toBe(before + 3_210);
      expect(log.stats()).toMatchObject({ queued: 0, written: 3_210, lost: 0 });
      log.record(entry(0));
      expect(log.stats().lost).toBe(1);
    });

    it('a row the store refuses is counted and logged; the rest of its batch is written', async () => {
      const { logger, lines } = recordingLogger();
      const log = new AuditLog(writer, { flushMs: 10, batchSize: 500, maxQueue: 200_000 });
      log.useLogger(logger);
      const before = await repo.count(3);
      for (let i = 0; i < 10; i++) log.record(entry(i, i === 4 ? { dataSourceId: Number.NaN, actor: { userId: 7, organizationId: null as unknown as number, clientIp: null } } : {}));
      await log.flush();
      expect(await repo.count(3)).toBe(before + 9);
      expect(log.stats()).toMatchObject({ queued: 0, written: 9, lost: 1 });
      expect(lines.some((l) => l.level === 'error' && /1 row\(s\) could not be written \(the store refused them/.test(l.msg))).toBe(true);
      await log.close();
    });

    it('the queue bound turns rows away only with a count and a log line', async () => {
      const { logger, lines } = recordingLogger();
      const log = new AuditLog(writer, { flushMs: 60_000, batchSize: 1000, maxQueue: 100 });
      log.useLogger(logger);
      for (let i = 0; i < 150; i++) log.record(entry(i));
      expect(log.stats()).toMatchObject({ queued: 100, lost: 50 });
      expect(lines.filter((l) => /audit queue is full/.test(l.msg)).length).toBeGreaterThan(0);
      await log.close();
      expect(log.stats()).toMatchObject({ queued: 0, written: 100, lost: 50 });
    });

    it('prunes by age only; two replicas pruning at once delete each old row once', async () => {
      const kv = new KvRepo(store.db);
      const log = new AuditLog(writer, { flushMs: 10, batchSize: 500, maxQueue: 200_000 });
      const old = Date.now() - 40 * 86_400_000;
      for (let i = 0; i < 1_200; i++) log.record(entry(i, { actor: { userId: 8, organizationId: 99, clientIp: null }, startTime: old - i * 1000 }));
      for (let i = 0; i < 30; i++) log.record(entry(i, { actor: { userId: 8, organizationId: 99, clientIp: null }, startTime: Date.now() - 86_400_000 }));
      await log.close();
      const a = new AuditRetention(repo, kv, 180);
      const b = new AuditRetention(new SqlAuditRepo(store.db), kv, 180);
      expect(await a.prune()).toBe(0);
      await a.setDays(30);
      expect(await b.days()).toBe(30);
      const before = await repo.count();
      const [x, y] = await Promise.all([a.prune(), b.prune()]);
      expect(x + y).toBeGreaterThanOrEqual(1_200);
      expect(await repo.count(99)).toBe(30);
      expect(await repo.count()).toBe(before - 1_200);
    });
  });
}

describe('audit writer through a PostgreSQL outage', () => {
  let scratch: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let db: StoreDb;
  let pool: pg.Pool;

  beforeAll(async () => {
    scratch = await scratchPgDatabase('askdb_audit_outage');
    const url = new URL(PG_URL);
    url.pathname = `/${scratch.name}`;
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-audit-'));
    await (await openStore({ home, mode: 'server', databaseUrl: url.toString() })).close();
    fs.rmSync(home, { recursive: true, force: true });
    pool = new pg.Pool({ connectionString: url.toString(), max: 2, connectionTimeoutMillis: 2000 });
    pool.on('error', () => {}); // idle clients killed by the outage
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  });
  afterAll(async () => {
    await scratch.adminQuery(`ALTER DATABASE ${scratch.name} WITH ALLOW_CONNECTIONS true`).catch(() => {});
    await db?.destroy();
    await scratch?.drop();
  });

  it('keeps rows queued while the store is down, logs once, retries with backoff and writes them all when it is back', async () => {
    const { logger, lines } = recordingLogger();
    const repo = new SqlAuditRepo(db);
    const log = new AuditLog(repo, { flushMs: 20, batchSize: 500, maxQueue: 200_000 });
    log.useLogger(logger);
    await scratch.adminQuery(`ALTER DATABASE ${scratch.name} WITH ALLOW_CONNECTIONS false`);
    await scratch.adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [scratch.name]);
    for (let i = 0; i < 2_000; i++) log.record(entry(i));
    await vi.waitFor(() => expect(log.stats().failedWrites).toBeGreaterThanOrEqual(3), { timeout: 20_000, interval: 20 });
    expect(log.stats()).toMatchObject({ queued: 2_000, written: 0, lost: 0 });
    expect(lines.filter((l) => /cannot take rows/.test(l.msg))).toHaveLength(1);
    for (let i = 2_000; i < 2_500; i++) log.record(entry(i));
    await scratch.adminQuery(`ALTER DATABASE ${scratch.name} WITH ALLOW_CONNECTIONS true`);
    await vi.waitFor(() => expect(log.stats().queued).toBe(0), { timeout: 30_000, interval: 50 });
    expect(await repo.count(3)).toBe(2_500);
    expect(log.stats()).toMatchObject({ written: 2_500, lost: 0 });
    expect(lines.some((l) => /takes rows again/.test(l.msg))).toBe(true);
    await log.close();
  });
});
