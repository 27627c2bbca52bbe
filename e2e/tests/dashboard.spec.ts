/**
 * Dashboards in Chromium: a chart of every type from a real PostgreSQL query, each canvas painted
 * (pixels checked) with its legend/axis names in the chart's generated description; the chart editor
 * (SQL, run, preview, a text field refused on a value axis before drawing, pin); a resize saved with
 * the layout; the demo dashboard a new local user sees with data.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiData, createPgSource, onPg, uid } from './workspace-helpers';

const dbName = `askdb_dash_${uid()}`;
const SHOTS = process.env.ASKDB_SHOTS ?? 'test-results/dashboard';

const onDb = (sql: string, database?: string) => onPg((c) => c.query(sql), database);

const BY_REGION = 'select region, sum(amount) as total from sales group by region order by region';
const XY = { xField: 'region', ySeries: [{ field: 'total' }] };
const PIE = { groupField: 'region', angleField: 'total' };
const CHARTS: { type: string; sql: string; settings: object; expect?: string }[] = [
  { type: 'PIE', sql: BY_REGION, settings: PIE, expect: 'north' },
  { type: 'RING_PIE', sql: BY_REGION, settings: PIE, expect: 'north' },
  { type: 'ROSE_PIE', sql: BY_REGION, settings: PIE, expect: 'north' },
  { type: 'FUNNEL', sql: BY_REGION, settings: PIE, expect: 'north' },
  { type: 'BAR', sql: BY_REGION, settings: XY, expect: 'north' },
  { type: 'LINE', sql: BY_REGION, settings: XY, expect: 'north' },
  { type: 'SMOOTH_LINE', sql: BY_REGION, settings: XY, expect: 'north' },
  { type: 'STEP_LINE', sql: BY_REGION, settings: XY, expect: 'north' },
  { type: 'AREA_LINE', sql: BY_REGION, settings: XY, expect: 'north' },
  { type: 'SCATTER', sql: 'select amount, cost from sales', settings: { xField: 'amount', ySeries: [{ field: 'cost' }] }, expect: 'cost' },
  { type: 'COLUMN', sql: BY_REGION, settings: XY, expect: 'north' },
  { type: 'AREA', sql: BY_REGION, settings: XY, expect: 'north' },
  { type: 'WATERFALL', sql: 'select month::text as month, sum(amount) - 30 as delta from sales group by month order by month', settings: { xField: 'month', ySeries: [{ field: 'delta' }] }, expect: 'Increase' },
  { type: 'HISTOGRAM', sql: 'select amount from sales', settings: { binField: 'amount', binCount: 4 }, expect: 'Count' },
  { type: 'TABLE', sql: 'select region, month, amount from sales order by region, month', settings: {} },
  { type: 'WORD_CLOUD', sql: 'select city, sum(amount) as weight from sales group by city', settings: { textField: 'city', valueField: 'weight' } },
  { type: 'STATISTIC', sql: 'select sum(amount) as total from sales', settings: { valueField: 'total' } },
  { type: 'COMBO', sql: 'select region, sum(amount) as total, sum(cost) as cost from sales group by region order by region', settings: { xField: 'region', ySeries: [{ field: 'total', kind: 'bar' }, { field: 'cost', kind: 'line', axis: 'right' }] }, expect: 'north' },
];

let dsId = 0;
let boardId = 0;
const boardName = `PG charts ${uid()}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await onDb(`CREATE DATABASE ${dbName}`);
  await onDb(`create table sales (region text, month int, amount int, cost int, city text);
    insert into sales values ('north', 1, 40, 12, 'Oslo'), ('north', 2, 55, 20, 'Bergen'), ('south', 1, 25, 9, 'Rome'), ('south', 2, 35, 11, 'Naples'),
      ('east', 1, 15, 4, 'Tokyo'), ('east', 2, 22, 8, 'Osaka'), ('west', 1, 30, 10, 'Lisbon'), ('west', 2, 18, 7, 'Porto');`, dbName);
  dsId = await createPgSource(request, `Sales ${dbName}`, dbName);
  boardId = await apiData<number>(request, 'POST', '/api/dashboard/create', { name: boardName, dataset: { dataSourceId: dsId, databaseName: dbName, schemaName: 'public' } });
  for (const c of CHARTS) await apiData(request, 'POST', '/api/chart/create', { dashboardId: boardId, name: `chart ${c.type}`, type: c.type, sql: c.sql, settings: c.settings });
});

test.afterAll(async ({ request }) => {
  if (boardId) await apiData(request, 'POST', '/api/dashboard/delete', { id: boardId }).catch(() => undefined);
  if (dsId) await apiData(request, 'DELETE', `/api/connection/datasource/${dsId}`).catch(() => undefined);
  await onDb(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

/** A welcome/trial dialog of the licence area may open over the first page: continue past it. */
async function dismissGuide(page: Page) {
  const b = page.getByRole('button', { name: 'Continue trial' });
  await b.waitFor({ state: 'visible', timeout: 2500 }).then(() => b.click(), () => undefined);
}

