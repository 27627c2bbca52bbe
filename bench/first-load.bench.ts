/**
 * The first load over a real network (issue 28 point 4), in Chromium (playwright-core +
 * /usr/bin/chromium) with the DevTools protocol's network throttling: 10 Mbit/s both ways, 40 ms
 * round trip. Measured: a cold load (new browser context, empty cache) from navigation to a usable
 * workspace tree (the demo data source's node in the explorer), and a warm reload of the same page.
 * Ours: the built app as the server serves it (precompressed brotli by Accept-Encoding, hashed assets
 * immutable, index.html revalidated). Baseline, in the same run: the same build and the same API
 * behind a plain file server that answers as before — uncompressed, `cache-control: public,
 * max-age=0` with ETag (every asset revalidated on reload) — proxying /api to the same server.
 */
import fs from 'node:fs';
import http from 'node:http';
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

interface Load { coldMs: number; warmMs: number; coldBytes: number; warmBytes: number }

/** One cold load and one warm reload in a fresh context, throttled; ms to a usable tree and bytes over the wire. */
async function loadTwice(browser: Browser, base: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength));
    const tree = () => page.locator('[data-testid=tree-node]').first().waitFor({ state: 'visible', timeout: 60_000 });
    let t0 = Date.now();
    await page.goto(`${base}/workspace?language=en-US`, { waitUntil: 'commit' });
    await tree();
    const coldMs = Date.now() - t0;
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const coldBytes = bytes;
    bytes = 0;
    t0 = Date.now();
    await page.reload({ waitUntil: 'commit' });
    await tree();
    const warmMs = Date.now() - t0;
    await page.waitForLoadState('networkidle').catch(() => undefined);
    return { coldMs, warmMs, coldBytes, warmBytes: bytes };
  } finally {
    await context.close();
  }
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
    return [
      {
        name: `first-load: cold load to a usable workspace tree (${net})`, unit: 'ms', median: m(ours, 'coldMs'),
        baselineName: 'same build served uncompressed, max-age=0', baselineMedian: m(base, 'coldMs'), target: '≤ 2000 ms',
        extra: { oursTransferred: kb(m(ours, 'coldBytes')), baselineTransferred: kb(m(base, 'coldBytes')), rounds: ROUNDS },
      },
      {
        name: `first-load: warm reload to a usable workspace tree (${net})`, unit: 'ms', median: m(ours, 'warmMs'),
        baselineName: 'same build served uncompressed, max-age=0', baselineMedian: m(base, 'warmMs'), target: '≤ 500 ms',
        extra: { oursTransferred: kb(m(ours, 'warmBytes')), baselineTransferred: kb(m(base, 'warmBytes')), rounds: ROUNDS },
      },
    ];
  } finally {
    await browser.close();
    await baseline.close();
    await server.stop();
  }
}
