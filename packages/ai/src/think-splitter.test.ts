import { describe, expect, it } from 'vitest';
import type { LlmDelta } from './provider.js';
import { ThinkSplitter } from './think-splitter.js';

function split(chunks: string[]): { content: string; thinking: string; order: string[] } {
  const s = new ThinkSplitter();
  const out: LlmDelta[] = [...chunks.flatMap((c) => s.push(c)), ...s.end()];
  return {
    content: out.filter((d) => d.type === 'content').map((d) => d.text).join(''),
    thinking: out.filter((d) => d.type === 'thinking').map((d) => d.text).join(''),
    order: out.map((d) => d.type),
  };
}

describe('ThinkSplitter', () => {
  it('moves a <think> section to thinking and keeps the rest as content', () => {
    const r = split(['<think>plan the join</think>\nSELECT 1']);
    expect(r.thinking).toBe('plan the join');
    expect(r.content).toBe('SELECT 1');
  });

  it('handles tags split across chunks at any point', () => {
    const text = 'Hi <think>a<b</think>done';
    for (let i = 1; i < text.length; i++) {
      const r = split([text.slice(0, i), text.slice(i)]);
      expect(r.thinking, `split at ${i}`).toBe('a<b');
      expect(r.content, `split at ${i}`).toBe('Hi done');
    }
  });

  it('keeps a lone "<" or "<th" that never becomes a tag as content', () => {
    expect(split(['a <', ' b']).content).toBe('a < b');
    expect(split(['x <th']).content).toBe('x <th');
  });

  it('an unclosed think section stays thinking to the end', () => {
    const r = split(['<think>still going']);
    expect(r.thinking).toBe('still going');
    expect(r.content).toBe('');
  });
});
