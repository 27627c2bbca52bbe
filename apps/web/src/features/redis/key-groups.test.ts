import { describe, expect, it } from 'vitest';
import { keyLevel, type KeyEntry } from './key-groups';

const k = (name: string): KeyEntry => ({ name, type: 'string', ttl: -1 });
const keys = ['user:1:name', 'user:1:mail', 'user:2', 'user', 'session', 'a::b', ':lead', 'trail:'].map(k);

describe('keyLevel', () => {
  it('groups the top level by the first segment, keys that are not a group stay keys', () => {
    const top = keyLevel(keys, '', ':');
    expect(top.groups).toEqual([{ prefix: 'a:', label: 'a:', count: 1 }, { prefix: 'user:', label: 'user:', count: 3 }]);
    expect(top.keys.map((x) => x.name)).toEqual([':lead', 'session', 'trail:', 'user']);
  });
  it('descends into a group by its full prefix', () => {
    const user = keyLevel(keys, 'user:', ':');
    expect(user.groups).toEqual([{ prefix: 'user:1:', label: '1:', count: 2 }]);
    expect(user.keys.map((x) => x.name)).toEqual(['user:2']);
    expect(keyLevel(keys, 'user:1:', ':').keys.map((x) => x.name)).toEqual(['user:1:mail', 'user:1:name']);
  });
  it('an empty segment does not make a group; another separator groups differently; none is flat', () => {
    expect(keyLevel(keys, 'a:', ':').keys.map((x) => x.name)).toEqual(['a::b']);
    expect(keyLevel([k('x.y'), k('x.z'), k('w')], '', '.').groups).toEqual([{ prefix: 'x.', label: 'x.', count: 2 }]);
    expect(keyLevel(keys, '', '').keys).toHaveLength(keys.length);
  });
});
