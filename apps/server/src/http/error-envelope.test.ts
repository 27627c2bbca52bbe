/** Framework-level refusals (bad JSON, wrong media type, too large) come in the user's language. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';

describe('error envelope languages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(async () => t?.close());

  const post = (payload: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/connection/datasource/pre_connect', payload, headers: { host: '127.0.0.1', ...headers } });

  it('invalid JSON in en-US, zh-CN and ja-JP', async () => {
    const en = await post('{"alias":', { 'content-type': 'application/json' });
    const zh = await post('{"alias":', { 'content-type': 'application/json', 'accept-language': 'zh-CN' });
    const ja = await post('{"alias":', { 'content-type': 'application/json', 'accept-language': 'ja-JP' });
    expect([en.statusCode, zh.statusCode, ja.statusCode]).toEqual([400, 400, 400]);
    expect(en.json().errorMessage).toBe('Invalid body: not valid JSON');
    expect(zh.json().errorMessage).toContain('JSON');
    expect(zh.json().errorMessage).toMatch(/请求体无效/);
    expect(ja.json().errorMessage).toMatch(/リクエスト本文が無効/);
  });

  it('a body over the route limit is 413 in the user language', async () => {
    const big = JSON.stringify({ sql: 'x'.repeat(2 * 1024 * 1024), consoleId: 1 });
    const r = await t.app.inject({ method: 'POST', url: '/api/sql_parser/context/parser', payload: big, headers: { host: '127.0.0.1', 'content-type': 'application/json', 'accept-language': 'ja-JP' } });
    expect(r.statusCode).toBe(413);
    expect(r.json().errorMessage).toMatch(/大きすぎます/);
  });
});
