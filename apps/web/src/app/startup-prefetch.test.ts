import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_STARTED, installStartupPrefetch, startupPaths } from './startup-prefetch';

// A real HTTP server that counts what reaches it; /api/oauth/user_a answers 401 when `signedOut`.
let server: http.Server;
let base: string;
let hits: Record<string, number> = {};
let signedOut = false;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const key = `${req.method} ${req.url}`;
    hits[key] = (hits[key] ?? 0) + 1;
    const status = signedOut && req.url === '/api/oauth/user_a' ? 401 : 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ success: status === 200, answer: hits[key], language: req.headers['accept-language'] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  hits = {};
  signedOut = false;
});

/** The parts of a browser window the prefetch uses, its fetch going to the test server. */
function page(pathname: string, search = '') {
  const browserFetch = (input: RequestInfo | URL, init?: RequestInit) => fetch(typeof input === 'string' ? new URL(input, base) : input, init);
  const win = { location: { pathname, search }, navigator: { language: 'ja' }, localStorage: { getItem: () => null }, fetch: browserFetch } as unknown as Window & typeof globalThis;
  return { win, browserFetch };
}
const DATA_SOURCES = '/api/connection/datasource/list?pageNo=1&pageSize=1000';
const json = async (r: Response) => (await r.json()) as { answer: number; language: string };
const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise((r) => setImmediate(r));
};

describe('start-up prefetch', () => {
  it('asks for the first screen\'s data once, before the app does, and hands the app those answers', async () => {
    const { win } = page('/workspace', '?language=zh-CN');
    installStartupPrefetch(win);
    await until(() => Object.keys(hits).length === 4);
    const [system, ds] = await Promise.all([win.fetch('/api/system'), win.fetch(DATA_SOURCES, { headers: { 'accept-language': 'en-US' } })]);
    expect(await json(ds)).toEqual({ success: true, answer: 1, language: 'zh-CN' });
    expect((await json(system)).answer).toBe(1);
    expect(hits).toEqual({ 'GET /api/system': 1, 'GET /api/oauth/user_a': 1, [`GET ${DATA_SOURCES}`]: 1, 'GET /api/connection/group/list': 1 });
    // Given once: a later refresh of the list is a new request.
    expect((await json(await win.fetch(DATA_SOURCES))).answer).toBe(2);
  });

  it('a request that may change state (a POST: sign-in, a new data source) drops what was asked for before it', async () => {
    const { win } = page('/workspace');
    installStartupPrefetch(win);
    await until(() => hits[`GET ${DATA_SOURCES}`] === 1);
    await win.fetch('/api/connection/datasource/create', { method: 'POST', body: '{}' });
    expect((await json(await win.fetch(DATA_SOURCES))).answer).toBe(2);
  });

  it('an answer that is not a 200 (signed out) is asked for again by the app\'s own call', async () => {
    signedOut = true;
    const { win } = page('/workspace');
    installStartupPrefetch(win);
    const res = await win.fetch('/api/oauth/user_a');
    expect(res.status).toBe(401);
    expect(hits['GET /api/oauth/user_a']).toBe(2);
  });

  it('once every answer is handed over, fetch is the browser\'s own again', async () => {
    const { win, browserFetch } = page('/');
    installStartupPrefetch(win);
    expect(win.fetch).not.toBe(browserFetch);
    for (const p of startupPaths('/')) await win.fetch(p);
    expect(win.fetch).toBe(browserFetch);
  });

  it('the sign-in and invite pages ask for nothing ahead', () => {
    expect(startupPaths('/login')).toEqual([]);
    expect(startupPaths('/invite')).toEqual([]);
    const { win, browserFetch } = page('/login');
    installStartupPrefetch(win);
    expect(win.fetch).toBe(browserFetch);
  });

  it('run after the app has started (it is async), it asks for nothing: the app asked for its data itself', async () => {
    const { win, browserFetch } = page('/workspace');
    (win as unknown as Record<string, unknown>)[APP_STARTED] = true;
    installStartupPrefetch(win);
    expect(win.fetch).toBe(browserFetch);
    await win.fetch('/api/system');
    expect(hits).toEqual({ 'GET /api/system': 1 });
  });
});

describe('language strings preload', () => {
  /** index.html's `<meta name="askdb-strings">` tags and the links the prefetch adds to the head. */
  function pageWith(metas: Record<string, string>, search: string, language = 'en-US') {
    const added: { rel?: string; href?: string; crossOrigin?: string | null }[] = [];
    const document = {
      querySelector: (selector: string) => {
        const m = /^meta\[name="askdb-strings"\]\[data-locale="([^"]+)"\]$/.exec(selector);
        const href = m ? metas[m[1]!] : undefined;
        return href ? { getAttribute: (a: string) => (a === 'content' ? href : null) } : null;
      },
      createElement: () => ({}),
      head: { appendChild: (l: (typeof added)[number]) => added.push(l) },
    };
    const { win } = page('/workspace', search);
    Object.assign(win, { document, navigator: { language } });
    return { win, added };
  }
  const METAS = { 'zh-CN': '/assets/zh-CN-abc.js', 'ja-JP': '/assets/ja-JP-def.js' };

  it('preloads the module of the page\'s language that index.html names, beside the app\'s entry', () => {
    const { win, added } = pageWith(METAS, '?language=ja-JP');
    installStartupPrefetch(win);
    expect(added).toEqual([{ rel: 'modulepreload', crossOrigin: '', href: '/assets/ja-JP-def.js' }]);
  });

  it('nothing for English (in the entry chunk), nor when index.html names no module for the language', () => {
    for (const [metas, search] of [[METAS, '?language=en-US'], [{}, '?language=zh-CN']] as const) {
      const { win, added } = pageWith(metas, search);
      installStartupPrefetch(win);
      expect(added).toEqual([]);
    }
  });

  it('nothing once the app has started (it loads the strings itself)', () => {
    const { win, added } = pageWith(METAS, '?language=zh-CN');
    (win as unknown as Record<string, unknown>)[APP_STARTED] = true;
    installStartupPrefetch(win);
    expect(added).toEqual([]);
  });
});
