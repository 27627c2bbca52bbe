/**
 * Issue 29 item 22: the upload-certificate flow. A certificate per upload type (the spec's fields),
 * the file posted with it and kept in the store, avatars read by a plain URL, private files only by
 * a signed URL valid 2592000 s; "Get signature error!" (three languages) for a bad, missing or
 * someone else's certificate and for an unknown type; the size limits of each type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from '../test/helpers.js';
import { makeUser, type Persona } from '../test/org-fixtures.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 7)]);

async function form(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('file', new Blob([file.data]), file.name);
  const r = new Request('http://x/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await r.arrayBuffer()), contentType: r.headers.get('content-type')! };
}

describe('upload certificate flow (issue 29 item 22)', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let t: TestApp;
  let ana: Persona;
  let bo: Persona;
  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_spec_uploads');
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    t = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false });
    ana = await makeUser(t, 'Ana');
    bo = await makeUser(t, 'Bo');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await store?.drop();
  });

  const sts = async (who: Persona, uploadType: string, lang = 'en-US') => t.json('GET', `/api/system/sts?uploadType=${uploadType}`, undefined, { ...who.headers, 'accept-language': lang });
  const upload = async (who: Persona, fields: Record<string, string>, file?: { name: string; data: Buffer }, lang = 'en-US') => {
    const f = await form(fields, file);
    const res = await t.app.inject({ method: 'POST', url: '/api/system/file/upload', payload: f.payload, headers: { ...who.headers, 'content-type': f.contentType, 'accept-language': lang } });
    return { status: res.statusCode, body: res.json() };
  };

  it('issues a certificate with the spec fields, public bucket for avatars and private for the rest', async () => {
    const a = await sts(ana, 'AVATOR');
    expect(a.status).toBe(200);
    expect(Object.keys(a.body.data)).toEqual(expect.arrayContaining(['endpoint', 'accessKeyId', 'accessKeySecret', 'securityToken', 'bucket', 'fileFolder', 'cdn']));
    expect(a.body.data).toMatchObject({ endpoint: '/api/system/file/upload', bucket: 'public', accessKeySecret: '' });
    for (const type of ['FEEDBACK_IMG', 'FEEDBACK_LOG', 'SQLFile']) expect((await sts(ana, type)).body.data.bucket).toBe('private');
  });

  it('stores an avatar and serves it by its plain URL', async () => {
    const cert = (await sts(ana, 'avatar')).body.data;
    const up = await upload(ana, { securityToken: cert.securityToken }, { name: 'me.png', data: PNG });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ name: 'me.png', uploadType: 'AVATOR', expiresIn: null });
    const got = await t.app.inject({ method: 'GET', url: up.body.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.from(got.rawPayload).equals(PNG)).toBe(true);
  });

  it('serves a private file only through its signed URL, valid 2592000 s', async () => {
    const cert = (await sts(ana, 'SQLFile')).body.data;
    const sql = Buffer.from('select 1;\n');
    const before = Math.floor(Date.now() / 1000);
    const up = await upload(ana, { securityToken: cert.securityToken }, { name: 'q.sql', data: sql });
    expect(up.status).toBe(200);
    expect(up.body.data.expiresIn).toBe(2592000);
    const expires = Number(new URL(up.body.data.url, 'http://x').searchParams.get('expires'));
    expect(expires - before).toBeGreaterThanOrEqual(2592000);
    expect(expires - before).toBeLessThan(2592000 + 60);
    const signed = await t.app.inject({ method: 'GET', url: up.body.data.url });
    expect(signed.statusCode).toBe(200);
    expect(signed.body).toBe('select 1;\n');
    const plain = await t.app.inject({ method: 'GET', url: `/api/system/upload/${up.body.data.id}` });
    expect(plain.statusCode).toBe(404);
    const forged = await t.app.inject({ method: 'GET', url: up.body.data.url.replace(/sig=\w/, 'sig=0') });
    expect(forged.statusCode).toBe(404);
  });

  it('answers "Get signature error!" in each language for a missing, forged or someone else\'s certificate, or an unknown type', async () => {
    const certOfBo = (await sts(bo, 'FEEDBACK_LOG')).body.data;
    const want = { 'en-US': 'Get signature error!', 'zh-CN': '获取签名错误！', 'ja-JP': '署名の取得に失敗しました！' } as const;
    for (const [lang, message] of Object.entries(want)) {
      for (const fields of [{}, { securityToken: 'forged.token' }, { securityToken: String(certOfBo.securityToken) }] as Record<string, string>[]) {
        const r = await upload(ana, fields, { name: 'log.txt', data: Buffer.from('line\n') }, lang);
        expect(r.status).toBe(400);
        expect(r.body.errorMessage).toBe(message);
      }
      const unknown = await sts(ana, 'VIDEO', lang);
      expect(unknown.status).toBe(400);
      expect(unknown.body.errorMessage).toBe(message);
    }
  });

  it('refuses an avatar of 1 MB or more and a non-image avatar', async () => {
    const cert = (await sts(ana, 'AVATOR')).body.data;
    const big = await upload(ana, { securityToken: cert.securityToken }, { name: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]) });
    expect(big.status).toBe(400);
    expect(big.body.errorMessage).toBe('The file is too large (at most 1 MB)');
    const text = await upload(ana, { securityToken: cert.securityToken }, { name: 'a.txt', data: Buffer.from('hello') }, 'zh-CN');
    expect(text.status).toBe(400);
    expect(text.body.errorMessage).toBe('AVATOR 不允许上传 a.txt');
  });
});
