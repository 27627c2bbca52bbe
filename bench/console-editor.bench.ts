/**
 * The SQL console in Chromium (playwright-core + /usr/bin/chromium), on the built app:
 *
 * 1. Keystroke-to-paint in the Monaco console holding a ~50,000-character script (cursor mid-script,
 *    parsing, glyphs, local copy and auto-save all live) vs the same keystrokes in a plain <textarea>
 *    holding the same text, same page. Measured in the page: from the keydown event's timestamp to the
 *    first task after the next animation frame (the frame that paints the character).
 * 2. Ctrl+R to the first rows painted in the result grid vs the raw HTTP POST /api/rdb/dml/execute of
 *    the same SQL from the same page (request to parsed JSON).
 */
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { median, percentile, type BenchLine } from './lib.js';
import { benchScript } from './sql-script.js';
import { startServer as startServerOnce } from '../e2e/server.js';

// The page.evaluate callbacks below run in Chromium; the bench itself is type-checked without the DOM lib.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any, document: any, localStorage: any, requestAnimationFrame: any, MutationObserver: any;
type KeyboardEvent = any;
type HTMLElement = any;
type HTMLTextAreaElement = any;

const KEYS = 'select a from b where c = 1 '.split('');
const ROUNDS = 3;
const log = (m: string) => process.env.BENCH_VERBOSE && console.error(`[console-editor] ${m}`);

/**
 * The built server serving the built web app. Another build may be rewriting apps/web/dist at this
 * moment (the server looks for it at start), so it is started again until it serves the app.
 */
async function startServer(): Promise<{ url: string; stop(): Promise<void> }> {
  for (let attempt = 0; ; attempt++) {
    const s = await startServerOnce();
    const r = await fetch(`${s.url}/workspace`).catch(() => null);
    if (r && (r.headers.get('content-type') ?? '').includes('text/html')) return s;
    await s.stop();
    if (attempt >= 10) throw new Error('the server does not serve the web app (apps/web/dist missing?)');
    await new Promise((res) => setTimeout(res, 5000));
  }
}

/** The built server on a free port with a fresh home (demo data source included). */

async function api<T>(base: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(base + path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const env = (await r.json()) as { success: boolean; data: T; errorMessage?: string };
  if (!env.success) throw new Error(`${path}: ${env.errorMessage}`);
  return env.data;
}

/** Latency samples of the keys typed into whatever has focus. */
async function typeAndMeasure(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __lat: number[] };
    w.__lat = [];
    (window as unknown as { __onKey?: (e: KeyboardEvent) => void }).__onKey ??= (e: KeyboardEvent) => {
      const t0 = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => w.__lat.push(performance.now() - t0), 0));
    };
    document.removeEventListener('keydown', (window as unknown as { __onKey: (e: KeyboardEvent) => void }).__onKey, true);
    document.addEventListener('keydown', (window as unknown as { __onKey: (e: KeyboardEvent) => void }).__onKey, true);
  });
  for (const k of KEYS) {
    await page.keyboard.press(k === ' ' ? 'Space' : k);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    document.removeEventListener('keydown', (window as unknown as { __onKey: (e: KeyboardEvent) => void }).__onKey, true);
    return (window as unknown as { __lat: number[] }).__lat.slice();
  });
}

