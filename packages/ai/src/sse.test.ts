import { describe, expect, it } from 'vitest';
import { readSse, SseParser } from './sse.js';

function parseAll(chunks: string[]) {
  const p = new SseParser();
  const out = chunks.flatMap((c) => p.push(c));
  return [...out, ...p.end()];
}

describe('SseParser', () => {
  it('parses events separated by blank lines, joining multi-line data', () => {
    const evs = parseAll(['data: a\ndata: b\n\nevent: x\ndata:c\n\n']);
    expect(evs).toEqual([
      { event: 'message', data: 'a\nb', id: undefined },
      { event: 'x', data: 'c', id: undefined },
    ]);
  });

  it('handles CRLF and CR line ends, including a CR at the end of one chunk and LF at the start of the next', () => {
    const evs = parseAll(['data: one\r', '\n\r', '\ndata: two\r\r']);
    expect(evs.map((e) => e.data)).toEqual(['one', 'two']);
  });

  it('ignores comments, unknown fields and a leading BOM; keeps ids', () => {
    const evs = parseAll(['\uFEFF: keep-alive\nretry: 10\nfoo: bar\nid: 7\ndata: {"x":1}\n\n']);
    expect(evs).toEqual([{ event: 'message', data: '{"x":1}', id: '7' }]);
  });

  it('survives an event split at every single character', () => {
    const text = 'data: {"content":"héllo"}\n\ndata: [DONE]\n\n';
    const evs = parseAll([...text]);
    expect(evs.map((e) => e.data)).toEqual(['{"content":"héllo"}', '[DONE]']);
  });

  it('dispatches a final event that lacks its blank line', () => {
    expect(parseAll(['data: last']).map((e) => e.data)).toEqual(['last']);
  });

  it('does not dispatch events without data lines', () => {
    expect(parseAll(['event: ping\n\n'])).toEqual([]);
  });

  it('decodes a multi-byte character split across byte chunks', async () => {
    const bytes = new TextEncoder().encode('data: 你好\n\n');
    async function* body() {
      for (const b of bytes) yield new Uint8Array([b]);
    }
    const evs = [];
    for await (const e of readSse(body())) evs.push(e.data);
    expect(evs).toEqual(['你好']);
  });
});
