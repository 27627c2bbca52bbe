/**
 * Security review of the knowledge import: a 5 MB xlsx can inflate to gigabytes, and exceljs keeps a
 * workbook's shared strings in memory. A workbook that inflates far past the import size (here a
 * valid template row plus ~120 MB of unused shared strings) is refused before it is read.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';
import { multipart } from '../test/chat-v2-helpers.js';

describe('knowledge import: zip bomb', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(() => t.close());

  it('refuses a workbook that inflates past 20× the import limit; nothing imported', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Knowledge');
    ws.addRow(['Kind', 'Name', 'Content', 'Data source', 'Table']);
    ws.addRow(['TERMINOLOGY', 'bomb', 'a harmless looking row', '', '']);
    const zip = await JSZip.loadAsync(Buffer.from(await wb.xlsx.writeBuffer()));
    const pad = `<si><t>${'x'.repeat(1000)}</t></si>`.repeat(120_000);
    const strings = (await zip.file('xl/sharedStrings.xml')?.async('string')) ?? '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"></sst>';
    zip.file('xl/sharedStrings.xml', strings.replace('</sst>', `${pad}</sst>`));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);

    const m = multipart([{ name: 'bomb.xlsx', content: bomb }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/knowledge/import', payload: m.payload, headers: m.headers });
    expect(res.statusCode).toBe(400);
    const list = (await t.json('GET', '/api/knowledge/list?pageNo=1&pageSize=20')).body.data;
    expect(list.total).toBe(0);
  });
});
