import { describe, expect, it } from 'vitest';
import { cellView, hexDump } from './cell-value';

describe('cellView', () => {
  it('pretty-prints JSON objects and arrays, keeps other text whole', () => {
    expect(cellView('{"a":1,"b":[true,null]}')).toEqual({ kind: 'json', text: '{\n  "a": 1,\n  "b": [\n    true,\n    null\n  ]\n}' });
    expect(cellView('{not json')).toEqual({ kind: 'text', text: '{not json' });
    const long = 'x'.repeat(5000);
    expect(cellView(long).text).toBe(long);
    expect(cellView(null)).toEqual({ kind: 'null', text: 'NULL' });
  });
  it('shows binary as a hex dump with offsets and printable characters', () => {
    expect(cellView('0x48656C6C6F00', true)).toEqual({ kind: 'binary', text: '00000000  48 65 6c 6c 6f 00' + ' '.repeat(30) + '  |Hello.|' });
    expect(hexDump('00'.repeat(17)).split('\n')[1]).toMatch(/^00000010  00 /);
    // A text column whose value merely looks like hex stays text.
    expect(cellView('0x4142').kind).toBe('text');
  });
});
