/**
 * Redis as a tree: databases 0…N-1 are the databases, keys are the "tables" (found with SCAN,
 * never KEYS), each with its type, ttl and size. A key's "columns" follow its type (hash: field,
 * value; zset: member, score; …) and its "DDL" is the commands that recreate it.
 */
import type Redis from 'ioredis';
import type { Dialect } from '@askdb/sql';
import type {
  Catalog, ColumnInfo, Location, Metadata, PageRequest, PageResult, TableInfo, TableLocation,
} from '../driver.js';
import { pageResult, pageWindow } from '../shared/paging.js';
import { textOrHex } from '../values.js';
import { quoteArgument } from './command-parser.js';

const SCAN_COUNT = 1000;
const DDL_ELEMENTS = 1000;
const CATALOG_KEYS = 1000;

const COLUMNS_BY_TYPE: Record<string, [string, string][]> = {
  string: [['value', 'string']],
  hash: [['field', 'string'], ['value', 'string']],
  list: [['index', 'integer'], ['value', 'string']],
  set: [['member', 'string']],
  zset: [['member', 'string'], ['score', 'double']],
  stream: [['id', 'string'], ['fields', 'string']],
};

export class RedisMetadata implements Metadata {
  constructor(private readonly client: (db: number) => Promise<Redis>, private readonly dialect: Dialect, private readonly defaultDb: () => number) {}

  private db(loc: Location): number {
    const n = Number(loc.databaseName ?? this.defaultDb());
    return Number.isInteger(n) && n >= 0 ? n : 0;
  }

  /** Databases 0…N-1 (CONFIG GET databases; 16 when CONFIG is not allowed, as on managed Redis). */
  async databases() {
    const redis = await this.client(this.defaultDb());
    let count = 16;
    try {
      const reply = (await redis.call('CONFIG', 'GET', 'databases')) as string[];
      if (reply?.[1]) count = Number(reply[1]);
    } catch { /* CONFIG disabled */ }
    return Array.from({ length: count }, (_, i) => ({ name: String(i) }));
  }

  async schemas() {
    return [];
  }

  /** Keys matching the search (a substring, glob characters taken literally), a page at a time. */
  async tables(loc: Location, page?: PageRequest): Promise<PageResult<TableInfo>> {
    const redis = await this.client(this.db(loc));
    const w = pageWindow(page, 1000);
    const match = page?.searchKey ? `*${escapeGlob(page.searchKey)}*` : '*';
    const { keys, complete } = await scanKeys(redis, match, w.offset + w.limit + 1);
    if (complete) keys.sort(Buffer.compare);
    const slice = keys.slice(w.offset, w.offset + w.limit);
    const details = await keyDetails(redis, slice);
    const data = slice.map((k, i) => ({ name: textOrHex(k), comment: details[i]!.type, type: 'TABLE' as const, details: details[i]! }));
    const total = complete ? keys.length : page?.searchKey ? keys.length : await redis.dbsize();
    return pageResult(data, total, w);
  }

  async columns(loc: TableLocation): Promise<ColumnInfo[]> {
    const redis = await this.client(this.db(loc));
    return columnsFor(this.dialect, await redis.type(loc.tableName));
  }

  async viewColumns(): Promise<ColumnInfo[]> {
    return [];
  }

  async keys() {
    return [];
  }

  async indexes() {
    return [];
  }

  async views() {
    return [];
  }

  async functions() {
    return [];
  }

  async procedures() {
    return [];
  }

  async triggers() {
    return [];
  }