async function openBoard(page: Page, name: string) {
  await page.goto('/dashboard?language=en-US');
  await dismissGuide(page);
  await page.getByTestId('dashboard-item').filter({ hasText: name }).click();
  await expect(page.getByTestId('dashboard-title')).toHaveText(name);
}

/** Non-transparent pixels of the canvases inside a card. */
const paintedPixels = (page: Page, type: string) =>
  page.locator(`[data-testid="chart-card"][data-chart-type="${type}"] canvas`).first().evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
    return n;
  });

test('a chart of every type from a PostgreSQL query: canvases painted, legends and axis names present', async ({ page }) => {
  await openBoard(page, boardName);
  await expect(page.getByTestId('chart-card')).toHaveCount(CHARTS.length);
  for (const c of CHARTS) {
    const card = page.locator(`[data-testid="chart-card"][data-chart-type="${c.type}"]`);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId('chart-error')).toHaveCount(0);
    if (c.type === 'TABLE') {
      await expect(card.getByTestId('chart-table').locator('tbody tr:not(.ant-table-measure-row)')).toHaveCount(8);
      await expect(card.getByTestId('chart-table')).toContainText('north');
      continue;
    }
    await expect(card.locator('[data-testid="chart-canvas"][data-painted="true"]'), c.type).toBeVisible();
    await expect.poll(() => paintedPixels(page, c.type), { message: `${c.type} canvas painted` }).toBeGreaterThan(300);
    if (c.expect) await expect(card.getByTestId('chart-canvas'), c.type).toHaveAttribute('aria-label', new RegExp(c.expect));
  }
  await page.getByTestId('dashboard-board').screenshot({ path: `${SHOTS}/all-types.png` });
});

test('chart editor: SQL with run and preview, a text field refused on a value axis, pin to the dashboard, resize saved', async ({ page, request }) => {
  await openBoard(page, boardName);
  await page.getByTestId('chart-add').click();
  const editor = page.getByTestId('chart-editor');
  await editor.getByTestId('chart-name').fill('Amount by city');
  await editor.locator('.monaco-editor .view-lines').click();
  await page.keyboard.insertText('select city, amount from sales order by amount desc');
  await editor.getByTestId('chart-run').click();
  await expect(editor.locator('[data-testid="chart-canvas"][data-painted="true"]')).toBeVisible();
  // Y on the text column: refused with a message, nothing drawn.
  await editor.getByTestId('field-y').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^city$/ }).click();
  await page.keyboard.press('Escape');
  await editor.getByTestId('field-y').locator('.ant-select-selection-item').filter({ hasText: 'amount' }).locator('.ant-select-selection-item-remove').click();
  await expect(editor.getByTestId('chart-problem')).toContainText('"city" holds text, but the Y fields needs numbers');
  await expect(editor.getByTestId('chart-canvas')).toHaveCount(0);
  await editor.getByTestId('field-y').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^amount$/ }).click();
  await editor.getByTestId('field-y').locator('.ant-select-selection-item').filter({ hasText: 'city' }).locator('.ant-select-selection-item-remove').click();
  await page.keyboard.press('Escape');
  await expect(editor.locator('[data-testid="chart-canvas"][data-painted="true"]')).toBeVisible();
  await page.getByTestId('chart-save').click();
  const card = page.locator('[data-testid="chart-card"][data-chart-name="Amount by city"]');
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('[data-testid="chart-canvas"][data-painted="true"]')).toBeVisible();
  await expect(card.getByTestId('chart-canvas')).toHaveAttribute('aria-label', /Oslo|Bergen/);

  // Resize the new chart by its corner: the saved layout grows.
  const charts = await apiData<{ id: number; name: string }[]>(request, 'GET', `/api/chart/list?dashboardId=${boardId}`);
  const id = charts.find((c) => c.name === 'Amount by city')!.id;
  const before = (await apiData<{ layout: { i: string; w: number; h: number }[] }>(request, 'GET', `/api/dashboard/get?id=${boardId}`)).layout.find((l) => l.i === String(id))!;
  const handle = page.getByTestId(`grid-item-${id}`).locator('.react-resizable-handle');
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + 150, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await apiData<{ layout: { i: string; w: number; h: number }[] }>(request, 'GET', `/api/dashboard/get?id=${boardId}`)).layout.find((l) => l.i === String(id))!.h).toBeGreaterThan(before.h);
});

