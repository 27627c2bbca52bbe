import { describe, expect, it } from 'vitest';
import { firstCursor, pageCommand, readPage } from './key-commands';

describe('Redis key paging', () => {
  it('lists and sorted sets page by offset and stop on a short page', () => {
    expect(pageCommand('list', 'q 1', firstCursor('list'), 100)).toBe('LRANGE "q 1" 0 99');
    const p = readPage('list', { kind: 'offset', offset: 100 }, 2, ['#', 'value'], [['1', 'a'], ['2', 'b']]);
    expect(p.rows).toEqual([['100', 'a'], ['101', 'b']]);
    expect(p.next).toEqual({ kind: 'offset', offset: 102 });
    expect(readPage('zset', { kind: 'offset', offset: 0 }, 5, ['member', 'score'], [['ada', '10']]).next).toEqual({ kind: 'done' });
    expect(pageCommand('zset', 'z', { kind: 'offset', offset: 5 }, 5)).toBe('ZRANGE z 5 9 WITHSCORES');
  });

  it('hashes and sets follow the SCAN cursor carried in the first column name', () => {
    expect(pageCommand('hash', 'user:1', firstCursor('hash'), 50)).toBe('HSCAN user:1 0 COUNT 50');
    const p = readPage('hash', { kind: 'scan', cursor: '0' }, 50, ['field (cursor 17)', 'value'], [['name', 'Ada']]);
    expect(p).toEqual({ columns: ['field', 'value'], rows: [['name', 'Ada']], next: { kind: 'scan', cursor: '17' } });
    expect(readPage('set', { kind: 'scan', cursor: '17' }, 50, ['cursor 0'], [['x']]).next).toEqual({ kind: 'done' });
  });

  it('streams continue after the last id; strings are one value; unknown types have no command', () => {
    const p = readPage('stream', { kind: 'id', after: null }, 1, ['#', 'value'], [['1', '["5-1",["temp","20"]]']]);
    expect(p.rows).toEqual([['5-1', '{"temp":"20"}']]);
    expect(pageCommand('stream', 's', p.next, 1)).toBe('XRANGE s (5-1 + COUNT 1');
    expect(pageCommand('string', 'k', firstCursor('string'), 1)).toBe('GET k');
    expect(pageCommand('ReJSON-RL', 'k', firstCursor('ReJSON-RL'), 1)).toBeNull();
  });
});

describe('Redis key actions', () => {
  it('quote keys and values; a TTL is whole seconds or none', async () => {
    const { ttlCommand, setValueCommand, deleteCommand } = await import('./key-actions');
    expect(ttlCommand('user:1', 120)).toBe('EXPIRE user:1 120');
    expect(ttlCommand('a key', null)).toBe('PERSIST "a key"');
    expect(() => ttlCommand('k', 0)).toThrow(RangeError);
    expect(() => ttlCommand('k', 1.5)).toThrow(RangeError);
    expect(setValueCommand('k', 'say "hi"\nbye')).toBe('SET k "say \\"hi\\"\\nbye" KEEPTTL');
    expect(deleteCommand('k"1')).toBe('DEL "k\\"1"');
  });
});
