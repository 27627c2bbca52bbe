/**
 * Splitting a ~50,000-character, ~1,000-statement script: @askdb/sql `splitStatements` (with line and
 * column positions) vs dbgate-query-splitter `splitQuery` on the same script, same run. Target ratio ≤ 1.0.
 */
import { splitQuery, mysqlSplitterOptions, postgreSplitterOptions } from 'dbgate-query-splitter';
import { dialectFor, splitStatements } from '@askdb/sql';
import { median, type BenchLine } from './lib.js';
import { benchScript } from './sql-script.js';

function time(fn: () => unknown, rounds: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

export default async function run(): Promise<BenchLine[]> {
  const script = benchScript(1000);
  const lines: BenchLine[] = [];
  for (const [type, options] of [['MYSQL', mysqlSplitterOptions], ['POSTGRESQL', postgreSplitterOptions]] as const) {
    const dialect = dialectFor(type);
    const ours = splitStatements(script, dialect).length;
    const theirs = splitQuery(script, options).length;
    if (ours !== theirs) throw new Error(`statement counts differ for ${type}: ${ours} vs ${theirs}`);
    // Warm up both, then interleave rounds so machine noise hits both alike.
    time(() => splitStatements(script, dialect), 30);
    time(() => splitQuery(script, options), 30);
    const a: number[] = [];
    const b: number[] = [];
    for (let r = 0; r < 10; r++) {
      a.push(...time(() => splitStatements(script, dialect), 10));
      b.push(...time(() => splitQuery(script, options), 10));
    }
    lines.push({
      name: `sql split ${type.toLowerCase()} (${script.length} chars, ${ours} statements)`,
      unit: 'ms',
      median: median(a),
      baselineName: 'dbgate-query-splitter splitQuery',
      baselineMedian: median(b),
      target: '≤ 1.0',
    });
  }
  return lines;
}
