/** The streaming CSV and JSON readers: quoting, line ends and values cut across chunk boundaries. */
import { describe, expect, it } from 'vitest';
import { delimitedRecords, jsonValues } from './readers.js';

async function* chunks(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}
const collect = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe('delimitedRecords', () => {
  const text = 'a,b,c\r\n1,"x, ""quoted""\nline",\r\n"",2,"3"\n4,,5';
  // As in COPY … CSV: an empty field without quotes is NULL, "" is the empty string.
  const expected = [['a', 'b', 'c'], ['1', 'x, "quoted"\nline', null], ['', '2', '3'], ['4', null, '5']];
  it.each([1, 2, 3, 5, 7, 1000])('parses RFC 4180 with chunks of %i characters', async (size) => {
    expect(await collect(delimitedRecords(chunks(text, size), ','))).toEqual(expected);
  });
  it('reads tabs, a byte-order mark and a trailing line end', async () => {
    expect(await collect(delimitedRecords(chunks('\uFEFFid\tname\n1\tAnn\n', 4), '\t'))).toEqual([['id', 'name'], ['1', 'Ann']]);
  });
});

describe('jsonValues', () => {
  it.each([1, 4, 1000])('splits a top-level array and JSON lines into values (chunks of %i)', async (size) => {
    const arr = '[{"a":1,"s":"x]},{"},\n {"a":[1,2],"b":{"c":"\\""}}]';
    expect((await collect(jsonValues(chunks(arr, size)))).map((v) => JSON.parse(v))).toEqual([{ a: 1, s: 'x]},{' }, { a: [1, 2], b: { c: '"' } }]);
    const lines = '{"a":1}\n{"a":2}\n';
    expect((await collect(jsonValues(chunks(lines, size)))).map((v) => JSON.parse(v))).toEqual([{ a: 1 }, { a: 2 }]);
  });
});
