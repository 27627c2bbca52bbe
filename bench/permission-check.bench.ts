/**
 * Cost of the grants check (issue 13 point 2) on the query path: 1,000 small statements, each its
 * own POST /api/rdb/dml/execute in server mode on the PostgreSQL store, run by a team member holding
 * a column-level grant (every statement: live grants read from the store, the catalog from the
 * cache, the team policy, the statement analysed column by column) against the same statements run
 * by the team's admin (not checked) — same app, same pool, rounds interleaved, medians of the round
 * totals, and pairedRatio (median of each round's member/admin ratio). No target set by the issue;
 * printed to keep the overhead visible.
 */
import { median, type BenchLine } from './lib.js';
import { as } from '../apps/server/src/test/org-fixtures.js';
import { permissionFixture } from '../apps/server/src/test/permission-fixture.js';

const STATEMENTS = 1_000;
const ROUNDS = Number(process.env.ASKDB_BENCH_ROUNDS ?? 7);

export default async function run(): Promise<BenchLine[]> {
  const fx = await permissionFixture('bench_perm');
  try {
    const member = await fx.memberWith({ schemaName: 'public', tableName: 'orders', columns: ['id', 'total'] });
    const round = async (who: typeof member): Promise<number> => {
      const t0 = performance.now();
      for (let i = 1; i <= STATEMENTS; i++) {
        const r = await as(fx.t, who, 'POST', '/api/rdb/dml/execute', { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', sql: `select id, total from orders where id = ${1 + (i % 500)}` });
        if (r.status !== 200 || !r.body.data[0]?.success) throw new Error(`statement failed: ${r.status} ${r.body.errorMessage ?? r.body.data?.[0]?.message}`);
      }
      return performance.now() - t0;
    };
    await round(member);
    await round(fx.team.admin);
    const checked: number[] = [];
    const unchecked: number[] = [];
    const paired: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const a = r % 2 ? await round(member) : NaN;
      const b = await round(fx.team.admin);
      const c = r % 2 ? a : await round(member);
      checked.push(c);
      unchecked.push(b);
      paired.push(c / b);
    }
    return [{
      name: `permissions: ${STATEMENTS} execute calls by a member with a column-level grant`,
      unit: 'ms',
      median: median(checked),
      baselineName: 'the same calls by the team admin (not checked)',
      baselineMedian: median(unchecked),
      extra: { pairedRatio: median(paired).toFixed(3), perCallOverheadMs: ((median(checked) - median(unchecked)) / STATEMENTS).toFixed(3), rounds: ROUNDS },
    }];
  } finally {
    await fx.close();
  }
}
