/**
 * Issue 29 item 6: no .xls reader is installed in this build (exceljs reads only .xlsx; SheetJS is
 * not in node_modules), so an .xls upload is refused at once, saying .xls is not supported yet and
 * what to do, in the user's language, and nothing is kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/helpers.js';
import { upload } from '../../test/chat-v2-helpers.js';
import { keptFiles } from '../files/kept-files.js';

/** The start of a BIFF8 workbook: the OLE compound-file signature and an empty header. */
const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);

describe('.xls chat upload', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is refused as not supported yet, in three languages, with nothing kept', async () => {
    const en = await upload(t, [{ name: 'sales.xls', content: xls }]);
    expect(en.status).toBe(400);
    expect(en.body.errorMessage).toMatch(/^\.xls \(the old Excel format\) is not supported yet.*\.xlsx or \.csv/);
    expect((await upload(t, [{ name: 'sales.xls', content: xls }], { 'accept-language': 'zh-CN' })).body.errorMessage).toMatch(/^暂不支持 \.xls/);
    expect((await upload(t, [{ name: 'sales.xls', content: xls }], { 'accept-language': 'ja-JP' })).body.errorMessage).toMatch(/まだ対応していません/);
    expect(await keptFiles(t.deps, 'chat-upload')).toEqual({ stored: [], onDisk: [] });
  });
});
