/**
 * The first load over a real network (issue 28 point 4), in Chromium (playwright-core +
 * /usr/bin/chromium) with the DevTools protocol's network throttling: 10 Mbit/s both ways, 40 ms
 * round trip. Measured: a cold load (new browser context, empty cache) from navigation to a usable
 * workspace tree (the demo data source's node in the explorer, timed in the page: the first frame after
 * it is laid out, from the navigation's start), and a warm reload of the same page.
 * Ours: the built app as the server serves it (precompressed brotli by Accept-Encoding, hashed assets
 * immutable, index.html revalidated). Baseline, in the same run: the same build and the same API
 * behind a plain file server that answers as before — uncompressed, `cache-control: public,
 * max-age=0` with ETag (every asset revalidated on reload) — proxying /api to the same server.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { median, repoRoot, type BenchLine } from './lib.js';
import { startServer } from '../e2e/server.js';

const ROUNDS = 5;
const NETWORK = { offline: false, latency: 40, downloadThroughput: (10_000_000 / 8), uploadThroughput: (10_000_000 / 8) };
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json', '.ttf': 'font/ttf', '.woff2': 'font/woff2', '.png': 'image/png', '.ico': 'image/x-icon', '.wasm': 'application/wasm' };

/** The app as it was served before: files uncompressed, `max-age=0` + ETag, /api proxied to `api`. */
async function startBaseline(dist: string, api: string): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(api);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/api/')) {
      const headers = { ...req.headers, host: target.host, ...(req.headers.origin ? { origin: target.origin } : {}), ...(req.headers.referer ? { referer: target.origin + '/' } : {}) };
      const up = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => res.writeHead(502).end());
      req.pipe(up);
      return;
    }
    let file = path.join(dist, path.normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, ''));
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(dist, 'index.html');
    const st = fs.statSync(file);
    const etag = `W/"${st.size.toString(16)}-${st.mtimeMs.toString(16)}"`;
    const headers = { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'public, max-age=0', etag, 'last-modified': st.mtime.toUTCString() };
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, headers).end();
    res.writeHead(200, { ...headers, 'content-length': st.size });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

interface Load { coldMs: number; warmMs: number; coldBytes: number; warmBytes: number; coldWallMs: number; warmWallMs: number; warmRequests: number }

/**
 * In the page, from its navigation start: the first frame after a tree node is in the document and
 * laid out (the user sees it). Playwright's own wait adds its polling and protocol round trips (and,
 * when the page is busy right after, the time until it can answer), so it is kept only as a second figure.
 */
const TREE_PAINT_PROBE = `(() => {
  const seen = () => {
    const n = document.querySelector('[data-testid=tree-node]');
    return !!n && n.getClientRects().length > 0;
  };
  const mark = () => requestAnimationFrame(() => { window.__askdbTreeMs ??= performance.now(); });
  const watch = () => {
    if (seen()) return mark();
    const mo = new MutationObserver(() => { if (seen()) { mo.disconnect(); mark(); } });
    mo.observe(document, { childList: true, subtree: true });
  };
  if (document.documentElement) watch(); else document.addEventListener('readystatechange', watch, { once: true });
})();`;

/** One cold load and one warm reload in a fresh context, throttled; ms to a usable tree and bytes over the wire. */
async function loadTwice(browser: Browser, base: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await context.addInitScript(TREE_PAINT_PROBE);
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength));
    // Requests that went to the server (not answered from the memory or disk cache or the service worker).
    cdp.on('Network.responseReceived', (e: { response: { fromDiskCache?: boolean; fromServiceWorker?: boolean; fromPrefetchCache?: boolean } }) => {
      if (!e.response.fromDiskCache && !e.response.fromServiceWorker && !e.response.fromPrefetchCache) requests++;
    });
    const tree = async () => {
      await page.locator('[data-testid=tree-node]').first().waitFor({ state: 'visible', timeout: 60_000 });
      // globalThis is the page's window (this file is type-checked without the DOM library).
      await page.waitForFunction(() => (globalThis as { __askdbTreeMs?: number }).__askdbTreeMs !== undefined, null, { timeout: 60_000 });
      return Math.round(await page.evaluate(() => (globalThis as unknown as { __askdbTreeMs: number }).__askdbTreeMs));
    };
    let t0 = Date.now();
    await page.goto(`${base}/workspace?language=en-US`, { waitUntil: 'commit' });
    const coldMs = await tree();
    const coldWallMs = Date.now() - t0;
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const coldBytes = bytes;
    bytes = 0;
    requests = 0;
    t0 = Date.now();
    await page.reload({ waitUntil: 'commit' });
    const warmMs = await tree();
    const warmWallMs = Date.now() - t0;
    await page.waitForLoadState('networkidle').catch(() => undefined);
    return { coldMs, warmMs, coldBytes, warmBytes: bytes, coldWallMs, warmWallMs, warmRequests: requests };
  } finally {
    await context.close();
  }
}

