import { describe, expect, it } from 'vitest';
import { cellOf, doubleText, floatText, hexFromPgBytea, hexOf, textOrHex } from './values.js';
import { positionFromCodePointOffset, positionFromOffset, positionOfFragment } from './shared/position.js';

describe('value text', () => {
  it('prints doubles and floats as SQL engines do', () => {
    expect([doubleText(1), doubleText(0.1), doubleText(-0), doubleText(1e21), doubleText(NaN)]).toEqual(['1.0', '0.1', '-0.0', '1e+21', 'NaN']);
    expect([floatText(Math.fround(3.14)), floatText(Math.fround(0.1)), floatText(2)]).toEqual(['3.14', '0.1', '2.0']);
  });
  it('turns bytes into 0x hex, and keeps valid UTF-8 as text', () => {
    expect(hexOf(Buffer.from([0, 255]))).toBe('0x00ff');
    expect(hexFromPgBytea('\\xdeadbeef')).toBe('0xdeadbeef');
    expect(textOrHex(Buffer.from('中文'))).toBe('中文');
    expect(textOrHex(Buffer.from([0xff, 0xfe]))).toBe('0xfffe');
    expect(cellOf(9007199254740993n)).toBe('9007199254740993');
    expect(cellOf(null)).toBeNull();
  });
});

describe('error positions', () => {
  it('counts lines and 1-based columns, code points for engines that count characters', () => {
    expect(positionFromOffset('SELECT 1,\n  2 FRM x', 15)).toEqual({ line: 2, column: 6 });
    // An emoji is one character for PostgreSQL but two UTF-16 units for the editor.
    expect(positionFromCodePointOffset("SELECT '😀', x FRM", 13)).toEqual({ line: 1, column: 15 });
    expect(positionOfFragment('SELECT a\nFROM t WHERE\n  orders', 'orders', 3)).toEqual({ line: 3, column: 3 });
  });
});
