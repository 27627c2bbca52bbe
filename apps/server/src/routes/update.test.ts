/** Update rules (issue 18 point 5): the check reads the operator's version feed and compares versions. */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';
import { compareVersions, parseFeed } from '../services/updates/feed.js';

describe('version feed', () => {
  let t: TestApp;
  let feed: http.Server;
  let body = '';
  let base = '';
  beforeAll(async () => {
    t = await testApp({ demo: false });
    feed = http.createServer((req, res) => (req.url === '/pkg' ? res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.alloc(70_000, 7)) : res.writeHead(200, { 'content-type': 'application/json' }).end(body)));
    await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(feed.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => feed.close(r));
  });

  it('answers no feed until the operator sets one, then the newest release and whether it is newer', async () => {
    expect((await t.json('GET', '/api/system/update/check')).body.data).toMatchObject({ feedConfigured: false, hasUpdate: false });
    expect((await t.json('POST', '/api/system/update/feed', { url: `${base}/feed.json` })).status).toBe(200);
    body = JSON.stringify({ releases: [{ version: '0.1.0' }, { version: 'v9.10.0', url: 'https://example.com/askdb-9.10.0.tgz', notes: 'Big one' }, { version: '9.9.1' }, { version: 'garbage' }] });
    const r = (await t.json('GET', '/api/system/update/check')).body.data;
    expect(r).toMatchObject({ current: t.deps.config.version, feedConfigured: true, hasUpdate: true, latest: { version: '9.10.0', url: 'https://example.com/askdb-9.10.0.tgz', notes: 'Big one' } });
    body = JSON.stringify({ version: t.deps.config.version });
    expect((await t.json('GET', '/api/system/update/check')).body.data).toMatchObject({ hasUpdate: false, latest: { version: t.deps.config.version } });
    body = 'not json';
    const bad = await t.json('GET', '/api/system/update/check', undefined, { 'accept-language': 'zh-CN' });
    expect(bad.status).toBe(502);
    expect(bad.body.errorMessage).toContain('无法读取版本源');
  });

  it('downloads the release the feed names through the server (the app’s CSP lets the browser fetch only from its own origin)', async () => {
    expect((await t.json('POST', '/api/system/update/feed', { url: `${base}/feed.json` })).status).toBe(200);
    body = JSON.stringify({ version: '99.0.0', url: `${base}/pkg` });
    const r = await t.app.inject({ method: 'GET', url: '/api/system/update/download' });
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.length).toBe(70_000);
    body = JSON.stringify({ version: '99.0.0' });
    const none = await t.json('GET', '/api/system/update/download', undefined, { 'accept-language': 'en-US' });
    expect(none.status).toBe(502);
    expect(none.body.errorMessage).toContain('the feed names no package address');
    await t.json('POST', '/api/system/update/feed', { url: null });
  });

  it('compares versions numerically', () => {
    expect(compareVersions('1.10.0', '1.9.3')).toBe(1);
    expect(compareVersions('1.0.0-beta', '1.0.0')).toBe(-1);
    expect(compareVersions('v2.0', '2.0.0')).toBe(0);
    expect(parseFeed([{ version: '1' }, { nope: 1 }])?.version).toBe('1');
  });
});
