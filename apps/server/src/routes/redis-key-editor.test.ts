/**
 * Redis key editor (issue 18 point 6) against a real Redis, through the execute API the web uses:
 * every type is created with its value and TTL, members of lists, hashes, sets and sorted sets are
 * added, edited and removed; an empty value list, an existing key and an existing field are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addItemSteps, checkNewKey, createKeySteps, editItemSteps, newKeySize, removeItemSteps, runEditSteps, type EditStep, type NewRedisKey,
} from '@askdb/sql';
import { testApp, type TestApp } from '../test/helpers.js';

let t: TestApp;
let dataSourceId: number;
const prefix = `askdb:keyed:${process.pid}:${Date.now().toString(36)}:`;
const DB = '11';

async function cell(command: string): Promise<string | null> {
  const r = await t.json('POST', '/api/rdb/dml/execute', { sql: command, dataSourceId, databaseName: DB, errorContinue: false });
  expect(r.status, r.body.errorMessage).toBe(200);
  const res = r.body.data[0];
  if (!res.success) throw new Error(`${command}: ${res.message}`);
  return res.dataList[0]?.[0] ?? null;
}
async function rows(command: string): Promise<(string | null)[][]> {
  const r = await t.json('POST', '/api/rdb/dml/execute', { sql: command, dataSourceId, databaseName: DB, errorContinue: false, pageSize: 1000 });
  return r.body.data[0].dataList;
}
const run = (steps: EditStep[]) => runEditSteps(steps, cell);
const create = (k: NewRedisKey) => run(createKeySteps(k));

describe('Redis key editor', () => {
  beforeAll(async () => {
    t = await testApp({ demo: false });
    dataSourceId = (await t.json('POST', '/api/connection/datasource/create', { alias: 'key editor redis', type: 'REDIS', host: '127.0.0.1', port: 6379 })).body.data;
  });
  afterAll(async () => {
    for (const r of await rows(`KEYS ${prefix}*`)) if (r[1]) await cell(`DEL "${r[1]}"`);
    await t.close();
  });

  it('creates a key of every type with its value and TTL; the second creation of a key is refused', async () => {
    const k = (s: string) => prefix + s;
    expect(await create({ key: k('s'), type: 'string', value: 'hello world', ttl: 600 })).toBeNull();
    expect(await create({ key: k('l'), type: 'list', items: [{ value: 'a' }, { value: 'a' }, { value: 'b c' }] })).toBeNull();
    expect(await create({ key: k('h'), type: 'hash', items: [{ field: 'name', value: 'Ada' }, { field: 'city', value: 'London' }], ttl: 60 })).toBeNull();
    expect(await create({ key: k('set'), type: 'set', items: [{ value: 'x' }, { value: 'y' }] })).toBeNull();
    expect(await create({ key: k('z'), type: 'zset', items: [{ value: 'ada', score: '10' }, { value: 'bob', score: '2.5' }] })).toBeNull();
    expect(await create({ key: k('x'), type: 'stream', items: [{ field: 'event', value: 'login' }, { field: 'user', value: '7' }] })).toBeNull();
    for (const [s, type] of [['s', 'string'], ['l', 'list'], ['h', 'hash'], ['set', 'set'], ['z', 'zset'], ['x', 'stream']]) expect(await cell(`TYPE ${k(s!)}`)).toBe(type);
    expect(await cell(`GET ${k('s')}`)).toBe('hello world');
    expect(Number(await cell(`TTL ${k('s')}`))).toBeGreaterThan(590);
    expect(Number(await cell(`TTL ${k('h')}`))).toBeGreaterThan(50);
    expect(await cell(`TTL ${k('l')}`)).toBe('-1');
    expect((await rows(`LRANGE ${k('l')} 0 -1`)).map((r) => r[1])).toEqual(['a', 'a', 'b c']);
    expect(await cell(`HGET ${k('h')} city`)).toBe('London');
    expect(await cell(`ZSCORE ${k('z')} bob`)).toBe('2.5');
    // Existing keys are refused, whatever the type; the existing value is untouched.
    expect(await create({ key: k('s'), type: 'string', value: 'other' })).toEqual({ code: 'KEY_EXISTS', key: k('s') });
    expect(await create({ key: k('h'), type: 'hash', items: [{ field: 'name', value: 'Eve' }] })).toEqual({ code: 'KEY_EXISTS', key: k('h') });
    expect(await cell(`GET ${k('s')}`)).toBe('hello world');
    expect(await cell(`HGET ${k('h')} name`)).toBe('Ada');
    expect(newKeySize({ key: 'a', type: 'string', value: 'héllo' })).toBe(6);
  });

  it('refuses an empty value list, duplicate fields, a bad score or TTL before sending anything', () => {
    expect(checkNewKey({ key: 'k', type: 'hash', items: [] })).toEqual({ code: 'VALUES_EMPTY' });
    expect(checkNewKey({ key: 'k', type: 'list' })).toEqual({ code: 'VALUES_EMPTY' });
    expect(checkNewKey({ key: '', type: 'string', value: 'v' })).toEqual({ code: 'KEY_REQUIRED' });
    expect(checkNewKey({ key: 'k', type: 'hash', items: [{ field: 'a', value: '1' }, { field: 'a', value: '2' }] })).toEqual({ code: 'DUPLICATE_FIELD', field: 'a' });
    expect(checkNewKey({ key: 'k', type: 'set', items: [{ value: 'm' }, { value: 'm' }] })).toEqual({ code: 'DUPLICATE_FIELD', field: 'm' });
    expect(checkNewKey({ key: 'k', type: 'zset', items: [{ value: 'm', score: 'ten' }] })).toEqual({ code: 'BAD_SCORE', value: 'ten' });
    expect(checkNewKey({ key: 'k', type: 'string', value: 'v', ttl: 0 })).toEqual({ code: 'BAD_TTL' });
    expect(checkNewKey({ key: 'k', type: 'list', items: [{ value: 'same' }, { value: 'same' }] })).toBeNull();
    expect(() => createKeySteps({ key: 'k', type: 'set', items: [] })).toThrow('VALUES_EMPTY');
  });

  it('adds, edits and removes members; an existing field or member is refused', async () => {
    const h = prefix + 'h2';
    await create({ key: h, type: 'hash', items: [{ field: 'a', value: '1' }, { field: 'b', value: '2' }] });
    expect(await run(addItemSteps('hash', h, { field: 'a', value: 'new' }))).toEqual({ code: 'FIELD_EXISTS', field: 'a' });
    expect(await cell(`HGET ${h} a`)).toBe('1');
    expect(await run(addItemSteps('hash', h, { field: 'c', value: '3' }))).toBeNull();
    expect(await run(editItemSteps('hash', h, { field: 'c', value: '3' }, { field: 'b', value: '9' }))).toEqual({ code: 'FIELD_EXISTS', field: 'b' });
    expect(await run(editItemSteps('hash', h, { field: 'c', value: '3' }, { field: 'd', value: '4' }))).toBeNull();
    expect(await run(removeItemSteps('hash', h, { field: 'a', value: '' }))).toBeNull();
    expect((await rows(`HGETALL ${h}`)).map((r) => `${r[0]}=${r[1]}`).sort()).toEqual(['b=2', 'd=4']);

    const s = prefix + 's2';
    await create({ key: s, type: 'set', items: [{ value: 'x' }, { value: 'y' }] });
    expect(await run(addItemSteps('set', s, { value: 'x' }))).toEqual({ code: 'FIELD_EXISTS', field: 'x' });
    expect(await run(editItemSteps('set', s, { value: 'x' }, { value: 'y' }))).toEqual({ code: 'FIELD_EXISTS', field: 'y' });
    expect(await run(editItemSteps('set', s, { value: 'x' }, { value: 'w' }))).toBeNull();
    expect((await rows(`SMEMBERS ${s}`)).map((r) => r[1]).sort()).toEqual(['w', 'y']);

    const z = prefix + 'z2';
    await create({ key: z, type: 'zset', items: [{ value: 'a', score: '1' }, { value: 'b', score: '2' }] });
    expect(await run(addItemSteps('zset', z, { value: 'a', score: '5' }))).toEqual({ code: 'FIELD_EXISTS', field: 'a' });
    expect(await cell(`ZSCORE ${z} a`)).toBe('1');
    expect(await run(editItemSteps('zset', z, { value: 'a', score: '1' }, { value: 'a', score: '7' }))).toBeNull();
    expect(await run(editItemSteps('zset', z, { value: 'a', score: '7' }, { value: 'b', score: '7' }))).toEqual({ code: 'FIELD_EXISTS', field: 'b' });
    expect(await run(editItemSteps('zset', z, { value: 'a', score: '7' }, { value: 'c', score: '3' }))).toBeNull();
    expect(await run(removeItemSteps('zset', z, { value: 'b' }))).toBeNull();
    expect(await rows(`ZRANGE ${z} 0 -1 WITHSCORES`)).toEqual([['c', '3']]);

    const l = prefix + 'l2';
    await create({ key: l, type: 'list', items: [{ value: 'p' }, { value: 'q' }, { value: 'p' }] });
    expect(await run(editItemSteps('list', l, { value: 'q', index: 1 }, { value: 'Q' }))).toBeNull();
    expect(await run(addItemSteps('list', l, { value: 'p' }))).toBeNull();
    expect(await run(removeItemSteps('list', l, { value: 'p', index: 2 }))).toBeNull();
    expect((await rows(`LRANGE ${l} 0 -1`)).map((r) => r[1])).toEqual(['p', 'Q', 'p']);
  });
});
