/**
 * Issue 25 item 9 (dashboards): a chart cannot be pinned until a Y field is chosen; Escape in one of
 * the editor's dropdowns closes the dropdown, not the chart editor; the dashboard list's chart
 * count follows a chart pinned or removed without a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiData, demoId, uid } from './workspace-helpers';

const boardName = `Guards ${uid()}`;
let boardId = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const ds = await demoId(request);
  boardId = await apiData<number>(request, 'POST', '/api/dashboard/create', { name: boardName, dataset: { dataSourceId: ds, databaseName: 'main' } });
});
test.afterAll(async ({ request }) => {
  if (boardId) await apiData(request, 'POST', '/api/dashboard/delete', { id: boardId }).catch(() => undefined);
});

async function openBoard(page: Page) {
  await page.goto('/dashboard?language=en-US');
  const guide = page.getByRole('button', { name: 'Continue trial' });
  await guide.waitFor({ state: 'visible', timeout: 2500 }).then(() => guide.click(), () => undefined);
  await page.getByTestId('dashboard-item').filter({ hasText: boardName }).click();
  await expect(page.getByTestId('dashboard-title')).toHaveText(boardName);
}
const countTag = (page: Page) => page.getByTestId('dashboard-item').filter({ hasText: boardName }).locator('.ant-tag');

test('pin stays disabled until a Y field is chosen; Escape in a dropdown keeps the editor open; the list count follows', async ({ page }) => {
  await openBoard(page);
  await expect(countTag(page)).toHaveText('0');
  await page.getByTestId('chart-add').click();
  const editor = page.getByTestId('chart-editor');
  await editor.getByTestId('chart-name').fill('Prices');
  await editor.locator('.monaco-editor .view-lines').click();
  await page.keyboard.insertText('select name, price from products order by id limit 5');
  await editor.getByTestId('chart-run').click();
  await expect(editor.locator('[data-testid="chart-canvas"][data-painted="true"]')).toBeVisible();
  const pin = page.getByTestId('chart-save');
  await expect(pin).toBeEnabled();
  // No Y field: nothing to draw, nothing to pin.
  await editor.getByTestId('field-y').locator('.ant-select-selection-item-remove').first().click();
  await expect(pin).toBeDisabled();
  // Escape in the chart type dropdown closes the dropdown only.
  await editor.getByTestId('chart-type').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(editor).toBeVisible();
  await page.screenshot({ path: '/tmp/askdb-chart-editor-no-y.png' });
  // Choosing Y enables the pin; pinning counts the chart in the list.
  await editor.getByTestId('field-y').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^price$/ }).click();
  await page.keyboard.press('Escape');
  await expect(editor).toBeVisible();
  await expect(pin).toBeEnabled();
  await pin.click();
  await expect(editor).toHaveCount(0);
  await expect(countTag(page)).toHaveText('1');
  // Removing it from the board counts it out again, without a reload.
  const card = page.locator('[data-testid="chart-card"][data-chart-name="Prices"]');
  await card.getByTestId('chart-menu').click();
  await page.getByRole('menuitem', { name: 'Remove chart' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(card).toHaveCount(0);
  await expect(countTag(page)).toHaveText('0');
});
