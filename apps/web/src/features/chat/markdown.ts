/**
 * A small markdown parser for AI answers: text in, a tree out (rendered as React elements by
 * Markdown.tsx, never as HTML). Covers what models write: headings, paragraphs, fenced code
 * (an unclosed fence while streaming is still a code block), lists, quotes, GFM tables, rules,
 * and inline code, bold, italic, strike-through and links (http, https and mailto only).
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong' | 'em' | 'del'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'br' };

export type Block =
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'code'; lang: string; text: string; closed: boolean }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'table'; align: ('left' | 'center' | 'right' | null)[]; header: Inline[][]; rows: Inline[][][] }
  | { type: 'hr' };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)[^\n]*$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const HR = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])\s+(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const TABLE_SEP = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;

export function parseMarkdown(src: string): Block[] {
  return parseBlocks(src.replace(/\r\n?/g, '\n').split('\n'));
}

function parseBlocks(lines: string[]): Block[] {
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      let closed = false;
      while (i < lines.length) {
        const l = lines[i]!;
        if (l.trim().startsWith(marker[0]!.repeat(marker.length)) && l.trim().replace(new RegExp(`^\\${marker[0]}+`), '').trim() === '') {
          closed = true;
          i++;
          break;
        }
        body.push(l);
        i++;
      }
      out.push({ type: 'code', lang: (fence[2] ?? '').toLowerCase(), text: body.join('\n'), closed });
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      out.push({ type: 'heading', level: h[1]!.length, children: parseInline(h[2]!) });
      i++;
      continue;
    }
    if (HR.test(line)) {
      out.push({ type: 'hr' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(QUOTE.exec(lines[i++]!)![1]!);
      out.push({ type: 'quote', children: parseBlocks(body) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const [block, next] = parseList(lines, i);
      out.push(block);
      i = next;
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1]!) && lines[i + 1]!.includes('-')) {
      const header = splitRow(line);
      const align = splitRow(lines[i + 1]!).map((c) => (c.startsWith(':') && c.endsWith(':') ? 'center' : c.endsWith(':') ? 'right' : c.startsWith(':') ? 'left' : null));
      i += 2;
      const rows: Inline[][][] = [];
      while (i < lines.length && lines[i]!.includes('|') && lines[i]!.trim() !== '') rows.push(splitRow(lines[i++]!).map(parseInline));
      out.push({ type: 'table', align, header: header.map(parseInline), rows });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && !startsBlock(lines, i)) para.push(lines[i++]!);
    if (para.length === 0) para.push(lines[i++]!);
    out.push({ type: 'paragraph', children: parseInline(para.map((l) => l.trim()).join('\n')) });
  }
  return out;
}

function startsBlock(lines: string[], i: number): boolean {
  const l = lines[i]!;
  return FENCE.test(l) || HEADING.test(l) || HR.test(l) || QUOTE.test(l) || LIST_ITEM.test(l);
}

function parseList(lines: string[], start: number): [Block, number] {
  const first = LIST_ITEM.exec(lines[start]!)!;
  const indent = first[1]!.length;
  const ordered = /\d/.test(first[2]!);
  const items: string[][] = [];
  let i = start;
  while (i < lines.length) {
    const l = lines[i]!;
    const m = LIST_ITEM.exec(l);
    if (m && m[1]!.length <= indent + 1 && /\d/.test(m[2]!) === ordered) {
      items.push([m[3]!]);
      i++;
      continue;
    }
    if (l.trim() === '') {
      // A blank line continues the list only if the next line is indented or another item.
      const n = lines[i + 1];
      if (n !== undefined && (/^\s{2,}\S/.test(n) || (LIST_ITEM.test(n) && /\d/.test(LIST_ITEM.exec(n)![2]!) === ordered))) {
        items[items.length - 1]!.push('');
        i++;
        continue;
      }
      break;
    }
    if (/^\s{2,}/.test(l) || (!startsBlock(lines, i) && items.length > 0)) {
      items[items.length - 1]!.push(l.replace(/^\s{1,4}/, ''));
      i++;
      continue;
    }
    break;
  }
  return [{ type: 'list', ordered, start: ordered ? parseInt(first[2]!, 10) : 1, items: items.map((it) => parseBlocks(it)) }, i];
}

function splitRow(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const cells: string[] = [];
  let cur = '';
  let inCode = false;
  for (let k = 0; k < s.length; k++) {
    const c = s[k]!;
    if (c === '\\' && s[k + 1] === '|') {
      cur += '|';
      k++;
    } else if (c === '`') {
      inCode = !inCode;
      cur += c;
    } else if (c === '|' && !inCode) {
      cells.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  cells.push(cur.trim());
  return cells;
}

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\' && i + 1 < src.length && /[\\`*_{}[\]()#+\-.!|~<>]/.test(src[i + 1]!)) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (c === '\n') {
      flush();
      out.push({ type: 'br' });
      i++;
      continue;
    }
    if (c === '`') {
      const run = /^`+/.exec(src.slice(i))![0];
      const end = src.indexOf(run, i + run.length);
      if (end > 0) {
        flush();
        out.push({ type: 'code', text: src.slice(i + run.length, end).replace(/^ (.*) $/, '$1') });
        i = end + run.length;
        continue;
      }
    }
    if ((c === '*' || c === '_' || c === '~') && src[i + 1] === c) {
      const mark = c + c;
      const end = src.indexOf(mark, i + 2);
      if (end > i + 2) {
        flush();
        out.push({ type: c === '~' ? 'del' : 'strong', children: parseInline(src.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if ((c === '*' || c === '_') && src[i + 1] !== c && src[i + 1] !== ' ' && src[i + 1] !== undefined) {
      // `_` inside a word (snake_case identifiers) is not emphasis.
      const wordBefore = c === '_' && i > 0 && /\w/.test(src[i - 1]!);
      const end = findClosing(src, c, i + 1);
      if (!wordBefore && end > i + 1 && !(c === '_' && /\w/.test(src[end + 1] ?? ''))) {
        flush();
        out.push({ type: 'em', children: parseInline(src.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (c === '[') {
      const m = /^\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/.exec(src.slice(i));
      if (m) {
        flush();
        if (SAFE_HREF.test(m[2]!)) out.push({ type: 'link', href: m[2]!, children: parseInline(m[1]!) });
        else out.push(...parseInline(m[1]!));
        i += m[0].length;
        continue;
      }
    }
    if (c === 'h' && /^https?:\/\//.test(src.slice(i)) && (i === 0 || /[\s(]/.test(src[i - 1]!))) {
      const m = /^https?:\/\/[^\s<>)\]]+[^\s<>)\].,;:!?'"]/.exec(src.slice(i));
      if (m) {
        flush();
        out.push({ type: 'link', href: m[0], children: [{ type: 'text', text: m[0] }] });
        i += m[0].length;
        continue;
      }
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

function findClosing(src: string, mark: string, from: number): number {
  for (let k = from; k < src.length; k++) {
    if (src[k] === '`') {
      const close = src.indexOf('`', k + 1);
      if (close > 0) k = close;
      continue;
    }
    if (src[k] === mark && src[k - 1] !== ' ' && src[k + 1] !== mark) return k;
  }
  return -1;
}

/** SQL code blocks of an answer (fences tagged sql or a SQL dialect, or untagged ones that look like SQL). */
export function sqlBlocks(blocks: Block[]): string[] {
  const out: string[] = [];
  const walk = (bs: Block[]) => {
    for (const b of bs) {
      if (b.type === 'code' && isSqlBlock(b.lang, b.text)) out.push(b.text);
      else if (b.type === 'list') b.items.forEach(walk);
      else if (b.type === 'quote') walk(b.children);
    }
  };
  walk(blocks);
  return out;
}

const SQL_LANGS = new Set(['sql', 'mysql', 'postgresql', 'postgres', 'pgsql', 'plsql', 'tsql', 'sqlite', 'mariadb', 'oracle', 'duckdb', 'clickhouse', 'hive', 'plpgsql']);
export function isSqlBlock(lang: string, text: string): boolean {
  if (SQL_LANGS.has(lang)) return true;
  return lang === '' && /^\s*(with|select|insert|update|delete|create|alter|drop|explain|merge|truncate)\b/i.test(text);
}