export default async function run(): Promise<BenchLine[]> {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const base = server.url;
    const list = await api<{ data: { id: number; alias: string; type: string }[] }>(base, '/api/connection/datasource/list?pageNo=1&pageSize=100');
    const demo = list.data.find((d) => d.type === 'SQLITE')!;
    let script = benchScript(2000, 50_000);
    script = script + '\n' + '-'.repeat(Math.max(0, 49_990 - script.length - 1));
    const consoleId = await api<number>(base, '/api/operation/saved/create', { name: 'bench', ddl: script, status: 'RELEASE', dataSourceId: demo.id, databaseName: 'main', type: 'SQLITE' });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // The bench bundle keeps function names (esbuild's __name helper); evaluated functions need it in the page.
    await page.addInitScript('window.__name = (f) => f;');
    await page.goto(`${base}/workspace?language=en-US`);
    const tab = { id: `console-${consoleId}`, type: 'CONSOLE', title: 'bench', consoleId, dataSourceId: demo.id, dataSourceName: demo.alias, databaseType: 'SQLITE', databaseName: 'main', schemaName: null };
    await page.evaluate((t) => localStorage.setItem('askdb.workspace.tabs', JSON.stringify({ tabs: [t], activeId: t.id })), tab);
    await page.reload();
    const editor = page.locator('[data-testid="sql-editor"] .monaco-editor');
    await editor.waitFor({ timeout: 30_000 }).catch(async (e) => {
      await page.screenshot({ path: path.join(os.tmpdir(), 'console-editor-bench-failure.png') });
      throw e;
    });
    await page.waitForTimeout(1500);
    log('editor ready');

    // 1. Keystrokes: Monaco (mid-script) and a textarea with the same text, interleaved rounds.
    const ours: number[] = [];
    const theirs: number[] = [];
    await page.evaluate((text) => {
      const ta = document.createElement('textarea');
      ta.id = 'bench-baseline';
      ta.value = text;
      Object.assign(ta.style, { position: 'fixed', left: '300px', top: '120px', width: '700px', height: '300px', zIndex: '9999', font: '14px Monaco, monospace' });
      document.body.appendChild(ta);
      ta.style.display = 'none';
    }, script);
    for (let r = 0; r < ROUNDS; r++) {
      await page.evaluate(() => ((document.getElementById('bench-baseline') as HTMLElement).style.display = 'none'));
      await editor.locator('.view-lines').click();
      await page.keyboard.press('ControlOrMeta+Home');
      for (let i = 0; i < 25; i++) await page.keyboard.press('PageDown');
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      ours.push(...(await typeAndMeasure(page)));
      log(`round ${r}: monaco ${ours.length} samples`);
      await page.evaluate(() => {
        const ta = document.getElementById('bench-baseline') as HTMLTextAreaElement;
        ta.style.display = 'block';
        ta.focus();
        ta.setSelectionRange(ta.value.length / 2, ta.value.length / 2);
      });
      theirs.push(...(await typeAndMeasure(page)));
      log(`round ${r}: textarea ${theirs.length} samples`);
    }
    await page.evaluate(() => ((document.getElementById('bench-baseline') as HTMLElement).style.display = 'none'));
    const typedLen = await page.evaluate(() => document.querySelector('[data-testid="sql-editor"]')?.textContent?.length ?? 0);
    if (!typedLen) throw new Error('the editor did not render');

    // 2. Ctrl+R to first rows painted vs the raw HTTP execute.
    const run: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < 12; i++) {
      const marker = `run_${i}`;
      const sql = `SELECT oi.*, ${i} AS ${marker} FROM order_items oi LIMIT 500`;
      await editor.locator('.view-lines').click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.insertText(sql);
      await page.evaluate((want) => {
        const w = window as unknown as { __run: Promise<number> };
        w.__run = new Promise((resolve) => {
          let t0 = 0;
          const onKey = (e: KeyboardEvent) => {
            if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'r') t0 = e.timeStamp;
          };
          document.addEventListener('keydown', onKey, true);
          const done = () => {
            obs.disconnect();
            document.removeEventListener('keydown', onKey, true);
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
          };
          const found = () => [...document.querySelectorAll('.askdb-grid-hname')].some((h) => h.textContent === want) && document.querySelector('.askdb-grid-cell');
          const obs = new MutationObserver(() => found() && done());
          obs.observe(document.body, { childList: true, subtree: true });
        });
      }, marker);
      await page.keyboard.press('ControlOrMeta+r');
      const took = await page.evaluate(() => Promise.race([(window as unknown as { __run: Promise<number> }).__run, new Promise<number>((r) => setTimeout(() => r(-1), 30_000))]));
      if (took < 0) {
        await page.screenshot({ path: path.join(os.tmpdir(), 'console-editor-bench-failure.png') });
        throw new Error(`no rows painted 30 s after Ctrl+R (${sql})`);
      }
      run.push(took);
      log(`run ${i}: ${took.toFixed(1)} ms`);
      raw.push(
        await page.evaluate(
          async ({ sql, ds }) => {
            const t0 = performance.now();
            const r = await fetch('/api/rdb/dml/execute', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sql, dataSourceId: ds, databaseName: 'main', pageSize: 200 }) });
            const env = (await r.json()) as { data: { cursorId?: string }[] };
            const took = performance.now() - t0;
            // Give the connection back (the console's grid reads its rest; this baseline stops at the first page).
            const cursorId = env.data?.[0]?.cursorId;
            if (cursorId) await fetch('/api/rdb/dml/cursor/close', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cursorId }) });
            return took;
          },
          { sql, ds: demo.id },
        ),
      );
    }
    return [
      {
        name: `console: keystroke-to-paint in Monaco, ${script.length}-char script (${ours.length} keys)`,
        unit: 'ms',
        median: median(ours),
        baselineName: 'plain <textarea>, same text, same page',
        baselineMedian: median(theirs),
        extra: { p95: percentile(ours, 95).toFixed(1), baselineP95: percentile(theirs, 95).toFixed(1) },
      },
      {
        name: 'console: Ctrl+R to first rows painted (SQLite, 500-row query, first page 200)',
        unit: 'ms',
        median: median(run),
        baselineName: 'raw HTTP POST /api/rdb/dml/execute from the page',
        baselineMedian: median(raw),
        extra: { p95: percentile(run, 95).toFixed(1), baselineP95: percentile(raw, 95).toFixed(1) },
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
