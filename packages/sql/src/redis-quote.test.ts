import { describe, expect, it } from 'vitest';
import { quoteRedisText } from './redis-quote.js';

describe('quoteRedisText', () => {
  it('leaves plain words bare and quotes the rest with escapes', () => {
    expect(quoteRedisText('user:1')).toBe('user:1');
    expect(quoteRedisText('a b')).toBe('"a b"');
    expect(quoteRedisText('say "hi"\\now')).toBe('"say \\"hi\\"\\\\now"');
    expect(quoteRedisText("it's\n\t\u0001")).toBe('"it\'s\\n\\t\\x01"');
    expect(quoteRedisText('')).toBe('""');
    expect(quoteRedisText('中文 键')).toBe('"中文 键"');
  });
});
