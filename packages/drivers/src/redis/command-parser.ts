/**
 * Splits a console line into Redis command arguments the way redis-cli does: whitespace
 * separates; "double quotes" understand \n \r \t \b \a \\ \" and \xHH; 'single quotes' only \'.
 * Arguments are bytes, so "\xff" stays one byte.
 */
import { quoteRedisText } from '@askdb/sql';

export class CommandSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, a: 7, '"': 34, '\\': 92 };

export function parseCommandLine(text: string): Buffer[] {
  const args: Buffer[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && /\s/.test(text[i]!)) i++;
    if (i >= n) break;
    const bytes: number[] = [];
    const push = (s: string) => { for (const b of Buffer.from(s, 'utf8')) bytes.push(b); };
    while (i < n && !/\s/.test(text[i]!)) {
      const ch = text[i]!;
      if (ch === '"') {
        const start = i++;
        for (;;) {
          if (i >= n) throw new CommandSyntaxError('Invalid argument(s): unbalanced double quotes', start);
          const c = text[i]!;
          if (c === '"') { i++; break; }
          if (c === '\\' && i + 1 < n) {
            const next = text[i + 1]!;
            const hex = /^x([0-9a-fA-F]{2})/.exec(text.slice(i + 1, i + 4));
            if (hex) { bytes.push(parseInt(hex[1]!, 16)); i += 4; continue; }
            if (next in ESCAPES) { bytes.push(ESCAPES[next]!); i += 2; continue; }
            push(next);
            i += 2;
            continue;
          }
          const cp = text.codePointAt(i)!;
          const char = String.fromCodePoint(cp);
          push(char);
          i += char.length;
        }
        if (i < n && !/\s/.test(text[i]!)) throw new CommandSyntaxError('Invalid argument(s): closing quote must be followed by a space', i);
      } else if (ch === "'") {
        const start = i++;
        for (;;) {
          if (i >= n) throw new CommandSyntaxError('Invalid argument(s): unbalanced single quotes', start);
          const c = text[i]!;
          if (c === "'") { i++; break; }
          if (c === '\\' && text[i + 1] === "'") { push("'"); i += 2; continue; }
          const char = String.fromCodePoint(text.codePointAt(i)!);
          push(char);
          i += char.length;
        }
        if (i < n && !/\s/.test(text[i]!)) throw new CommandSyntaxError('Invalid argument(s): closing quote must be followed by a space', i);
      } else {
        const char = String.fromCodePoint(text.codePointAt(i)!);
        push(char);
        i += char.length;
      }
    }
    args.push(Buffer.from(bytes));
  }
  return args;
}

/** An argument written back as redis-cli would accept it (used for key DDL); bytes that are not UTF-8 as \x escapes. */
export function quoteArgument(value: Buffer | string): string {
  const buf = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  const text = buf.toString('utf8');
  if (Buffer.from(text, 'utf8').equals(buf)) return quoteRedisText(text);
  let out = '"';
  for (const b of buf) {
    out += b >= 32 && b < 127 && b !== 34 && b !== 92 ? String.fromCharCode(b) : '\\x' + b.toString(16).padStart(2, '0');
  }
  return out + '"';
}
