/**
 * The size bound of one answer (issue 23): all statements of an execute together, or one fetch,
 * hold at most `limit` bytes of rows as JSON — so neither the rows in memory nor the JSON text
 * of the response grows past it, however many statements and rows a request asks for. What does
 * not fit stays behind the cursor or is re-run on its own; the result says so (`truncated`).
 */
type Row = (string | null)[];

const DEFAULT_LIMIT = 64 * 1024 * 1024;
/** Anything JSON escapes, or that takes more than one byte in UTF-8. */
const WIDE = /[^\x20-\x21\x23-\x5b\x5d-\x7e]/;

/** The limit: ASKDB_EXECUTE_ANSWER_MAX_BYTES, else 64 MiB. */
export function answerLimit(): number {
  const n = Number(process.env.ASKDB_EXECUTE_ANSWER_MAX_BYTES);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_LIMIT;
}

/** A human-readable form of the limit for the notice ("64 MB"). */
export function limitText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** An upper bound of a cell's size in the JSON response: quotes, separator, and each character escaped at worst. */
function cellSize(v: string | null): number {
  if (v === null) return 5;
  return (WIDE.test(v) ? v.length * 6 : v.length) + 3;
}

export class AnswerBudget {
  private used = 0;

  constructor(readonly limit = answerLimit()) {}

  get exhausted(): boolean {
    return this.used >= this.limit;
  }

  /** Text sent back whatever happens (the statement, its message). */
  charge(text: string): void {
    this.used += text.length + 8;
  }

  /** How many of the first `max` of `rows` fit (a prefix); those are charged. */
  fit(rows: Row[], max = rows.length): number {
    let n = 0;
    for (let i = 0; i < Math.min(max, rows.length); i++) {
      const row = rows[i]!;
      let size = 3;
      for (const v of row) size += cellSize(v);
      if (this.used + size > this.limit) {
        // Full from here on: later statements get no rows either, so what came back is a prefix of the script's rows.
        this.used = Math.max(this.used, this.limit);
        break;
      }
      this.used += size;
      n++;
    }
    return n;
  }
}
