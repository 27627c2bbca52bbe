/**
 * Incremental statement splitting for scripts too large to hold (SQL script imports): feed text
 * chunks as they are read, get back the statements that are complete. It reuses the splitter's
 * state machine (splitRanges): the text since the last emitted statement is kept and scanned again
 * with the next chunk; every range but the last is final (its terminator is followed by more text),
 * the last one waits for more text or `end()`. A long statement is re-scanned only when the
 * buffer has doubled, so the total work stays linear. Statements equal `splitStatements` on the
 * whole text (offsets and lines are the whole script's).
 */
import type { Dialect } from './dialect.js';
import { splitRanges, type SplitCarry, type SqlStatement } from './splitter.js';

export interface StreamSplitter {
  /** Adds text; returns the statements completed by it. */
  push(chunk: string): SqlStatement[];
  /** The end of the script: returns the statements left. */
  end(): SqlStatement[];
  /** Characters held (the statement being read); for progress. */
  readonly pending: string;
}

export function streamSplitter(dialect: Pick<Dialect, 'splitter'>): StreamSplitter {
  const o = dialect.splitter;
  let buf = '';
  /** Offset and 1-based line of buf[0] in the whole script. */
  let base = 0;
  let line = 1;
  let lineStart = 0; // offset in the whole script where `line` starts
  let delimiter = ';';
  let scannedUpTo = 0; // buffer length at the last scan that emitted nothing

  const emit = (final: boolean): SqlStatement[] => {
    const carry: SplitCarry = { delimiter, delimiters: [] };
    const ranges = splitRanges(buf, o, carry);
    const keep = final ? ranges.length : ranges.length - 2; // the last range may still grow
    if (keep <= 0) {
      scannedUpTo = buf.length;
      return [];
    }
    const out: SqlStatement[] = [];
    let nl = buf.indexOf('\n');
    const advance = (to: number) => {
      while (nl >= 0 && nl < to) {
        line++;
        lineStart = base + nl + 1;
        nl = buf.indexOf('\n', nl + 1);
      }
    };
    for (let i = 0; i < keep; i += 2) {
      const s = ranges[i]!;
      const e = ranges[i + 1]!;
      advance(s);
      const startLine = line;
      const startColumn = base + s - lineStart + 1;
      advance(e);
      out.push({ sql: buf.slice(s, e), start: base + s, end: base + e, startLine, startColumn, endLine: line, endColumn: base + e - lineStart + 1 });
    }
    const cut = ranges[keep - 1]!; // restart right after the last emitted statement (its terminator is scanned again)
    delimiter = carry.delimiters[keep / 2 - 1] ?? delimiter;
    buf = buf.slice(cut);
    base += cut;
    scannedUpTo = 0;
    return out;
  };

  return {
    push(chunk: string): SqlStatement[] {
      if (!chunk) return [];
      if (base === 0 && buf === '' && chunk.charCodeAt(0) === 0xfeff) {
        // A byte-order mark is not part of the first statement (offsets stay the file's text's).
        buf = ' ';
        chunk = chunk.slice(1);
      }
      buf += chunk;
      if (buf.length < scannedUpTo * 2) return [];
      return emit(false);
    },
    end(): SqlStatement[] {
      const out = emit(true);
      buf = '';
      return out;
    },
    get pending() {
      return buf;
    },
  };
}
