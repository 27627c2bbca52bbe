/**
 * Security review of Excel/CSV chats: hostile header names and file names load as plain column and
 * table names (quoted, never SQL), and the chat's SQL (model-written or edited by hand) cannot read
 * any file but the chat's own DuckDB file — not /etc/passwd, not another chat's file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../packages/ai/test/scripted-llm-server.js';
import { testApp, type TestApp } from '../test/helpers.js';
import { finalParts, post, upload, waitLoaded, xlsx } from '../test/chat-v2-helpers.js';
import { chatDbFile } from '../services/chats/excel-load.js';
import { keptFiles } from '../services/files/kept-files.js';

describe('Excel chats: hostile files and SQL', () => {
  let t: TestApp;
  let llm: ScriptedLlmServer;
  let sqlReply = '';
  let secretFile: string;

  beforeAll(async () => {
    llm = await startScriptedLlmServer();
    llm.handle((req) => (JSON.stringify(req.body).includes('You summarise') ? { content: ['ok'] } : { content: ['```sql\n', sqlReply, '\n```'] }));
    t = await testApp({ demo: false });
    await t.json('POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-test', model: 'scripted-model', privacy: 'SCHEMA_ONLY' });
    secretFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-secret-')), 'secret.csv');
    fs.writeFileSync(secretFile, 'k\nTOP-SECRET-VALUE\n');
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
    fs.rmSync(path.dirname(secretFile), { recursive: true, force: true });
  });

  const load = async (name: string, content: string) => {
    const up = await upload(t, [{ name, content }]);
    expect(up.status).toBe(200);
    const r = await t.json('POST', '/api/ai/chat/create', { name: 'Hostile', sourceType: 'EXCEL', uploadId: up.body.data.uploadId });
    expect(r.status).toBe(200);
    return (await waitLoaded(t, r.body.data.id)).brief;
  };

  it('header and file names with quotes and SQL load as names, the rows intact', async () => {
    const brief = await load(`x'); DROP TABLE t; --.csv`, `"a"", ""b",b'); DROP TABLE x; --\n1,2\n3,4\n`);
    expect(brief.excel.status).toBe('READY');
    expect(brief.excel.tables[0].columns).toEqual(['a", "b', "b'); DROP TABLE x; --"]);
    expect(brief.excel.tables[0].rows).toBe(2);
  });

  it('refuses a workbook that inflates far past the upload limit (a zip bomb of shared strings), keeping nothing', async () => {
    const before = process.env.ASKDB_CHAT_UPLOAD_MB;
    process.env.ASKDB_CHAT_UPLOAD_MB = '1';
    try {
      const big = 'a'.repeat(30_000);
      const file = await xlsx((wb) => {
        const ws = wb.addWorksheet('Bomb');
        ws.addRow(['h']);
        for (let i = 0; i < 600; i++) ws.addRow([`${i}${big}`]);
      });
      expect(file.length).toBeLessThan(1024 * 1024);
      const up = await upload(t, [{ name: 'bomb.xlsx', content: file }]);
      expect(up.status).toBe(400);
      expect(up.body.errorMessage).toMatch(/expand/);
      expect(await keptFiles(t.deps, 'chat-upload')).toEqual({ stored: [], onDisk: [] });
    } finally {
      if (before === undefined) delete process.env.ASKDB_CHAT_UPLOAD_MB;
      else process.env.ASKDB_CHAT_UPLOAD_MB = before;
    }
  });

  it("the chat's SQL cannot read another file or attach another chat's DuckDB file", async () => {
    const other = await load('other.csv', 'secret\nOTHER-CHAT-ROW\n');
    const brief = await load('sales.csv', 'region,amount\nnorth,10\n');
    const attempts = [
      `SELECT * FROM read_csv('${secretFile}')`,
      `SELECT * FROM read_text('/etc/passwd')`,
      `SELECT * FROM read_csv('${chatDbFile(t.home, other.id)}')`,
    ];
    for (const sql of attempts) {
      sqlReply = sql;
      const ask = await post(t, '/api/ai/chat/ask', { chatId: brief.id, question: 'anything' });
      const text = JSON.stringify(ask.events);
      expect(text).not.toContain('TOP-SECRET-VALUE');
      expect(text).not.toContain('root:');
      expect(text).not.toContain('OTHER-CHAT-ROW');
      expect(finalParts(ask.events)[2]?.status).not.toBe('SUCCESS');
      // The same SQL written by hand into the answer and run from step 2 (no model check on the way).
      const answerId = ask.events[0].answerId;
      const upd = await t.json('POST', '/api/ai/parts/answer/update', { answerId, step: 1, content: sql });
      // The read-only check refuses file-reading functions outright; were it let through, the run must still fail.
      if (upd.status === 400) expect(upd.body.errorMessage).toMatch(/only runs queries that read/);
      else if (upd.status === 200) {
        const retry = await post(t, '/api/ai/chat/answer/retry', { answerId, step: 2 });
        const rt = JSON.stringify(retry.events);
        expect(rt).not.toContain('TOP-SECRET-VALUE');
        expect(rt).not.toContain('root:');
        expect(rt).not.toContain('OTHER-CHAT-ROW');
        expect(finalParts(retry.events)[2]?.status).toBe('FAIL');
      } else throw new Error(`update refused: ${JSON.stringify(upd.body)}`);
    }
  });
});
