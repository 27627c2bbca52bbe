/**
 * Issue 25 item 9, the smaller things a new user saw: the light theme gets a light editor; a
 * double-clicked cell shows its whole value (JSON formatted, binary as hex, copy); result columns
 * carry an icon by type; expanded tree nodes come back after a reload; the header badge tells the
 * licence state (trial, pro, forever) and a trial's badge leads on to buying/activating.
 */
import { expect, test } from '@playwright/test';
import { editorOf, grid, openConsole, pgBinding, demoBinding } from './console-lib';
import { expand, openWorkspace } from './workspace-helpers';

test('the light theme gives a light SQL editor, switched live and kept after a reload', async ({ page, request }) => {
  await openConsole(page, request, await demoBinding(request));
  await expect(editorOf(page)).toHaveClass(/\bvs-dark\b/);
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
  await expect(editorOf(page)).toHaveClass(/\bvs\b/);
  await expect(editorOf(page)).not.toHaveClass(/\bvs-dark\b/);
  await page.screenshot({ path: '/tmp/askdb-light-editor.png' });
  await page.reload();
  await expect(editorOf(page)).toHaveClass(/\bvs\b/, { timeout: 20_000 });
  await page.getByTestId('theme-toggle').click();
  await expect(editorOf(page)).toHaveClass(/\bvs-dark\b/);
});

test('result columns show an icon by type; a double-clicked cell opens its whole value: JSON formatted, binary as hex, copy', async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await openConsole(page, request, await pgBinding(request), {
    ddl: `select 42 as n, repeat('abc ', 500) as long_text, timestamp '2024-01-02 03:04:05' as ts, true as ok, '\\x48656c6c6f00'::bytea as bin, '{"a":1,"b":[1,2]}'::jsonb as j`,
  });
  await editorOf(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+r');
  const g = grid(page);
  await expect(g.locator('[role=gridcell][data-c="0"]').first()).toHaveText('42');
  // The grid renders the columns in view: read the icons, scroll to the far right, read again.
  const kinds: Record<string, string | null> = {};
  const readIcons = async () => Object.assign(kinds, Object.fromEntries(await g.locator('[data-testid^="grid-header-"]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-testid'), e.querySelector('[data-testid=column-type-icon]')?.getAttribute('data-kind') ?? null]))));
  await readIcons();
  await g.getByTestId('grid-body').evaluate((el) => (el.scrollLeft = el.scrollWidth));
  await expect(g.getByTestId('grid-header-5')).toBeVisible();
  await readIcons();
  expect([0, 1, 2, 3, 4, 5].map((c) => kinds[`grid-header-${c}`])).toEqual(['number', 'text', 'datetime', 'boolean', 'binary', 'json']);
  await g.getByTestId('grid-body').evaluate((el) => (el.scrollLeft = 0));
  await page.screenshot({ path: '/tmp/askdb-column-icons.png' });

  // Long text: the grid shows a part, the viewer all of it.
  await g.locator('[role=gridcell][data-c="1"]').first().dblclick();
  const viewer = page.getByTestId('cell-viewer');
  await expect(viewer).toHaveAttribute('data-kind', 'text');
  expect((await page.getByTestId('cell-viewer-text').innerText()).trim()).toBe('abc '.repeat(500).trim());
  await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  await g.getByTestId('grid-body').evaluate((el) => (el.scrollLeft = el.scrollWidth));
  await g.locator('[role=gridcell][data-c="5"]').first().dblclick();
  await expect(viewer).toHaveAttribute('data-kind', 'json');
  await expect(page.getByTestId('cell-viewer-text')).toHaveText('{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}');
  await page.screenshot({ path: '/tmp/askdb-cell-viewer-json.png' });
  await page.getByTestId('cell-viewer-copy').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('{"a": 1, "b": [1, 2]}');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  await g.locator('[role=gridcell][data-c="4"]').first().dblclick();
  await expect(viewer).toHaveAttribute('data-kind', 'binary');
  await expect(page.getByTestId('cell-viewer-text')).toContainText('00000000  48 65 6c 6c 6f 00');
  await expect(page.getByTestId('cell-viewer-text')).toContainText('|Hello.|');
});

test('expanded tree nodes are open again after a reload', async ({ page, request }) => {
  const demo = await demoBinding(request);
  await openWorkspace(page);
  await expand(page.locator(`[data-key="ds:${demo.dataSourceId}"]`));
  await expand(page.locator(`[data-key="ds:${demo.dataSourceId}/db:main"]`));
  await expand(page.locator(`[data-key="ds:${demo.dataSourceId}/db:main/tables"]`));
  await expect(page.locator(`[data-key="ds:${demo.dataSourceId}/db:main/tables/t:products"]`)).toBeVisible();
  await page.reload();
  await expect(page.locator(`[data-key="ds:${demo.dataSourceId}/db:main/tables"]`)).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator(`[data-key="ds:${demo.dataSourceId}/db:main/tables/t:products"]`)).toBeVisible();
});

test('the header badge shows the licence state: a trial with its days (a click leads to activation), pro, forever', async ({ page }) => {
  await page.goto('/workspace?language=en-US');
  const badge = page.getByTestId('mode-tag');
  await expect(badge).toHaveAttribute('data-edition', 'trial');
  await expect(badge).toHaveText(/^Trial · \d+ days? left$/);
  await page.screenshot({ path: '/tmp/askdb-badge-trial.png', clip: { x: 900, y: 0, width: 540, height: 60 } });
  await badge.click();
  await expect(page.getByTestId('licence-activation-dialog')).toBeVisible();

  // The same page with an activated licence (the server's status answer, changed in flight).
  for (const [expireTime, label, text] of [[null, 'forever', 'Pro · forever'], ['2099-01-02T00:00:00.000Z', 'pro', /^Pro · until /]] as const) {
    await page.unroute('**/api/licence/status');
    await page.route('**/api/licence/status', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data = { ...body.data, state: 'ACTIVATED', activatedAt: '2026-01-01T00:00:00.000Z', expireTime };
      await route.fulfill({ response: res, json: body });
    });
    await page.reload();
    await expect(badge).toHaveAttribute('data-edition', label);
    await expect(badge).toHaveText(text);
    await badge.click();
    await expect(page.getByTestId('licence-activation-dialog')).toHaveCount(0);
  }
});

test('the tree search finds tables in the catalog, not only among loaded nodes', async ({ page, request }) => {
  const demo = await demoBinding(request);
  await openWorkspace(page);
  await expand(page.locator(`[data-key="ds:${demo.dataSourceId}"]`));
  const tables = page.locator(`[data-key="ds:${demo.dataSourceId}/db:main/tables"]`);
  // The database's tables were never opened.
  await expect(page.locator(`[data-key="ds:${demo.dataSourceId}/db:main"]`)).toHaveAttribute('aria-expanded', 'false');
  await page.getByTestId('tree-search').fill('order_it');
  await expect(page.locator(`[data-key="ds:${demo.dataSourceId}/db:main/tables/t:order_items"]`)).toBeVisible();
  await expect(page.locator(`[data-key="ds:${demo.dataSourceId}/db:main/tables/t:products"]`)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/askdb-tree-catalog-search.png' });
  // Clearing the search leaves the tree as it was: the folder was not opened by the search.
  await page.getByTestId('tree-search').fill('');
  await expect(tables).toHaveCount(0);
});
