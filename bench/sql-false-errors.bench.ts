/**
 * False syntax errors (issue 19 point 6): the share of statements that the real servers accepted — taken from
 * PostgreSQL's regression suite and MariaDB's mysql-test, see packages/sql/test/corpus/build-corpus.ts — on
 * which parseSql puts a syntax marker. Targets: ≤ 1% PostgreSQL, ≤ 2% MySQL/MariaDB; the ratio is against the
 * target (≤ 1 meets it). Also printed: the share before the parser was made tolerant of these constructs
 * (measured on the same corpus with the parser of commit 1c413c1) and the share of the servers' own syntax
 * errors the parser still catches.
 */
import path from 'node:path';
import { caughtErrors, falseErrors, FALSE_ERROR_TARGET, loadCorpus, type CorpusDialect } from '../packages/sql/test/corpus/corpus.js';
import { median, repoRoot, type BenchLine } from './lib.js';

const BEFORE: Record<CorpusDialect, string> = { postgresql: '3.48%', mysql: '1.30%' };

export default async function run(): Promise<BenchLine[]> {
  const dir = path.join(repoRoot(), 'packages/sql/test/corpus');
  const lines: BenchLine[] = [];
  for (const dialect of ['postgresql', 'mysql'] as CorpusDialect[]) {
    const corpus = loadCorpus(dialect, dir);
    const flagged = falseErrors(corpus);
    const share = (100 * flagged.length) / corpus.statements.length;
    const target = 100 * FALSE_ERROR_TARGET[dialect];
    const caught = caughtErrors(corpus).length;
    const times: number[] = [];
    for (let r = 0; r < 3; r++) {
      const t0 = performance.now();
      falseErrors(corpus);
      times.push(performance.now() - t0);
    }
    lines.push({
      name: `false syntax errors: ${corpus.server}, ${corpus.statements.length} accepted statements from ${corpus.sources.length} test files`,
      unit: '%',
      median: share,
      baselineName: 'target',
      baselineMedian: target,
      ratio: share / target,
      target: `≤ ${target}% flagged`,
      extra: {
        flagged: flagged.length,
        before: BEFORE[dialect],
        caughtRejected: `${caught}/${corpus.rejected.length}`,
        parseMs: median(times).toFixed(0),
      },
    });
  }
  return lines;
}
