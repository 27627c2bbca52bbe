/** Offsets ↔ 1-based Monaco line/column positions (columns count UTF-16 code units, as Monaco does). */
import type { SqlStatement } from './splitter.js';

export interface LineCol {
  line: number;
  column: number;
}

/** Turns sorted [start, end) pairs into statements with positions, in one forward pass. */
export function attachPositions(sql: string, ranges: number[]): SqlStatement[] {
  const out: SqlStatement[] = new Array(ranges.length / 2);
  let line = 1;
  let lineStart = 0;
  let nextNl = sql.indexOf('\n');
  const advance = (offset: number) => {
    while (nextNl >= 0 && nextNl < offset) {
      line++;
      lineStart = nextNl + 1;
      nextNl = sql.indexOf('\n', lineStart);
    }
  };
  for (let i = 0; i < ranges.length; i += 2) {
    const start = ranges[i]!;
    const end = ranges[i + 1]!;
    advance(start);
    const startLine = line;
    const startColumn = start - lineStart + 1;
    advance(end);
    out[i / 2] = { sql: sql.slice(start, end), start, end, startLine, startColumn, endLine: line, endColumn: end - lineStart + 1 };
  }
  return out;
}

/** Line starts of a text, for repeated lookups. */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(readonly text: string) {
    let p = text.indexOf('\n');
    while (p >= 0) {
      this.starts.push(p + 1);
      p = text.indexOf('\n', p + 1);
    }
  }
  get lineCount(): number {
    return this.starts.length;
  }
  position(offset: number): LineCol {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - this.starts[lo]! + 1 };
  }
  offset(line: number, column: number): number {
    const l = Math.max(1, Math.min(line, this.starts.length));
    const start = this.starts[l - 1]!;
    const lineEnd = l < this.starts.length ? this.starts[l]! - 1 : this.text.length;
    return Math.min(start + Math.max(0, column - 1), lineEnd);
  }
}
