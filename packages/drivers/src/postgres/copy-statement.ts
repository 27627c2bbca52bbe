/**
 * A COPY statement as the splitter hands it (packages/sql splitter, `copyData`): the command, and
 * for `COPY … FROM STDIN;` the data lines that followed it in the script, without the `\.` line.
 */
import { Scanner, TK, type Dialect } from '@askdb/sql';

export interface CopyStatement {
  /** The COPY command alone (no semicolon, no data). */
  command: string;
  /** The data lines (each ending in a newline), or null when the script had no data block. */
  data: string | null;
}

/** The statement as a COPY, or null when it is not one. */
export function copyStatement(sql: string, dialect: Pick<Dialect, 'splitter'>): CopyStatement | null {
  const sc = new Scanner(dialect.splitter);
  let p = 0;
  let start = -1;
  while (p < sql.length) {
    const kind = sc.scan(sql, p);
    if (kind === TK.Space || kind === TK.LineComment || kind === TK.BlockComment) {
      p = sc.end;
      continue;
    }
    if (start < 0) {
      if (kind !== TK.Word || sql.slice(p, sc.end).toUpperCase() !== 'COPY') return null;
      start = p;
    } else if (kind === TK.Semicolon) {
      return { command: sql.slice(start, p).trim(), data: dataBlock(sql, sc.end) };
    }
    p = sc.end;
  }
  return start < 0 ? null : { command: sql.slice(start).trim(), data: null };
}

/** The lines after the semicolon's line, up to a `\.` line. */
function dataBlock(sql: string, afterSemicolon: number): string | null {
  const nl = sql.indexOf('\n', afterSemicolon);
  if (nl < 0) return null;
  let data = sql.slice(nl + 1);
  const end = /(?:^|\n)\\\.\r?$/.exec(data);
  if (end) data = data.slice(0, end.index + (end[0].startsWith('\n') ? 1 : 0));
  if (data && !data.endsWith('\n')) data += '\n';
  return data;
}
