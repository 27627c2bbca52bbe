/** The spreadsheet guard of CSV/XLSX exports and its inverse on import: every text comes back as it was. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ResultHeader } from '@askdb/contracts';
import { csvWriter, spreadsheetText, unguardSpreadsheetText } from './export-writers.js';

describe('spreadsheetText', () => {
  it('guards what a spreadsheet would run, leaves numbers and other text alone', () => {
    expect(spreadsheetText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    for (const v of ['+A1', '-A1', '@SUM(A1)', '\tx', '\rx', "'=x", "''@y"]) expect(spreadsheetText(v)).toBe(`'${v}`);
    for (const v of ['-5', '+1', '-0.25', '1e5', 'plain', "'5", "'", '', ' =x']) expect(spreadsheetText(v)).toBe(v);
  });

  it('is undone by unguardSpreadsheetText for any text (fast-check)', () => {
    const alphabet = fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '1', '.', 'e', 'a', ' ', '"');
    fc.assert(fc.property(fc.array(alphabet, { maxLength: 8 }).map((a) => a.join('')), (v) => unguardSpreadsheetText(spreadsheetText(v)) === v), { numRuns: 5000 });
  });
});

describe('csvWriter', () => {
  const run = async (cols: ResultHeader[], rows: (string | null)[][], raw = false) => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const w = csvWriter(out, { rawFormulas: raw });
    await w.header(cols);
    await w.rows(rows);
    await w.end();
    out.end();
    return Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '');
  };
  const cols = [{ name: 'n', dataType: 'NUMERIC' }, { name: 's', dataType: 'STRING' }] as ResultHeader[];

  it('writes NULL as nothing and the empty string as "" (COPY … CSV), guards text but not NUMERIC columns', async () => {
    expect(await run(cols, [[null, ''], ['', null], ['-1', '-x'], ['=1', '=1']])).toBe('n,s\r\n,""\r\n"",\r\n-1,\'-x\r\n=1,\'=1\r\n');
    expect(await run(cols, [['-1', '=1']], true)).toBe('n,s\r\n-1,=1\r\n');
  });
});
