/**
 * The Redis key editor's commands (issue 18 point 6; spec 02 §3 "Key-value entry": key name, type,
 * value, size, TTL; §5: the value list cannot be empty, a field that already exists is refused).
 * Pure: it checks an entry and writes the redis-cli commands the execute API runs; the caller reads
 * each reply (`refusedWhen`) to tell the user a key, field or member already existed.
 */
import { quoteRedisText as q } from './redis-quote.js';

export const REDIS_KEY_TYPES = ['string', 'list', 'hash', 'set', 'zset', 'stream'] as const;
export type RedisKeyType = (typeof REDIS_KEY_TYPES)[number];

/** One entry of a collection: a list element or set member (`value`), a hash or stream field (`field` + `value`), a sorted-set member (`value` + `score`). */
export interface RedisItem {
  field?: string;
  value: string;
  score?: string;
}
export interface NewRedisKey {
  key: string;
  type: RedisKeyType;
  /** The string's value. */
  value?: string;
  items?: RedisItem[];
  /** Seconds; null or absent = no expiry. */
  ttl?: number | null;
}

export type RedisEditProblem =
  | { code: 'KEY_REQUIRED' }
  | { code: 'VALUES_EMPTY' }
  | { code: 'FIELD_REQUIRED' }
  | { code: 'DUPLICATE_FIELD'; field: string }
  | { code: 'BAD_SCORE'; value: string }
  | { code: 'BAD_TTL' }
  | { code: 'KEY_EXISTS'; key: string }
  | { code: 'FIELD_EXISTS'; field: string };

/** A command and, when its reply means a refusal, the reply that does and the problem it means. */
export interface EditStep {
  command: string;
  refusedWhen?: { reply: string | null; problem: RedisEditProblem };
}

