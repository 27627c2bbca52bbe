/**
 * How a Redis key is read a page at a time, by type: lists and sorted sets by offset, hashes and sets by
 * SCAN cursor, streams by id. Each step is one command through the execute API; `nextPage` reads where
 * the following page starts from the result (the cursor travels in the first column's name).
 */
import { quoteRedisText } from '@askdb/sql';

export type Cursor = { kind: 'offset'; offset: number } | { kind: 'scan'; cursor: string } | { kind: 'id'; after: string | null } | { kind: 'done' };

export const LENGTH_COMMAND: Record<string, string> = { string: 'STRLEN', hash: 'HLEN', list: 'LLEN', set: 'SCARD', zset: 'ZCARD', stream: 'XLEN' };

export function firstCursor(type: string): Cursor {
  if (type === 'hash' || type === 'set') return { kind: 'scan', cursor: '0' };
  if (type === 'stream') return { kind: 'id', after: null };
  return { kind: 'offset', offset: 0 };
}

/** The command that reads the page at `at`, or null when the type cannot be read as rows. */
export function pageCommand(type: string, key: string, at: Cursor, size: number): string | null {
  const k = quoteRedisText(key);
  switch (type) {
    case 'string':
      return `GET ${k}`;
    case 'list':
      return at.kind === 'offset' ? `LRANGE ${k} ${at.offset} ${at.offset + size - 1}` : null;
    case 'zset':
      return at.kind === 'offset' ? `ZRANGE ${k} ${at.offset} ${at.offset + size - 1} WITHSCORES` : null;
    case 'hash':
      return at.kind === 'scan' ? `HSCAN ${k} ${at.cursor} COUNT ${size}` : null;
    case 'set':
      return at.kind === 'scan' ? `SSCAN ${k} ${at.cursor} COUNT ${size}` : null;
    case 'stream':
      return at.kind === 'id' ? `XRANGE ${k} ${at.after ? quoteRedisText(`(${at.after}`) : '-'} + COUNT ${size}` : null;
    default:
      return null;
  }
}

export interface PageRows { columns: string[]; rows: (string | null)[][] }

/** The rows a user sees for a page's result, and where the next page starts. */
export function readPage(type: string, at: Cursor, size: number, header: string[], data: (string | null)[][]): PageRows & { next: Cursor } {
  switch (type) {
    case 'string':
      return { columns: ['value'], rows: data.map((r) => [r[0] ?? null]), next: { kind: 'done' } };
    case 'list': {
      const offset = at.kind === 'offset' ? at.offset : 0;
      return { columns: ['index', 'value'], rows: data.map((r, i) => [String(offset + i), r[1] ?? null]), next: data.length < size ? { kind: 'done' } : { kind: 'offset', offset: offset + size } };
    }
    case 'zset': {
      const offset = at.kind === 'offset' ? at.offset : 0;
      return { columns: ['member', 'score'], rows: data.map((r) => [r[0] ?? null, r[1] ?? null]), next: data.length < size ? { kind: 'done' } : { kind: 'offset', offset: offset + size } };
    }
    case 'hash':
    case 'set': {
      const cursor = /cursor ([^\s)]+)/.exec(header[0] ?? '')?.[1] ?? '0';
      const next: Cursor = cursor === '0' ? { kind: 'done' } : { kind: 'scan', cursor };
      return type === 'hash'
        ? { columns: ['field', 'value'], rows: data.map((r) => [r[0] ?? null, r[1] ?? null]), next }
        : { columns: ['member'], rows: data.map((r) => [r[0] ?? null]), next };
    }
    case 'stream': {
      // Each entry arrives as JSON: ["id", ["field", "value", …]].
      const rows = data.map((r) => {
        try {
          const [id, fields] = JSON.parse(r[1] ?? '[]') as [string, string[]];
          const obj: Record<string, string> = {};
          for (let i = 0; i + 1 < (fields ?? []).length; i += 2) obj[fields[i]!] = fields[i + 1]!;
          return [id, JSON.stringify(obj)];
        } catch {
          return [null, r[1] ?? null];
        }
      });
      const last = rows.at(-1)?.[0];
      return { columns: ['id', 'fields'], rows, next: data.length < size || !last ? { kind: 'done' } : { kind: 'id', after: last } };
    }
    default:
      return { columns: [], rows: [], next: { kind: 'done' } };
  }
}
