/**
 * SQL audit overhead (issue 13 point 4): 1,000 small statements, each its own execute call through
 * the server's ExecutionService on a PostgreSQL data source (local mode, SQLite store), with the
 * audit (an AuditActor given: every statement is queued and written in batches during the round)
 * against without (no actor: nothing recorded) — same app, same connection pool, rounds interleaved,
 * medians of the round totals (and, as pairedRatio, the median of each round's with/without ratio,
 * which cancels slow drift on a shared machine). After each audited round the writer's queue is
 * drained (timed separately as flushWaitMs; it is off the query path). cpuMsWith/Without: the process's
 * CPU time per round (all threads, so the SQLite writer thread counts too).
 * Target: ratio ≤ 1.05.
 */
import { median, type BenchLine } from './lib.js';
import { testApp } from '../apps/server/src/test/helpers.js';
import { pgSourceInput } from '../apps/server/src/test/helpers.js';
import { PG_URL, pgUrlFor, withPg } from './pg.js';

const STATEMENTS = 1_000;
const ROUNDS = Number(process.env.ASKDB_BENCH_ROUNDS ?? 15);

export default async function run(): Promise<BenchLine[]> {
  const db = `askdb_bench_audit_${process.pid}`;
  await withPg(PG_URL, (c) => c.query(`CREATE DATABASE ${db}`));
  await withPg(pgUrlFor(db), (c) => c.query('create table small(id int primary key, name text); insert into small select g, md5(g::text) from generate_series(1, 1000) g'));
  const t = await testApp({ demo: false });
  try {
    const id = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('bench', db))).body.data as number;
    const record = (await t.deps.dataSources.get(id))!;
    const exec = t.deps.execution;
    const audit = t.deps.audit;
    const actor = { userId: 1, organizationId: 1, clientIp: '127.0.0.1' };
    const cpu: Record<'with' | 'without', number[]> = { with: [], without: [] };
    const round = async (withAudit: boolean): Promise<number> => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 1; i <= STATEMENTS; i++) {
        const r = await exec.execute(record, 1, { sql: `select name from small where id = ${i}`, dataSourceId: id, errorContinue: true, pageSize: 200 }, withAudit ? actor : null);
        if (!r[0]?.success) throw new Error(`statement failed: ${r[0]?.message}`);
      }
      const ms = performance.now() - t0;
      const c = process.cpuUsage(c0);
      cpu[withAudit ? 'with' : 'without'].push((c.user + c.system) / 1000);
      return ms;
    };
    await round(false); // warm-up: connections, JIT
    await round(true);
    await audit.log.flush();
    cpu.with.length = 0;
    cpu.without.length = 0;
    const before = await audit.repo.count(1);
    const withTimes: number[] = [];
    const withoutTimes: number[] = [];
    const flushWaits: number[] = [];
    const pairs: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // Alternate which goes first, so drift on a shared machine hits both alike.
      const order = r % 2 === 0 ? [true, false] : [false, true];
      for (const a of order) {
        const ms = await round(a);
        (a ? withTimes : withoutTimes).push(ms);
        if (a) {
          const f0 = performance.now();
          await audit.log.flush();
          flushWaits.push(performance.now() - f0);
        }
      }
      pairs.push(withTimes.at(-1)! / withoutTimes.at(-1)!);
    }
    const written = (await audit.repo.count(1)) - before;
    if (written !== ROUNDS * STATEMENTS) throw new Error(`audit wrote ${written} rows, expected ${ROUNDS * STATEMENTS}`);
    return [{
      name: `sql-audit: ${STATEMENTS} small statements through execute, with audit`,
      unit: 'ms',
      median: median(withTimes),
      baselineName: 'same statements without audit',
      baselineMedian: median(withoutTimes),
      target: '≤ 1.05',
      extra: { rounds: ROUNDS, rowsWritten: written, pairedRatio: median(pairs).toFixed(3), cpuMsWith: median(cpu.with).toFixed(0), cpuMsWithout: median(cpu.without).toFixed(0), flushWaitMs: median(flushWaits).toFixed(1), lost: audit.log.stats().lost },
    }];
  } finally {
    await t.close();
    await withPg(PG_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`));
  }
}