const hasField = (t: RedisKeyType) => t === 'hash' || t === 'stream';
const isScore = (s: string | undefined) => s !== undefined && s.trim() !== '' && /^([+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?|[+-]?inf)$/i.test(s.trim());

/** What a user must fix before anything is sent, or null. */
export function checkNewKey(k: NewRedisKey): RedisEditProblem | null {
  if (!k.key) return { code: 'KEY_REQUIRED' };
  if (k.ttl !== undefined && k.ttl !== null && (!Number.isInteger(k.ttl) || k.ttl < 1)) return { code: 'BAD_TTL' };
  if (k.type === 'string') return null;
  const items = k.items ?? [];
  if (!items.length) return { code: 'VALUES_EMPTY' };
  return checkItems(k.type, items);
}

function checkItems(type: RedisKeyType, items: RedisItem[]): RedisEditProblem | null {
  const seen = new Set<string>();
  for (const it of items) {
    if (hasField(type) && !it.field) return { code: 'FIELD_REQUIRED' };
    if (type === 'zset' && !isScore(it.score)) return { code: 'BAD_SCORE', value: it.score ?? '' };
    // A list may repeat values; hash and stream fields, set and sorted-set members may not.
    if (type === 'list') continue;
    const name = hasField(type) ? it.field! : it.value;
    if (seen.has(name)) return { code: 'DUPLICATE_FIELD', field: name };
    seen.add(name);
  }
  return null;
}

/** The entry's size as the key view shows it: bytes of a string, elements of a collection. */
export function newKeySize(k: NewRedisKey): number {
  return k.type === 'string' ? new TextEncoder().encode(k.value ?? '').length : (k.items ?? []).length;
}

/** The steps that create a new key: refused when the key already exists (EXISTS first; SET … NX for a string). */
export function createKeySteps(k: NewRedisKey): EditStep[] {
  const problem = checkNewKey(k);
  if (problem) throw Object.assign(new Error(problem.code), { problem });
  const key = q(k.key);
  const exists: EditStep = { command: `EXISTS ${key}`, refusedWhen: { reply: '1', problem: { code: 'KEY_EXISTS', key: k.key } } };
  const ttl = k.ttl ? [{ command: `EXPIRE ${key} ${k.ttl}` }] : [];
  const items = k.items ?? [];
  switch (k.type) {
    case 'string':
      return [{ command: `SET ${key} ${q(k.value ?? '')} NX${k.ttl ? ` EX ${k.ttl}` : ''}`, refusedWhen: { reply: null, problem: { code: 'KEY_EXISTS', key: k.key } } }];
    case 'list':
      return [exists, { command: `RPUSH ${key} ${items.map((i) => q(i.value)).join(' ')}` }, ...ttl];
    case 'set':
      return [exists, { command: `SADD ${key} ${items.map((i) => q(i.value)).join(' ')}` }, ...ttl];
    case 'hash':
      return [exists, { command: `HSET ${key} ${items.map((i) => `${q(i.field!)} ${q(i.value)}`).join(' ')}` }, ...ttl];
    case 'zset':
      return [exists, { command: `ZADD ${key} ${items.map((i) => `${i.score!.trim()} ${q(i.value)}`).join(' ')}` }, ...ttl];
    case 'stream':
      return [exists, { command: `XADD ${key} * ${items.map((i) => `${q(i.field!)} ${q(i.value)}`).join(' ')}` }, ...ttl];
  }
}

/** Adds a member to an existing collection; a field or member that is already there is refused. */
export function addItemSteps(type: RedisKeyType, keyName: string, it: RedisItem): EditStep[] {
  const problem = type === 'string' ? null : checkItems(type, [it]);
  if (problem) throw Object.assign(new Error(problem.code), { problem });
  const key = q(keyName);
  const name = hasField(type) ? it.field! : it.value;
  const exists = { reply: '0', problem: { code: 'FIELD_EXISTS' as const, field: name } };
  switch (type) {
    case 'list':
      return [{ command: `RPUSH ${key} ${q(it.value)}` }];
    case 'set':
      return [{ command: `SADD ${key} ${q(it.value)}`, refusedWhen: exists }];
    case 'hash':
      return [{ command: `HSETNX ${key} ${q(it.field!)} ${q(it.value)}`, refusedWhen: exists }];
    case 'zset':
      return [{ command: `ZADD ${key} NX CH ${it.score!.trim()} ${q(it.value)}`, refusedWhen: exists }];
    case 'stream':
      return [{ command: `XADD ${key} * ${q(it.field!)} ${q(it.value)}` }];
    default:
      throw new Error(`Cannot add members to a ${type}`);
  }
}

/**
 * Changes one member. A list element is addressed by its index; renaming a hash field, set member
 * or sorted-set member to one that already exists is refused (checked first, then moved).
 */
export function editItemSteps(type: RedisKeyType, keyName: string, old: RedisItem & { index?: number }, next: RedisItem): EditStep[] {
  const key = q(keyName);
  switch (type) {
    case 'list':
      if (old.index === undefined) throw new Error('A list element is edited by its index');
      return [{ command: `LSET ${key} ${old.index} ${q(next.value)}` }];
    case 'hash': {
      if (!next.field) throw Object.assign(new Error('FIELD_REQUIRED'), { problem: { code: 'FIELD_REQUIRED' } });
      if (next.field === old.field) return [{ command: `HSET ${key} ${q(next.field)} ${q(next.value)}` }];
      return [
        { command: `HEXISTS ${key} ${q(next.field)}`, refusedWhen: { reply: '1', problem: { code: 'FIELD_EXISTS', field: next.field } } },
        { command: `HSET ${key} ${q(next.field)} ${q(next.value)}` },
        { command: `HDEL ${key} ${q(old.field!)}` },
      ];
    }
    case 'set':
      if (next.value === old.value) return [];
      return [
        { command: `SISMEMBER ${key} ${q(next.value)}`, refusedWhen: { reply: '1', problem: { code: 'FIELD_EXISTS', field: next.value } } },
        { command: `SADD ${key} ${q(next.value)}` },
        { command: `SREM ${key} ${q(old.value)}` },
      ];
    case 'zset': {
      if (!isScore(next.score)) throw Object.assign(new Error('BAD_SCORE'), { problem: { code: 'BAD_SCORE', value: next.score ?? '' } });
      if (next.value === old.value) return [{ command: `ZADD ${key} XX ${next.score!.trim()} ${q(next.value)}` }];
      return [
        { command: `ZSCORE ${key} ${q(next.value)}`, refusedWhen: { reply: 'not-null', problem: { code: 'FIELD_EXISTS', field: next.value } } },
        { command: `ZADD ${key} ${next.score!.trim()} ${q(next.value)}` },
        { command: `ZREM ${key} ${q(old.value)}` },
      ];
    }
    default:
      throw new Error(`Cannot edit members of a ${type}`);
  }
}

/** Removes one member (a list element by index: marked with a unique value, then removed once). */
export function removeItemSteps(type: RedisKeyType, keyName: string, it: RedisItem & { index?: number; id?: string }, marker = `__askdb_removed_${Date.now().toString(36)}_${Math.random().toString(36).slice(2)}__`): EditStep[] {
  const key = q(keyName);
  switch (type) {
    case 'list':
      if (it.index === undefined) throw new Error('A list element is removed by its index');
      return [{ command: `LSET ${key} ${it.index} ${q(marker)}` }, { command: `LREM ${key} 1 ${q(marker)}` }];
    case 'hash':
      return [{ command: `HDEL ${key} ${q(it.field!)}` }];
    case 'set':
      return [{ command: `SREM ${key} ${q(it.value)}` }];
    case 'zset':
      return [{ command: `ZREM ${key} ${q(it.value)}` }];
    case 'stream':
      return [{ command: `XDEL ${key} ${q(it.id ?? it.value)}` }];
    default:
      throw new Error(`Cannot remove members of a ${type}`);
  }
}

/** Whether a step's reply (the first cell of its result) means the step was refused. */
export function isRefused(step: EditStep, reply: string | null): boolean {
  if (!step.refusedWhen) return false;
  if (step.refusedWhen.reply === 'not-null') return reply !== null;
  return reply === step.refusedWhen.reply;
}

/** Runs the steps in order through `run` (one command → its first cell); stops at the first refusal and answers its problem. */
export async function runEditSteps(steps: EditStep[], run: (command: string) => Promise<string | null>): Promise<RedisEditProblem | null> {
  for (const step of steps) {
    const reply = await run(step.command);
    if (isRefused(step, reply)) return step.refusedWhen!.problem;
  }
  return null;
}
