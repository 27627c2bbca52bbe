/**
 * Results on PostgreSQL: a 1,000,000-row result scrolled to its end with rows fetched as it scrolls,
 * cancel of a running pg_sleep, export of the full result, copy formats, sort and filter, tooltips,
 * the summary's time column per language, and a lost server connection during execution.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { editorText, grid, insertSql, openConsole, pgBinding, setSql, shot } from './console-lib';

test.describe('console results', () => {
  test('a 1,000,000-row result shows its first page at once and scrolls to its last row', async ({ page, request }) => {
    test.setTimeout(180_000);
    const b = await pgBinding(request);
    await openConsole(page, request, b);
    await insertSql(page, 'SELECT g, md5(g::text) AS h FROM generate_series(1,1000000) g');
    await page.keyboard.press('ControlOrMeta+r');
    const count = page.getByTestId('result-row-count');
    // The first page (200 rows) is on screen at once; more follow behind it.
    await expect(count).toHaveText(/^[\d,]+\+ rows/);
    await expect(grid(page).locator('[role="gridcell"][data-r="0"][data-c="0"]')).toHaveText('1');
    await expect(page.getByTestId('grid-type-0')).toHaveText('integer');
    await page.screenshot({ path: shot('million-first-page') });
    // Watch the main thread while scrolling: the longest gap between animation frames.
    await page.evaluate(() => {
      const w = window as unknown as { __gap: number; __last: number; __watch: boolean };
      w.__gap = 0;
      w.__last = performance.now();
      w.__watch = true;
      const tick = (t: number) => {
        w.__gap = Math.max(w.__gap, t - w.__last);
        w.__last = t;
        if (w.__watch) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const body = page.getByTestId('grid-body');
    for (let i = 0; i < 400; i++) {
      await body.evaluate((el) => (el.scrollTop = el.scrollHeight));
      if ((await count.getAttribute('data-complete')) === 'true') break;
      await page.waitForTimeout(150);
    }
    await expect(count).toHaveText('1,000,000 rows');
    await body.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const last = grid(page).locator('[role="gridcell"][data-c="0"]', { hasText: /^1000000$/ });
    await expect(last).toBeVisible();
    const gap = await page.evaluate(() => {
      const w = window as unknown as { __gap: number; __watch: boolean };
      w.__watch = false;
      return w.__gap;
    });
    console.log(`longest frame gap while scrolling through 1,000,000 rows: ${Math.round(gap)} ms`);
    await page.screenshot({ path: shot('million-end') });
    // The middle is reachable too, and the rows are the right ones.
    await body.evaluate((el) => (el.scrollTop = (el.scrollHeight - el.clientHeight) / 2));
    const top = () => grid(page).locator('[role="gridcell"][data-c="0"]').first().innerText().then(Number);
    await expect.poll(top).toBeLessThan(510_000);
    expect(await top()).toBeGreaterThan(490_000);
  });

  test('cancel stops a running pg_sleep in the database', async ({ page, request }) => {
    const b = await pgBinding(request);
    await openConsole(page, request, b);
    await insertSql(page, 'SELECT pg_sleep(30)');
    const started = Date.now();
    await page.keyboard.press('ControlOrMeta+r');
    await expect(page.getByTestId('run-status')).toBeVisible();
    await expect(page.getByTestId('run-elapsed')).toBeVisible();
    await page.waitForTimeout(700);
    await page.screenshot({ path: shot('running') });
    await page.getByTestId('run-cancel').click();
    await expect(page.getByTestId('run-status')).toBeHidden({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(20_000);
    await expect(page.getByTestId('console-error-bar')).toContainText(/cancel/i);
    // The session is usable again.
    await setSql(page, 'SELECT 1 AS after_cancel');
    await page.keyboard.press('ControlOrMeta+r');
    await expect(grid(page)).toContainText('after_cancel');
  });

  test('export downloads the full result; copy as TSV, JSON and INSERT; sort and filter loaded rows', async ({ page, request, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const b = await pgBinding(request);
    await openConsole(page, request, b);
    await insertSql(page, "SELECT g AS id, CASE WHEN g % 2 = 0 THEN NULL ELSE 'name ' || g END AS name FROM generate_series(1,1000) g");
    await page.keyboard.press('ControlOrMeta+r');
    // The first page shows at once; the rest of a small result follows right away.
    await expect(page.getByTestId('result-row-count')).toHaveText('1,000 rows');

    const download = page.waitForEvent('download');
    await page.getByTestId('result-export').hover();
    await page.getByTestId('export-csv').click();
    const file = await (await download).path();
    const lines = fs.readFileSync(file, 'utf8').trim().split(/\r?\n/);
    expect(lines).toHaveLength(1001);
    expect(lines[0]).toBe('id,name');
    expect(lines[1]).toBe('1,name 1');

    // Copy: click a cell, shift-click another, Ctrl+C gives tab-separated text.
    const cell = (r: number, c: number) => grid(page).locator(`[role="gridcell"][data-r="${r}"][data-c="${c}"]`);
    await cell(0, 0).click();
    await cell(1, 1).click({ modifiers: ['Shift'] });
    await page.keyboard.press('ControlOrMeta+c');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('1\tname 1\n2\t');
    await cell(1, 1).click({ button: 'right' });
    await page.locator('.ant-dropdown:visible').getByText('Copy as JSON').click();
    // A right click inside the selection keeps it.
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(JSON.stringify([{ id: '1', name: 'name 1' }, { id: '2', name: null }], null, 2));
    await cell(1, 1).click({ button: 'right' });
    await page.locator('.ant-dropdown:visible').getByText('Copy as INSERT statements').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('INSERT INTO table_name (id, name) VALUES (1, \'name 1\');\nINSERT INTO table_name (id, name) VALUES (2, NULL);');

    // Sort descending by id over the loaded rows, then filter.
    await page.getByTestId('grid-sort-0').click();
    await page.getByTestId('grid-sort-0').click();
    await expect(cell(0, 0)).toHaveText('1000');
    await page.getByTestId('result-filter').locator('input').fill('name 19');
    // 19, 191, 193, 195, 197, 199 (even ids have a NULL name).
    await expect(page.getByTestId('result-row-count')).toContainText('6 shown');
    await expect(cell(0, 0)).toHaveText('199');
    await page.screenshot({ path: shot('sorted-filtered') });

    // Tooltip with the full value after 800 ms.
    await cell(0, 1).hover();
    await page.waitForTimeout(300);
    await expect(page.getByTestId('grid-tooltip')).toBeHidden();
    await expect(page.getByTestId('grid-tooltip')).toHaveText('name 199', { timeout: 3000 });
  });

  test('summary time column width follows the language: zh 50, ja 70, en 80', async ({ page, request }) => {
    const b = await pgBinding(request);
    for (const [lang, width] of [['zh-CN', 50], ['ja-JP', 70], ['en-US', 80]] as const) {
      await openConsole(page, request, b, { lang });
      await insertSql(page, 'SELECT 1; SELECT 2;');
      await page.keyboard.press('ControlOrMeta+r');
      await expect(page.getByTestId('result-tab-1')).toBeVisible();
      await page.getByTestId('result-tab-summary').click();
      const header = page.getByTestId('summary-time-header');
      await expect(header).toBeVisible();
      expect(Math.round((await header.boundingBox())!.width)).toBe(width);
      if (lang === 'zh-CN') await page.screenshot({ path: shot('summary-zh') });
    }
  });

  test('a lost server connection during execution shows an error and keeps the editor text', async ({ page, request }) => {
    const b = await pgBinding(request);
    await openConsole(page, request, b);
    await insertSql(page, 'SELECT 123 AS kept_text');
    await page.route('**/api/rdb/dml/execute', (r) => r.abort('connectionreset'));
    await page.keyboard.press('ControlOrMeta+r');
    await expect(page.getByTestId('console-error-bar')).toContainText('Lost the connection');
    expect(await editorText(page)).toBe('SELECT 123 AS kept_text');
    await page.screenshot({ path: shot('connection-lost') });
    await page.unroute('**/api/rdb/dml/execute');
    await page.keyboard.press('ControlOrMeta+r');
    await expect(grid(page)).toContainText('123');
    await expect(page.getByTestId('console-error-bar')).toBeHidden();
  });
});