  /** The commands that recreate the key (first 1000 elements of a collection). */
  async tableDdl(loc: TableLocation): Promise<string> {
    const redis = await this.client(this.db(loc));
    const key = loc.tableName;
    const k = quoteArgument(key);
    const type = await redis.type(key);
    const lines: string[] = [];
    const q = (v: Buffer | string) => quoteArgument(v);
    if (type === 'string') lines.push(`SET ${k} ${q((await redis.getBuffer(key)) ?? '')}`);
    else if (type === 'hash') {
      const [, flat] = await redis.hscanBuffer(key, '0', 'COUNT', DDL_ELEMENTS);
      if (flat.length) lines.push(`HSET ${k} ${flat.map(q).join(' ')}`);
    } else if (type === 'list') {
      const items = await redis.lrangeBuffer(key, 0, DDL_ELEMENTS - 1);
      if (items.length) lines.push(`RPUSH ${k} ${items.map(q).join(' ')}`);
    } else if (type === 'set') {
      const [, members] = await redis.sscanBuffer(key, '0', 'COUNT', DDL_ELEMENTS);
      if (members.length) lines.push(`SADD ${k} ${members.map(q).join(' ')}`);
    } else if (type === 'zset') {
      const flat = await redis.zrangeBuffer(key, 0, DDL_ELEMENTS - 1, 'WITHSCORES');
      const pairs: string[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) pairs.push(`${flat[i + 1]!.toString()} ${q(flat[i]!)}`);
      if (pairs.length) lines.push(`ZADD ${k} ${pairs.join(' ')}`);
    } else if (type === 'none') {
      throw new Error(`Key ${key} does not exist.`);
    } else {
      lines.push(`# ${type} keys are not rebuilt as commands; use DUMP ${k} / RESTORE.`);
    }
    const ttl = await redis.pttl(key);
    if (ttl > 0) lines.push(`PEXPIRE ${k} ${ttl}`);
    return lines.join('\n');
  }

  /** The first 1000 keys of the database with their type-shaped columns. */
  async catalog(loc: Location): Promise<Catalog> {
    const db = this.db(loc);
    const redis = await this.client(db);
    const { keys } = await scanKeys(redis, '*', CATALOG_KEYS);
    const types = await pipelineReplies(redis, keys.map((k) => ['type', k]));
    return {
      databaseName: String(db),
      schemaName: null,
      tables: keys.map((k, i) => {
        const type = String(types[i] ?? 'none');
        return { name: textOrHex(k), comment: type, columns: columnsFor(this.dialect, type), keys: [], indexes: [] };
      }),
      views: [],
      functions: [],
      procedures: [],
    };
  }
}

function columnsFor(dialect: Dialect, type: string): ColumnInfo[] {
  return (COLUMNS_BY_TYPE[type] ?? [['value', 'string']]).map(([name, native], i) => ({
    name, columnType: native, dataType: dialect.columnType(native), nullable: false, defaultValue: null, comment: null,
    primaryKey: i === 0 && type !== 'string', autoIncrement: false, ordinal: i + 1,
  }));
}

export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => '\\' + c);
}

async function scanKeys(redis: Redis, match: string, need: number): Promise<{ keys: Buffer[]; complete: boolean }> {
  const keys: Buffer[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scanBuffer(cursor, 'MATCH', match, 'COUNT', SCAN_COUNT);
    keys.push(...batch);
    cursor = next.toString();
  } while (cursor !== '0' && keys.length < need);
  return { keys, complete: cursor === '0' };
}

async function pipelineReplies(redis: Redis, commands: (string | Buffer)[][]): Promise<unknown[]> {
  if (!commands.length) return [];
  const results = (await redis.pipeline(commands as never).exec()) ?? [];
  return results.map(([err, value]) => (err ? null : value));
}

/** Type, ttl in seconds (-1 none) and memory in bytes (null where MEMORY is not allowed). */
async function keyDetails(redis: Redis, keys: Buffer[]): Promise<{ type: string; ttl: number; size: number | null }[]> {
  const replies = await pipelineReplies(redis, keys.flatMap((k) => [['type', k], ['pttl', k], ['memory', 'usage', k, 'SAMPLES', '0']]));
  return keys.map((_, i) => {
    const pttl = Number(replies[i * 3 + 1] ?? -1);
    const size = replies[i * 3 + 2];
    return { type: String(replies[i * 3] ?? 'none'), ttl: pttl > 0 ? Math.ceil(pttl / 1000) : pttl, size: size === null || size === undefined ? null : Number(size) };
  });
}
