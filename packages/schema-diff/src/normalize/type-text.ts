/** Parsing native type text (`numeric(10,2)`, `timestamp(3) with time zone`, `enum('a','b')`, `int[]`). */

export interface TypeParts {
  /** Words before the parenthesis, e.g. `character varying`, `timestamp`. */
  base: string;
  /** Parenthesised arguments, raw (quoted enum values stay quoted); null when there are none. */
  args: string[] | null;
  /** Words after the parenthesis, e.g. `with time zone`, `unsigned`. */
  suffix: string;
  /** Trailing array brackets, e.g. `[]` or `[][]`. */
  array: string;
}

/** Index of the parenthesis that closes the one at `open`, skipping quoted text. */
export function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"' || ch === '`') {
      i = skipQuoted(text, i);
      continue;
    }
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Index of the closing quote of the quoted run starting at `start` (doubled quotes stay inside). */
export function skipQuoted(text: string, start: number): number {
  const q = text[start]!;
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\' && q === "'") { i++; continue; }
    if (text[i] === q) {
      if (text[i + 1] === q) { i++; continue; }
      return i;
    }
  }
  return text.length - 1;
}

/** Split on commas that are outside quotes and parentheses. */
export function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"' || ch === '`') { i = skipQuoted(text, i); continue; }
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

export function parseType(text: string): TypeParts {
  let t = text.trim().replace(/\s+/g, ' ');
  let array = '';
  while (/\[\d*\]$/.test(t)) {
    array = '[]' + array;
    t = t.replace(/\s*\[\d*\]$/, '');
  }
  const open = firstUnquoted(t, '(');
  if (open < 0) return { base: t, args: null, suffix: '', array };
  const close = matchingParen(t, open);
  const inner = t.slice(open + 1, close < 0 ? t.length : close);
  return {
    base: t.slice(0, open).trim(),
    args: splitTopLevel(inner).filter((a) => a !== ''),
    suffix: close < 0 ? '' : t.slice(close + 1).trim(),
    array,
  };
}

export function formatType(parts: TypeParts): string {
  const args = parts.args && parts.args.length ? `(${parts.args.join(',')})` : '';
  return `${parts.base}${args}${parts.suffix ? ' ' + parts.suffix : ''}${parts.array}`;
}

function firstUnquoted(text: string, ch: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === '`') { i = skipQuoted(text, i); continue; }
    if (c === ch) return i;
  }
  return -1;
}
