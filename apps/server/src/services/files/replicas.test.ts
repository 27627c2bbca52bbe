/**
 * Issue 28 point 1: two server-mode replicas on one PostgreSQL store, each with its OWN $ASKDB_HOME
 * (no shared disk). For every kind of file a user gives or will download, it is given to one replica
 * and used on the other: a chat's Excel upload (created and asked on the other, whose DuckDB file is
 * built from the stored upload), an import upload (previewed, imported and cancelled on the other),
 * an export (downloaded on the other), a feedback image and a certificate upload (read on the
 * other). Deleting a chat or a task removes its chunks from the store; others get 404.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_CATEGORIES, FEEDBACK_FEELINGS, type TaskView } from '@askdb/contracts';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../../../packages/ai/test/scripted-llm-server.js';
import { pgSourceInput, scratchPgDatabase, testApp, type TestApp } from '../../test/helpers.js';
import { pgStoreUrl } from '../../test/accounts.js';
import { as, makeTeam, type Persona, type TeamFixture } from '../../test/org-fixtures.js';
import { finalParts, post, upload as chatUpload, waitLoaded, xlsx } from '../../test/chat-v2-helpers.js';
import { upload as taskUpload, waitTask } from '../../test/task-helpers.js';
import { keptFiles } from './kept-files.js';
import { TaskRepo } from '../../store/tasks.js';
import { sweepDeletedChats } from '../chats/excel-chat.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(5000)]);

async function form(fields: Record<string, string>, files: { field: string; name: string; data: Buffer }[]) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append(f.field, new Blob([f.data]), f.name);
  const r = new Request('http://x/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await r.arrayBuffer()), headers: { 'content-type': r.headers.get('content-type')! } };
}

describe('files across two replicas with their own ASKDB_HOME', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let data: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let llm: ScriptedLlmServer;
  let team: TeamFixture;
  let owner: Persona;
  let ds: number;
  /** Chunk rows of every file in the store. */
  const chunks = async () => Number(((await (a.deps.store.db as any).selectFrom('file_chunks').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: string }).n);
  const chunksOf = async (id: string) => Number(((await (a.deps.store.db as any).selectFrom('file_chunks').select((eb: any) => eb.fn.countAll().as('n')).where('file_id', '=', id).executeTakeFirst()) as { n: string }).n);

  beforeAll(async () => {
    llm = await startScriptedLlmServer();
    llm.handle(() => ({ content: ['```sql\nSELECT SUM(total) AS gmv FROM orders\n```'] }));
    store = await scratchPgDatabase('askdb_files_repl');
    data = await scratchPgDatabase('askdb_files_data', `CREATE TABLE items (id int primary key, label text); INSERT INTO items SELECT g, 'item ' || g FROM generate_series(1, 3000) g;`);
    const secret = crypto.randomBytes(32).toString('hex');
    a = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(store.name), demo: false, secret });
    b = await testApp({ mode: 'server', databaseUrl: pgStoreUrl(store.name), demo: false, secret });
    expect(a.home).not.toBe(b.home);
    team = await makeTeam(a, 'Files');
    owner = team.owner;
    ds = (await as(a, owner, 'POST', '/api/connection/datasource/create', pgSourceInput('items db', data.name))).body.data;
    expect((await as(a, owner, 'POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.openAiBase, apiKey: 'sk-own', model: 'scripted-model', privacy: 'SCHEMA_ONLY' })).status).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await llm?.close();
    await data?.drop();
    await store?.drop();
  });

  it('an Excel chat: uploaded on A, created on B (loaded from the store), asked on A (its DuckDB file built there); deleting it removes its chunks', async () => {
    const book = await xlsx((wb) => { wb.addWorksheet('orders').addRows([['id', 'total'], [1, 10], [2, 32]]); });
    const up = await chatUpload(a, [{ name: 'shop.xlsx', content: book }], owner.headers);
    expect(up.status).toBe(200);
    const uploadId = up.body.data.uploadId as string;
    expect(await chunksOf(uploadId)).toBe(1);
    // B never saw the upload on its disk: it loads the chat from the store.
    const created = await as(b, owner, 'POST', '/api/ai/chat/create', { name: 'Shop', sourceType: 'EXCEL', uploadId });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const chatId = created.body.data.id as number;
    expect((await waitLoaded(b, chatId, owner.headers)).brief.excel.status).toBe('READY');
    // The same upload cannot make a second chat.
    expect((await as(a, owner, 'POST', '/api/ai/chat/create', { name: 'Again', sourceType: 'EXCEL', uploadId })).status).toBe(404);
    const onA = path.join(a.home, 'chats', `${chatId}.duckdb`);
    expect(fs.existsSync(onA)).toBe(false);
    const r = await post(a, '/api/ai/chat/ask', { chatId, question: 'What is our GMV?' }, owner.headers);
    expect(finalParts(r.events)[2].dataList).toEqual([['42']]);
    expect(fs.existsSync(onA)).toBe(true);
    // Only the chat's owner deletes it; then its upload's chunks are gone from the store.
    expect((await as(b, team.admin, 'DELETE', `/api/ai/chat/delete?id=${chatId}`)).status).not.toBe(200);
    expect(await chunksOf(uploadId)).toBe(1);
    expect((await as(b, owner, 'DELETE', `/api/ai/chat/delete?id=${chatId}`)).status).toBe(200);
    expect(await chunksOf(uploadId)).toBe(0);
    expect((await keptFiles(a.deps, 'chat')).stored).toEqual([]);
    // A's copy of the DuckDB file of the chat B deleted goes in A's next sweep.
    expect(fs.existsSync(onA)).toBe(true);
    expect(await sweepDeletedChats(a.deps)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(onA)).toBe(false);
  }, 90_000);

  it('an import: uploaded on A, previewed and started on B; the upload is used up; another import is cancelled on B', async () => {
    const csv = 'id,label\n' + Array.from({ length: 2000 }, (_, i) => `${i + 1},row ${i + 1}`).join('\n') + '\n';
    const uploadId = await taskUpload(a, 'rows.csv', Buffer.from(csv), owner.headers);
    expect(await chunksOf(uploadId)).toBe(1);
    // Nobody else previews it.
    expect((await as(b, team.admin, 'POST', '/api/task/import/preview', { uploadId, format: 'csv', encoding: 'utf-8', header: true })).status).toBe(404);
    const preview = await as(b, owner, 'POST', '/api/task/import/preview', { uploadId, format: 'csv', encoding: 'utf-8', header: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.rows[0]).toEqual(['1', 'row 1']);
    const started = await as(b, owner, 'POST', '/api/task/import', { uploadId, dataSourceId: ds, schemaName: 'public', format: 'csv', tableName: 'imported', mode: 'new', header: true, encoding: 'utf-8' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const done = await waitTask(a, (started.body.data as TaskView).id, [], owner.headers);
    expect(done).toMatchObject({ state: 'DONE', committedRows: 2000 });
    expect(await chunksOf(uploadId)).toBe(0);
    // Started again with the same upload: it is gone.
    expect((await as(a, owner, 'POST', '/api/task/import', { uploadId, dataSourceId: ds, schemaName: 'public', format: 'csv', tableName: 'again', mode: 'new', header: true, encoding: 'utf-8' })).status).toBe(404);

    const big = 'id,label\n' + Array.from({ length: 100_000 }, (_, i) => `${i + 1},row ${i + 1}`).join('\n') + '\n';
    const bigId = await taskUpload(a, 'big.csv', Buffer.from(big), owner.headers);
    const task = (await as(a, owner, 'POST', '/api/task/import', { uploadId: bigId, dataSourceId: ds, schemaName: 'public', format: 'csv', tableName: 'cancelled', mode: 'new', header: true, encoding: 'utf-8', batchSize: 500 })).body.data as TaskView;
    let asked = false;
    const end = await waitTask(b, task.id, [], owner.headers, async (v) => {
      if (!asked && v.committedRows >= 5_000) {
        asked = true;
        expect((await as(b, owner, 'POST', '/api/task/cancel', { id: task.id })).body.success).toBe(true);
      }
    });
    expect(end.state).toBe('STOPPED');
    expect(end.committedRows).toBeLessThan(100_000);
    expect(await chunksOf(bigId)).toBe(0);
  }, 120_000);

  it('an export: run by whichever replica, downloaded on the other; deleting the task removes its file', async () => {
    const started = await as(a, owner, 'POST', '/api/task/export', { dataSourceId: ds, schemaName: 'public', target: 'table', tableName: 'items', format: 'csv' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = (started.body.data as TaskView).id;
    expect(await waitTask(b, id, [], owner.headers)).toMatchObject({ state: 'DONE', downloadable: true });
    const stored = (await keptFiles(a.deps, 'task')).stored;
    expect(stored).toHaveLength(1);
    // No replica keeps the export on its disk: both download it from the store.
    for (const t of [a, b]) expect(fs.existsSync(path.join(t.home, 'tasks'))).toBe(false);
    for (const t of [b, a]) {
      const file = await t.app.inject({ method: 'GET', url: `/api/task/download?id=${id}`, headers: owner.headers });
      expect(file.statusCode).toBe(200);
      expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
      const lines = file.body.trim().split(/\r?\n/);
      expect(lines).toHaveLength(3001);
      expect(lines[1]).toBe('1,item 1');
    }
    // Only its creator deletes it (no session: 401; others: 404); an unfinished task is not deleted.
    expect((await b.json('POST', '/api/task/delete', { id })).status).toBe(401);
    expect((await as(b, team.admin, 'POST', '/api/task/delete', { id })).status).toBe(404);
    expect((await as(b, team.outsider, 'POST', '/api/task/delete', { id })).status).toBe(404);
    // A task not finished yet (as queued, before any replica takes it) is not deleted.
    const me = (await as(a, owner, 'GET', `/api/task/get?id=${id}`)).body.data as TaskView;
    const queued = await new TaskRepo(a.deps.store.db).create({ organizationId: team.teamId, userId: owner.userId, kind: 'EXPORT', title: 'queued', format: 'csv', dataSourceId: me.dataSourceId, params: {} });
    const early = await as(a, owner, 'POST', '/api/task/delete', { id: queued });
    expect(early.status).toBe(409);
    expect(early.body.errorMessage).toBe(`Task ${queued} is still running; stop it before deleting it`);
    expect(await chunksOf(stored[0]!)).toBeGreaterThan(0);
    expect((await as(b, owner, 'POST', '/api/task/delete', { id })).status).toBe(200);
    expect(await chunksOf(stored[0]!)).toBe(0);
    expect((await as(a, owner, 'GET', `/api/task/get?id=${id}`)).status).toBe(404);
    expect((await a.app.inject({ method: 'GET', url: `/api/task/download?id=${id}`, headers: owner.headers })).statusCode).toBe(404);
  }, 120_000);

  it('a feedback image and a certificate upload: sent to A, read through B', async () => {
    const fb = await form({ contact: 'ana@example.com', feeling: FEEDBACK_FEELINGS[0]!, category: FEEDBACK_CATEGORIES[0]!, content: 'Nice', includeLogs: 'false' }, [{ field: 'images', name: 'shot.png', data: PNG }]);
    const sent = await a.app.inject({ method: 'POST', url: '/api/system/feedback/create', payload: fb.payload, headers: { ...owner.headers, ...fb.headers } });
    expect(sent.statusCode, sent.body).toBe(200);
    const img = await b.app.inject({ method: 'GET', url: sent.json().data.images[0] });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(PNG)).toBe(true);

    const cert = await as(a, owner, 'GET', '/api/system/sts?uploadType=FEEDBACK_IMG');
    expect(cert.status).toBe(200);
    const f = await form({ securityToken: cert.body.data.securityToken }, [{ field: 'file', name: 'pic.png', data: PNG }]);
    const put = await a.app.inject({ method: 'POST', url: '/api/system/file/upload', payload: f.payload, headers: { ...owner.headers, ...f.headers } });
    expect(put.statusCode, put.body).toBe(200);
    const url = put.json().data.url as string;
    const got = await b.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    // Without its signature the private file is not served, on either replica.
    expect((await b.app.inject({ method: 'GET', url: `/api/system/upload/${put.json().data.id}` })).statusCode).toBe(404);
    // A refused upload (not an image) keeps nothing.
    const before = await chunks();
    const bad = await form({ securityToken: (await as(a, owner, 'GET', '/api/system/sts?uploadType=FEEDBACK_IMG')).body.data.securityToken }, [{ field: 'file', name: 'x.png', data: Buffer.from('not an image at all') }]);
    expect((await a.app.inject({ method: 'POST', url: '/api/system/file/upload', payload: bad.payload, headers: { ...owner.headers, ...bad.headers } })).statusCode).toBe(400);
    expect(await chunks()).toBe(before);
  }, 60_000);
});