/** What index.html makes the browser load before the first screen (scripts, module preloads, stylesheets): bytes raw and brotli. */
function firstScreenBytes(dist: string): { js: [number, number]; css: [number, number] } {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const sum = (re: RegExp): [number, number] => {
    let raw = 0;
    let br = 0;
    for (const m of html.matchAll(re)) {
      const file = path.join(dist, m[1]!);
      const size = fs.statSync(file).size;
      raw += size;
      br += fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : size;
    }
    return [raw, br];
  };
  return { js: sum(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*href)="\/(assets\/[^"]+\.js)"/g), css: sum(/<link[^>]*rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"/g) };
}

export default async function run(): Promise<BenchLine[]> {
  // ASKDB_WEB_DIST: a build of one's own (others may be rebuilding apps/web/dist while this runs).
  const dist = process.env.ASKDB_WEB_DIST || path.join(repoRoot(), 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('no built web app: run `npm run build` first');
  if (!fs.readdirSync(path.join(dist, 'assets')).some((f) => f.endsWith('.br'))) throw new Error('the build has no precompressed assets: run `npm run build`');
  const server = await startServer();
  const baseline = await startBaseline(dist, server.url);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    // Warm the server's own caches (first catalog read, code caches) before measuring either side.
    await loadTwice(browser, server.url);
    const ours: Load[] = [];
    const base: Load[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      ours.push(await loadTwice(browser, server.url));
      base.push(await loadTwice(browser, baseline.url));
    }
    const m = (xs: Load[], k: keyof Load) => median(xs.map((x) => x[k]));
    const kb = (n: number) => `${(n / 1024).toFixed(0)}KB`;
    const net = '10 Mbit/s, 40 ms RTT';
    // The machine is shared: the figures are CPU-bound past the network, so the load average goes with them.
    const load = os.loadavg()[0]!.toFixed(1);
    const first = firstScreenBytes(dist);
    const pair = ([raw, br]: [number, number]) => `${kb(raw)} (brotli ${kb(br)})`;
    return [
      {
        name: `first-load: cold load to a usable workspace tree (${net})`, unit: 'ms', median: m(ours, 'coldMs'),
        baselineName: 'same build served uncompressed, max-age=0', baselineMedian: m(base, 'coldMs'), target: '≤ 2000 ms',
        extra: { oursTransferred: kb(m(ours, 'coldBytes')), baselineTransferred: kb(m(base, 'coldBytes')), oursPlaywrightWaitMs: m(ours, 'coldWallMs'), baselinePlaywrightWaitMs: m(base, 'coldWallMs'), firstScreenJs: pair(first.js), firstScreenCss: pair(first.css), rounds: ROUNDS, loadAvg1m: load },
      },
      {
        name: `first-load: warm reload to a usable workspace tree (${net})`, unit: 'ms', median: m(ours, 'warmMs'),
        baselineName: 'same build served uncompressed, max-age=0', baselineMedian: m(base, 'warmMs'), target: '≤ 500 ms',
        extra: { oursTransferred: kb(m(ours, 'warmBytes')), baselineTransferred: kb(m(base, 'warmBytes')), oursRequestsToServer: m(ours, 'warmRequests'), baselineRequestsToServer: m(base, 'warmRequests'), oursPlaywrightWaitMs: m(ours, 'warmWallMs'), baselinePlaywrightWaitMs: m(base, 'warmWallMs'), rounds: ROUNDS, loadAvg1m: load },
      },
    ];
  } finally {
    await browser.close();
    await baseline.close();
    await server.stop();
  }
}
