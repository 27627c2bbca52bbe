/**
 * The built web app's files over HTTP (issue 28 point 4): precompressed brotli/gzip chosen by
 * Accept-Encoding with Vary, content-hashed assets immutable for a year, index.html and client routes
 * revalidated. The build folder is made here by the same build-time compressor `npm run build` uses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';
import { cacheControlFor } from './static-web.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const APP_JS = `console.log(${JSON.stringify('AskDB '.repeat(4000))});\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-AbC_d-12.js"></script></head><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`;

describe('web app files: precompressed, cached by content hash', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'assets', 'index-AbC_d-12.js'), APP_JS);
    fs.writeFileSync(path.join(dist, 'assets', 'tiny-Zz9Yy8Xx.css'), 'a{}');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
    const { precompressDir } = (await import(pathToFileURL(path.join(ROOT, 'scripts/lib/precompress.mjs')).href)) as { precompressDir: (d: string) => { raw: number; br: number } };
    precompressDir(dist);
    t = await testApp({ demo: false, webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('the build wrote brotli and gzip twins of text files worth compressing', () => {
    for (const f of ['index.html', 'assets/index-AbC_d-12.js', 'favicon.svg']) {
      expect(fs.existsSync(path.join(dist, f + '.br'))).toBe(true);
      expect(fs.existsSync(path.join(dist, f + '.gz'))).toBe(true);
    }
    expect(fs.existsSync(path.join(dist, 'assets/tiny-Zz9Yy8Xx.css.br'))).toBe(false); // too small to gain
    expect(fs.statSync(path.join(dist, 'assets/index-AbC_d-12.js.br')).size).toBeLessThan(APP_JS.length / 20);
  });

  it('a hashed asset: brotli when accepted, else gzip, else plain; immutable for a year; Vary: Accept-Encoding', async () => {
    const br = await get('/assets/index-AbC_d-12.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);
    expect(br.rawPayload.length).toBeLessThan(APP_JS.length / 20);

    const gz = await get('/assets/index-AbC_d-12.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);

    const plain = await get('/assets/index-AbC_d-12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const small = await get('/assets/tiny-Zz9Yy8Xx.css', { 'accept-encoding': 'br' });
    expect([small.statusCode, small.headers['content-encoding'], small.body]).toEqual([200, undefined, 'a{}']);
  });

  it('index.html, the root and client routes are revalidated (no-cache, ETag → 304), compressed too', async () => {
    for (const url of ['/', '/index.html', '/workspace', '/settings/purchase']) {
      const r = await get(url, { 'accept-encoding': 'br' });
      expect([url, r.statusCode]).toEqual([url, 200]);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(r.rawPayload).toString()).toBe(INDEX);
    }
    const first = await get('/', { 'accept-encoding': 'gzip' });
    const again = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    const fav = await get('/favicon.svg');
    expect(fav.headers['cache-control']).toBe('no-cache'); // not content-hashed: may change under its name
    expect((await get('/assets/missing-12345678.js')).statusCode).toBe(404);
    expect((await get('/api/nope')).statusCode).toBe(404);
  });

  it('tells hashed assets from the rest by their path in the build folder', () => {
    expect(cacheControlFor('assets/CaretUpOutlined-H_gssRc-.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('assets/editor.worker-B4sql0Ww.js.br')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('assets/readme.txt')).toBe('no-cache');
    expect(cacheControlFor('favicon-AbCdEfGh.svg')).toBe('no-cache'); // outside assets/: not Vite's hashed output
  });
});
