/** Error positions: engines report an offset into the statement; the editor wants 1-based line/column. */

/**
 * Line and column (1-based, columns in UTF-16 units as Monaco counts them) of a 0-based offset
 * counted in code points (PostgreSQL and Oracle count characters, not bytes or UTF-16 units).
 */
export function positionFromCodePointOffset(sql: string, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  let seen = 0;
  for (const ch of sql) {
    if (seen >= offset) break;
    seen++;
    if (ch === '\n') { line++; column = 1; } else column += ch.length;
  }
  return { line, column };
}

/** Line and column of a 0-based UTF-16 offset. */
export function positionFromOffset(sql: string, offset: number): { line: number; column: number } {
  const before = sql.slice(0, Math.max(0, offset));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** Where `fragment` starts in the statement, searching from `line` (1-based) when given. */
export function positionOfFragment(sql: string, fragment: string, line = 1): { line: number; column: number } | null {
  if (!fragment) return null;
  const lines = sql.split('\n');
  let start = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i]!.length + 1;
  let at = sql.indexOf(fragment, start);
  if (at < 0) at = sql.indexOf(fragment);
  if (at < 0) {
    const lower = sql.toLowerCase();
    at = lower.indexOf(fragment.toLowerCase(), start);
    if (at < 0) return null;
  }
  return positionFromOffset(sql, at);
}
