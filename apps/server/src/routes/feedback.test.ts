/**
 * Feedback (issue 18 point 2): five images accepted, a sixth refused, a file that is not an image
 * refused, images of 2 MB refused; the logs are this user's last requests with secrets removed;
 * the operator lists feedback; private files only through signed URLs that expire (fake clock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../test/org-fixtures.js';
import { approvalWorld } from '../test/approval-fixtures.js';
import { UrlSigner } from '../services/feedback/signed-url.js';
import { scrub } from '../services/feedback/request-log.js';
import { loadKey } from '../store/secret.js';
import { keptFiles } from '../services/files/kept-files.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);

async function form(fields: Record<string, string>, images: { name: string; data: Buffer; type?: string }[]) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const i of images) fd.append('images', new Blob([i.data], { type: i.type ?? 'image/png' }), i.name);
  const r = new Request('http://x/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await r.arrayBuffer()), contentType: r.headers.get('content-type')! };
}
const base = { contact: 'ana@example.com', feeling: 'good', category: 'UI', content: 'The bell is nice' };

describe('feedback', () => {
  let w: Awaited<ReturnType<typeof approvalWorld>>;
  beforeAll(async () => {
    w = await approvalWorld('fb');
    await w.t.deps.store.db.updateTable('users').set({ is_operator: 1 }).where('id', '=', w.team.owner.userId).execute();
  }, 60_000);
  afterAll(async () => w?.close());

  const send = async (headers: Record<string, string>, fields: Record<string, string>, images: { name: string; data: Buffer; type?: string }[], lang = 'en-US') => {
    const f = await form(fields, images);
    const res = await w.t.app.inject({ method: 'POST', url: '/api/system/feedback/create', payload: f.payload, headers: { ...headers, 'content-type': f.contentType, 'accept-language': lang } });
    return { status: res.statusCode, body: res.json() };
  };

  it('accepts five images and scrubbed logs; the operator sees it with signed URLs that serve the bytes', async () => {
    const member = w.team.operator;
    // Requests that carry secrets in their URLs end up in this user's log — scrubbed.
    await as(w.t, member, 'GET', '/api/notification/list?token=abc123secret&pageNo=1');
    await as(w.t, member, 'GET', '/api/notification/unread_count?password=hunter2');
    const r = await send(member.headers, { ...base, includeLogs: 'true' }, [1, 2, 3, 4].map((i): { name: string; data: Buffer; type?: string } => ({ name: `s${i}.png`, data: PNG })).concat([{ name: 'photo.jpg', data: JPG, type: 'image/jpeg' }]));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.images).toHaveLength(5);
    const list = await as(w.t, w.team.owner, 'GET', '/api/system/feedback/list');
    expect(list.status).toBe(200);
    const item = list.body.data.data[0];
    expect(item).toMatchObject({ contact: 'ana@example.com', feeling: 'good', category: 'UI', content: 'The bell is nice', userId: member.userId });
    const img = await w.t.app.inject({ method: 'GET', url: item.images[4] });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.equals(JPG)).toBe(true);
    const log = await w.t.app.inject({ method: 'GET', url: item.logUrl });
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain('/api/notification/list');
    expect(log.body).toContain('token=***');
    expect(log.body).toContain('password=***');
    expect(log.body).not.toContain('abc123secret');
    expect(log.body).not.toContain('hunter2');
    // Files are private: kept in the store (5 images and the log), not reachable without a signature.
    expect((await keptFiles(w.t.deps, 'feedback')).stored.length).toBeGreaterThanOrEqual(6);
    const id = /file\/(\d+)/.exec(item.images[0])![1];
    expect((await w.t.app.inject({ method: 'GET', url: `/api/system/file/${id}?expires=9999999999&sig=${'0'.repeat(64)}` })).statusCode).toBe(404);
  });

  it('refuses a sixth image, a file that is not an image, an image of 2 MB, a bad contact — in the reader language', async () => {
    const member = w.team.operator;
    const six = await send(member.headers, base, [1, 2, 3, 4, 5, 6].map((i) => ({ name: `s${i}.png`, data: PNG })));
    expect(six.status).toBe(400);
    expect(six.body.errorMessage).toBe('At most 5 images can be attached');
    const fake = await send(member.headers, base, [{ name: 'evil.png', data: Buffer.from('<script>alert(1)</script>') }]);
    expect(fake.status).toBe(400);
    expect(fake.body.errorMessage).toContain('evil.png is not a PNG, JPEG, GIF or WebP image');
    const big = await send(member.headers, base, [{ name: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) }], 'zh-CN');
    expect(big.status).toBe(400);
    expect(big.body.errorMessage).toBe('图片 big.png 必须小于 2MB');
    const contact = await send(member.headers, { ...base, contact: 'not a contact' }, []);
    expect(contact.status).toBe(400);
    expect((await send(member.headers, { ...base, feeling: 'meh' }, [])).status).toBe(400);
    // Nothing of the refused attempts was stored.
    const list = await as(w.t, w.team.owner, 'GET', '/api/system/feedback/list');
    expect(list.body.data.total).toBe(1);
  });

  it('only the operator lists feedback', async () => {
    expect((await as(w.t, w.team.admin, 'GET', '/api/system/feedback/list')).status).toBe(403);
    expect((await as(w.t, null, 'POST', '/api/system/feedback/create', {})).status).toBe(401);
  });

  it('a signed URL expires after 2,592,000 s (fake clock)', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const key = loadKey(w.t.home, w.t.deps.config.secret);
    const signer = new UrlSigner(key, () => now);
    const url = signer.url(1);
    const [, id, expires, sig] = /file\/(\d+)\?expires=(\d+)&sig=([0-9a-f]+)/.exec(url)!;
    now += 2_591_999_000;
    expect(signer.verify(Number(id), Number(expires), sig!)).toBe(true);
    now += 2_000;
    expect(signer.verify(Number(id), Number(expires), sig!)).toBe(false);
    // The server refuses a URL its own key signed once it has expired.
    const old = new UrlSigner(key, () => Date.now() - 2_592_001_000).url(1);
    const res = await w.t.app.inject({ method: 'GET', url: old });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMessage).toBe('This link has expired or is not valid');
  });

  it('scrub removes passwords, tokens, cookies, bearer keys and URL credentials', () => {
    const line = scrub('GET /x?apiKey=k1&q=ok Authorization: Bearer abc.def {"password":"p@ss","name":"n"} postgres://u:pw@h/db Cookie: askdb_session=s3cr3t; x=1');
    expect(line).not.toMatch(/k1|abc\.def|p@ss|:pw@|s3cr3t/);
    expect(line).toContain('q=ok');
    expect(line).toContain('"name":"n"');
  });
});
