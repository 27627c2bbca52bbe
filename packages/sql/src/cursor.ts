/** Spec 01 §5 statement lookup: the statement under the cursor. */
import type { SqlStatement } from './splitter.js';

type Ranged = Pick<SqlStatement, 'startLine' | 'startColumn' | 'endLine' | 'endColumn'>;

function before(l1: number, c1: number, l2: number, c2: number): boolean {
  return l1 < l2 || (l1 === l2 && c1 < c2);
}

/**
 * The statement containing the cursor (1-based line/column, bounds inclusive); if none, the
 * nearest statement whose line range covers the cursor line, by column distance to its start or
 * end. Undefined when the cursor line has no statement.
 */
export function statementAtCursor<T extends Ranged>(statements: readonly T[], line: number, column: number): T | undefined {
  // Statements are ordered: binary search the last one starting at or before the cursor.
  let lo = 0;
  let hi = statements.length - 1;
  let idx = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = statements[mid]!;
    if (!before(line, column, s.startLine, s.startColumn)) {
      idx = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (idx >= 0) {
    const s = statements[idx]!;
    if (!before(s.endLine, s.endColumn, line, column)) return s;
  }
  let best: T | undefined;
  let bestDistance = Infinity;
  for (let i = Math.max(0, idx - 1); i < statements.length && i <= idx + 2; i++) {
    const s = statements[i]!;
    if (s.startLine > line || s.endLine < line) continue;
    let d = Infinity;
    if (s.startLine === line) d = Math.min(d, Math.abs(s.startColumn - column));
    if (s.endLine === line) d = Math.min(d, Math.abs(column - s.endColumn));
    if (d < bestDistance) {
      bestDistance = d;
      best = s;
    }
  }
  return best;
}
