/** Issue 29 item 1: "Change AI table info" from a table's tree menu — set an alias, exclude a column, save, reopen: kept; closing with changes asks first. */
import { expect, test } from '@playwright/test';
import { contextMenu, demoId, demoTable, openDemoTables, openWorkspace } from './workspace-helpers';

test('Change AI table info: alias and excluded column saved and shown again after reopening', async ({ page, request }) => {
  const ds = await demoId(request);
  await openWorkspace(page);
  await openDemoTables(page, ds);
  await contextMenu(demoTable(page, ds, 'customers'), 'Change AI table info');
  const tab = page.getByTestId('ai-table-info-tab');
  await expect(page.getByTestId('workspace-tabs')).toContainText('AI info · customers');
  await expect(tab.getByTestId('ai-info-row').first()).toBeVisible();

  const rows = tab.getByTestId('ai-info-row');
  const names = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
  expect(names.length).toBeGreaterThan(2);
  const aliasCol = names[1]!;
  const excludedCol = names[2]!;
  await tab.getByTestId('ai-info-table-name').fill('shop clients');
  await tab.locator(`[data-testid=ai-info-row][data-name="${aliasCol}"]`).getByTestId('ai-info-aliasName').fill('client label');
  await tab.locator(`[data-testid=ai-info-row][data-name="${excludedCol}"]`).getByTestId('ai-info-excluded').check();
  await expect(tab.getByTestId('ai-info-changes')).toContainText('3 unsaved changes');

  // Closing with unsaved changes asks first; cancelling keeps the tab and the edits.
  const tabHead = page.locator('[data-testid=workspace-tab][data-tab-type=CHANGE_AI_TABLE_INFO]');
  await tabHead.locator('xpath=ancestor::div[contains(@class,"ant-tabs-tab")]').locator('.ant-tabs-tab-remove').click();
  await expect(page.getByTestId('pending-dialog')).toBeVisible();
  await page.getByTestId('pending-cancel').click();
  await expect(tab.getByTestId('ai-info-table-name')).toHaveValue('shop clients');

  await page.screenshot({ path: 'test-results/h29-ai-table-info-edit.png' });
  await tab.getByTestId('ai-info-save').click();
  await expect(page.getByText('AI info of customers saved')).toBeVisible();
  await expect(tab.getByTestId('ai-info-changes')).toHaveCount(0);

  // Reopen: a new page load, the tab opened again from the tree.
  await openWorkspace(page);
  await openDemoTables(page, ds);
  await contextMenu(demoTable(page, ds, 'customers'), 'Change AI table info');
  const again = page.getByTestId('ai-table-info-tab');
  await expect(again.getByTestId('ai-info-table-name')).toHaveValue('shop clients');
  await expect(again.locator(`[data-testid=ai-info-row][data-name="${aliasCol}"]`).getByTestId('ai-info-aliasName')).toHaveValue('client label');
  await expect(again.locator(`[data-testid=ai-info-row][data-name="${excludedCol}"]`).getByTestId('ai-info-excluded')).toBeChecked();
  await page.screenshot({ path: 'test-results/h29-ai-table-info-reopened.png' });

  // The server says the same (and tidy up for other specs).
  const info = await (await request.get(`/api/ai/table_info?dataSourceId=${ds}&databaseName=main&tableName=customers`)).json();
  expect(info.data.aiTableName).toBe('shop clients');
  await request.put('/api/ai/table_info', { data: { dataSourceId: ds, databaseName: 'main', tableName: 'customers', version: info.data.version, columns: [] } });
});

test("an AI data collection's table opens its own AI info (over the source's) from the chat page", async ({ page, request }) => {
  const ds = await demoId(request);
  const created = await (await request.post('/api/ai/data_collection/create', { data: { title: `Clinic ${Date.now().toString(36)}` } })).json();
  const collectionId = created.data as number;
  await request.post('/api/ai/data_collection/element/add', { data: { id: collectionId, elements: [{ type: 'TABLE', tableName: 'orders', dataSourceId: ds, databaseName: 'main' }] } });
  try {
    await page.goto('/chat?language=en-US');
    const collection = page.locator(`[data-testid=ai-collection][data-id="${collectionId}"]`);
    await collection.getByTestId('ai-collection-toggle').click();
    await collection.getByTestId('ai-collection-element-ai-info').click();
    const tab = page.getByTestId('ai-table-info-tab');
    await expect(page).toHaveURL(/workspace/);
    await expect(tab).toContainText('For chats on the AI data collection');
    await tab.getByTestId('ai-info-table-name').fill('purchases');
    await tab.getByTestId('ai-info-save').click();
    await expect(page.getByText('AI info of orders saved')).toBeVisible();
    await page.screenshot({ path: 'test-results/h29-ai-table-info-collection.png' });
    const own = await (await request.get(`/api/ai/table_info?dataSourceId=${ds}&databaseName=main&tableName=orders&collectionId=${collectionId}`)).json();
    expect(own.data.aiTableName).toBe('purchases');
    const source = await (await request.get(`/api/ai/table_info?dataSourceId=${ds}&databaseName=main&tableName=orders`)).json();
    expect(source.data.aiTableName).toBeNull();
  } finally {
    await request.delete(`/api/ai/data_collection/${collectionId}`);
  }
});
