import { describe, expect, it } from 'vitest';
import { editsReducer, emptyEdits, pendingCount, toChanges } from './edits';

const rows = [['1', 'a'], ['2', null]];

describe('grid edits', () => {
  it('tracks updates, forgets an edit set back to the original, and orders deletes before updates and inserts', () => {
    let s = editsReducer(emptyEdits(), { type: 'set', ref: { kind: 'row', index: 1 }, col: 1, value: '', rows });
    expect(s.updates[1]).toEqual(['2', '']);
    s = editsReducer(s, { type: 'set', ref: { kind: 'row', index: 1 }, col: 1, value: null, rows });
    expect(pendingCount(s)).toBe(0);
    s = editsReducer(s, { type: 'set', ref: { kind: 'row', index: 0 }, col: 1, value: 'b', rows });
    s = editsReducer(s, { type: 'add', width: 2 });
    s = editsReducer(s, { type: 'set', ref: { kind: 'new', index: 0 }, col: 1, value: 'c', rows });
    s = editsReducer(s, { type: 'delete', refs: [{ kind: 'row', index: 1 }] });
    expect(pendingCount(s)).toBe(3);
    expect(toChanges(s, rows)).toEqual([
      { kind: 'delete', original: ['2', null] },
      { kind: 'update', original: ['1', 'a'], values: ['1', 'b'] },
      { kind: 'insert', values: [undefined, 'c'] },
    ]);
    s = editsReducer(s, { type: 'revert', refs: [{ kind: 'row', index: 1 }, { kind: 'new', index: 0 }] });
    expect(toChanges(s, rows)).toEqual([{ kind: 'update', original: ['1', 'a'], values: ['1', 'b'] }]);
  });
});
