/**
 * The explorer tree in Chromium (playwright-core + /usr/bin/chromium) on the built app, with a
 * 30,000-table PostgreSQL schema: expanding its Tables folder (the tree's page of 100,000 tables,
 * spec 01 §9) until the first table rows are painted, then scrolling to the end until the last row is
 * painted. Baseline, same page and same request: fetch the same table list and render it as a plain
 * 30,000-element list (every row in the DOM), then scroll that to the end.
 * Set ASKDB_BENCH_TREE_DB to an existing database with the 30,000 tables to skip building it.
 */
import { chromium, type Page } from 'playwright-core';
import { median, percentile, type BenchLine } from './lib.js';
import { COMMENTED_TABLE_BODY, PG_URL, createNumberedTables, pgUrlFor, withPg } from './pg.js';
import { startServer } from '../e2e/server.js';

const TABLES = 30_000;
const ROUNDS = 5;
const LAST = `t_${String(TABLES).padStart(5, '0')}`;



async function createSchema(db: string): Promise<void> {
  await createNumberedTables(db, TABLES, 1000, COMMENTED_TABLE_BODY);
}


async function api<T>(base: string, p: string, body?: unknown): Promise<T> {
  const r = await fetch(base + p, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const env = (await r.json()) as { success: boolean; data: T; errorMessage?: string };
  if (!env.success) throw new Error(`${p}: ${env.errorMessage}`);
  return env.data;
}

/** Waits (in the page) until `selector` exists, then for the frame that paints it; returns that time. */
const PAINTED = `(selector) => new Promise((resolve) => {
  const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
  if (document.querySelector(selector)) return done();
  const mo = new MutationObserver(() => { if (document.querySelector(selector)) { mo.disconnect(); done(); } });
  mo.observe(document.body, { childList: true, subtree: true });
})`;

async function measureTree(page: Page, base: string, ds: number, db: string): Promise<{ first: number; last: number; rows: number }> {
  await page.goto(`${base}/workspace?language=en-US`);
  await page.evaluate("localStorage.removeItem('askdb.workspace.tabs')");
  await page.goto(`${base}/workspace?language=en-US`);
  const expandKey = async (key: string) => {
    const row = page.locator(`[data-key="${key}"]`);
    await row.waitFor();
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.locator('.askdb-tree-caret').click();
  };
  await expandKey(`ds:${ds}`);
  await expandKey(`ds:${ds}/db:${db}`);
  await expandKey(`ds:${ds}/db:${db}/sc:public`);
  const folder = `ds:${ds}/db:${db}/sc:public/tables`;
  await page.locator(`[data-key="${folder}"]`).waitFor();
  // Start the clock on the click itself, in the page.
  await page.evaluate(`window.__painted = ${PAINTED}; document.addEventListener('click', () => { window.__t0 = performance.now(); }, { capture: true, once: true });`);
  const painted = page.evaluate(`window.__painted('[data-testid=tree-node][data-type=TABLE]')`) as Promise<number>;
  await page.locator(`[data-key="${folder}"] .askdb-tree-caret`).click();
  const first = (await painted) - ((await page.evaluate('window.__t0')) as number);
  const last = (await page.evaluate(`(async () => {
    const tree = document.querySelector('[data-testid=tree]');
    const t0 = performance.now();
    const p = window.__painted('[data-title="${LAST}"]');
    tree.scrollTop = tree.scrollHeight;
    return (await p) - t0;
  })()`)) as number;
  const rows = (await page.evaluate(`document.querySelectorAll('[data-testid=tree-node]').length`)) as number;
  return { first, last, rows };
}

/** The baseline in the same page: the same request, then every table as a plain list element. */
async function measurePlain(page: Page, ds: number, db: string): Promise<{ first: number; last: number }> {
  return (await page.evaluate(`(async () => {
    const t0 = performance.now();
    const res = await fetch('/api/rdb/table/list?dataSourceId=${ds}&databaseName=${db}&schemaName=public&pageNo=1&pageSize=100000');
    const items = (await res.json()).data.data;
    const box = document.createElement('div');
    box.style.cssText = 'position:fixed;left:0;top:0;width:260px;height:700px;overflow:auto;z-index:9999;background:#fff;font:13px sans-serif';
    for (const it of items) {
      const row = document.createElement('div');
      row.style.cssText = 'height:26px;line-height:26px;white-space:nowrap;overflow:hidden';
      row.dataset.title = it.name;
      row.textContent = it.comment ? it.name + '  ' + it.comment : it.name;
      box.appendChild(row);
    }
    document.body.appendChild(box);
    const first = (await window.__painted('body > div[style*="z-index"] > div')) - t0;
    const t1 = performance.now();
    box.scrollTop = box.scrollHeight;
    const last = (await new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0)))) - t1;
    if (box.lastChild.dataset.title !== '${LAST}') throw new Error('plain list is missing the last table');
    box.remove();
    return { first, last };
  })()`)) as { first: number; last: number };
}

export default async function run(): Promise<BenchLine[]> {
  const reuse = process.env.ASKDB_BENCH_TREE_DB;
  const db = reuse ?? `askdb_bench_tree_${process.pid}`;
  if (!reuse) {
    await withPg(PG_URL, (c) => c.query(`CREATE DATABASE ${db}`));
    await createSchema(db);
  }
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const u = new URL(pgUrlFor(db));
    const ds = await api<number>(server.url, '/api/connection/datasource/create', { alias: 'bench tree', type: 'POSTGRESQL', host: u.hostname, port: Number(u.port || 5432), user: decodeURIComponent(u.username || 'postgres'), password: decodeURIComponent(u.password) || undefined, databaseName: db });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const ours = { first: [] as number[], last: [] as number[] };
    const plain = { first: [] as number[], last: [] as number[] };
    // One warm-up of each (server catalog cache, JIT), then interleaved rounds.
    const warm = await measureTree(page, server.url, ds, db);
    if (warm.rows > 200) throw new Error(`the tree rendered ${warm.rows} rows: not virtualised`);
    await measurePlain(page, ds, db);
    let domRows = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const a = await measureTree(page, server.url, ds, db);
      domRows = Math.max(domRows, a.rows);
      ours.first.push(a.first);
      ours.last.push(a.last);
      const b = await measurePlain(page, ds, db);
      plain.first.push(b.first);
      plain.last.push(b.last);
    }
    return [
      {
        name: `tree-30k: expand a ${TABLES.toLocaleString('en-US')}-table Tables folder to the first rows painted`,
        unit: 'ms', median: median(ours.first), baselineName: 'same fetch + plain 30,000-element list painted',
        baselineMedian: median(plain.first), target: 'ratio ≤ 1', extra: { p95: percentile(ours.first, 95).toFixed(0), maxTreeRowsInDom: domRows },
      },
      {
        name: 'tree-30k: scroll to the end until the last table row is painted',
        unit: 'ms', median: median(ours.last), baselineName: 'plain 30,000-element list scrolled to the end',
        baselineMedian: median(plain.last), extra: { p95: percentile(ours.last, 95).toFixed(1) },
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    if (!reuse) await withPg(PG_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`));
  }
}
