import { describe, expect, it } from 'vitest';
import { CommandSyntaxError, parseCommandLine, quoteArgument } from './command-parser.js';

const texts = (line: string) => parseCommandLine(line).map((b) => b.toString('utf8'));

describe('parseCommandLine', () => {
  it('splits on whitespace and keeps quoted spaces, emoji and CJK', () => {
    expect(texts('SET  "my key"   \'a b\'\tx')).toEqual(['SET', 'my key', 'a b', 'x']);
    expect(texts('SET k "😀 中文"')).toEqual(['SET', 'k', '😀 中文']);
  });
  it('understands redis-cli escapes in double quotes and only \\\' in single quotes', () => {
    expect(texts('SET k "a\\nb\\t\\"c\\\\"')).toEqual(['SET', 'k', 'a\nb\t"c\\']);
    expect(texts("SET k 'it\\'s \\n'")).toEqual(['SET', 'k', "it's \\n"]);
  });
  it('turns \\xHH into single bytes', () => {
    const [, , value] = parseCommandLine('SET k "\\xff\\x00A"');
    expect([...value!]).toEqual([0xff, 0x00, 0x41]);
  });
  it('rejects unbalanced quotes with the offset of the opening quote', () => {
    expect(() => parseCommandLine('SET k "abc')).toThrow(CommandSyntaxError);
    try { parseCommandLine('SET k "abc'); } catch (e) { expect((e as CommandSyntaxError).offset).toBe(6); }
    expect(() => parseCommandLine('SET k "a"b')).toThrow(/closing quote/);
  });
  it('quotes arguments back so they parse to the same bytes', () => {
    for (const v of [Buffer.from('plain'), Buffer.from('with space "q"\n'), Buffer.from([0xff, 0, 0x41]), Buffer.from('中文')]) {
      expect(parseCommandLine(`SET ${quoteArgument(v)}`)[1]).toEqual(v);
    }
  });
});