test('a new local user finds the demo dashboard with data', async ({ page }) => {
  await page.goto('/dashboard?language=en-US');
  await dismissGuide(page);
  await page.getByTestId('dashboard-item').filter({ hasText: 'Demo shop' }).click();
  await expect(page.getByTestId('dashboard-title')).toHaveText('Demo shop');
  await expect(page.getByTestId('chart-card')).toHaveCount(12);
  const line = page.locator('[data-testid="chart-card"][data-chart-name="Revenue by month"]');
  await expect(line.locator('[data-testid="chart-canvas"][data-painted="true"]')).toBeVisible();
  await expect(line.getByTestId('chart-canvas')).toHaveAttribute('aria-label', /revenue/);
  await expect.poll(() => paintedPixels(page, 'SMOOTH_LINE')).toBeGreaterThan(300);
  await page.screenshot({ path: `${SHOTS}/demo.png` });
});

test('a chart exports as a PNG image and its data as CSV', async ({ page }) => {
  await openBoard(page, boardName);
  const card = page.locator('[data-testid="chart-card"][data-chart-type="PIE"]');
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('[data-testid="chart-canvas"][data-painted="true"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/export.png` });
  // Half of the 12-column board (cards neither squeezed nor stacked over each other).
  expect((await card.boundingBox())!.width).toBeGreaterThan(400);
  const download = async (label: string) => {
    await card.getByTestId('chart-menu').click();
    const item = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: label });
    await expect(item).not.toHaveClass(/disabled/);
    const [d] = await Promise.all([page.waitForEvent('download'), item.click()]);
    const chunks: Buffer[] = [];
    for await (const c of (await d.createReadStream())) chunks.push(c as Buffer);
    return { name: d.suggestedFilename(), bytes: Buffer.concat(chunks) };
  };
  const png = await download('Export PNG');
  expect(png.name).toBe('chart_PIE.png');
  expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(png.bytes.length).toBeGreaterThan(2000);
  const csv = await download('Export data (CSV)');
  expect(csv.name).toBe('chart_PIE.csv');
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\ufeffregion,total\r\n')).toBe(true);
  expect(text).toContain('north,95');
});

test('dragging a chart by its header moves it, and the new place is saved', async ({ page, request }) => {
  await openBoard(page, boardName);
  const charts = await apiData<{ id: number; type: string }[]>(request, 'GET', `/api/chart/list?dashboardId=${boardId}`);
  const id = charts.find((c) => c.type === 'PIE')!.id;
  const placeOf = async () => (await apiData<{ layout: { i: string; x: number; y: number }[] }>(request, 'GET', `/api/dashboard/get?id=${boardId}`)).layout.find((l) => l.i === String(id))!;
  const before = await placeOf();
  const head = page.getByTestId(`grid-item-${id}`).locator('.askdb-chart-title');
  await head.scrollIntoViewIfNeeded();
  const box = (await head.boundingBox())!;
  await page.mouse.move(box.x + 10, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 10, box.y + 900, { steps: 12 });
  await page.mouse.up();
  await expect.poll(async () => (await placeOf()).y).toBeGreaterThan(before.y);
});

test('the refresh rule field shows the next five runs, and refuses a cron that fires every second', async ({ page }) => {
  await page.goto('/dashboard?language=en-US');
  await dismissGuide(page);
  await page.getByTestId('dashboard-new').click();
  const rule = page.getByTestId('refresh-rule');
  await rule.getByText('Every N minutes', { exact: true }).click();
  await expect(rule.getByTestId('refresh-next').locator('div')).toHaveCount(5);
  await rule.getByText('Cron expression', { exact: true }).click();
  await rule.getByTestId('refresh-cron').fill('* * * * * *');
  await expect(rule.getByTestId('refresh-error')).toBeVisible();
  await expect(rule.getByTestId('refresh-next')).toHaveCount(0);
  await rule.getByTestId('refresh-cron').fill('0 */6 * * *');
  await expect(rule.getByTestId('refresh-next').locator('div')).toHaveCount(5);
  await expect(rule.getByTestId('refresh-error')).toHaveCount(0);
});
