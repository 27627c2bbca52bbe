/** Workspace tabs: they survive a reload, consoles stop at 20, the data-source picker (search, no result, auto-choice, 160 px), languages. */
import { expect, test } from '@playwright/test';
import { apiData, contextMenu, demoId, demoTable, openDemoTables, openWorkspace } from './workspace-helpers';

test('open tabs and the active one survive a reload', async ({ page, request }) => {
  const ds = await demoId(request);
  await openWorkspace(page);
  await openDemoTables(page, ds);
  await demoTable(page, ds, 'customers').dblclick();
  await contextMenu(demoTable(page, ds, 'orders'), 'View DDL');
  await contextMenu(page.locator(`[data-key="ds:${ds}/db:main"]`), 'ER diagram');
  const tabs = page.getByTestId('workspace-tab');
  await expect(tabs).toHaveCount(3);
  await tabs.filter({ hasText: 'orders' }).click();
  await page.reload();
  await expect(tabs).toHaveCount(3);
  await expect(tabs.nth(0)).toHaveAttribute('data-tab-type', 'EDIT_TABLE_DATA');
  await expect(tabs.nth(1)).toHaveAttribute('data-tab-type', 'VIEW_DDL');
  await expect(tabs.nth(2)).toHaveAttribute('data-tab-type', 'ER_MODEL');
  await expect(page.getByTestId('ddl-text')).toContainText('CREATE TABLE');
  // Closing one keeps the others after another reload.
  await tabs.nth(1).locator('xpath=ancestor::div[contains(@class,"ant-tabs-tab")]').getByRole('button', { name: /remove|close/i }).click();
  await page.reload();
  await expect(tabs).toHaveCount(2);
});

test('at most 20 consoles are open; the 21st is refused with a message', async ({ page, request }) => {
  const ds = await demoId(request);
  await openWorkspace(page);
  // Twenty open console tabs (as a previous session would have left them).
  await page.evaluate((ds) => {
    const tabs = Array.from({ length: 20 }, (_, i) => ({ id: `console-${900000 + i}`, type: 'CONSOLE', title: `c${i}`, consoleId: 900000 + i, dataSourceId: ds, databaseType: 'SQLITE', databaseName: 'main' }));
    localStorage.setItem('askdb.workspace.tabs', JSON.stringify({ tabs, activeId: null }));
  }, ds);
  await page.reload();
  await expect(page.locator('[data-testid=workspace-tab][data-tab-type=CONSOLE]')).toHaveCount(20);
  await openDemoTables(page, ds);
  await contextMenu(demoTable(page, ds, 'orders'), 'New console');
  await expect(page.getByText('At most 20 consoles can be open. Close one to open another.')).toBeVisible();
  await expect(page.locator('[data-testid=workspace-tab][data-tab-type=CONSOLE]')).toHaveCount(20);
  await page.evaluate(() => localStorage.removeItem('askdb.workspace.tabs'));
});

test('data-source picker: search, "No search result", database chosen automatically, at most 160 px wide', async ({ page, request }) => {
  const ds = await demoId(request);
  await openWorkspace(page);
  await contextMenu(page.locator(`[data-key="ds:${ds}"]`), 'Refresh');
  await page.locator(`[data-key="ds:${ds}"] .askdb-tree-caret`).click();
  await contextMenu(page.locator(`[data-key="ds:${ds}/db:main"]`), 'View all tables');
  const tab = page.getByTestId('all-tables-tab');
  await expect(tab.getByRole('link', { name: 'orders' })).toBeVisible();
  const picker = page.getByTestId('datasource-picker');
  for (const id of ['picker-datasource', 'picker-database']) {
    const w = (await picker.getByTestId(id).boundingBox())!.width;
    expect(w).toBeLessThanOrEqual(160);
  }
  await expect(picker.getByTestId('picker-schema')).toHaveCount(0);
  await picker.getByTestId('picker-datasource').click();
  await page.getByTestId('picker-datasource-search').fill('no such source');
  await expect(page.getByTestId('picker-datasource-empty')).toContainText('No search result');
  await page.getByTestId('picker-datasource-search').fill('demo');
  await page.getByTestId('picker-datasource-option').filter({ hasText: 'Demo shop (SQLite)' }).click();
  // Choosing the source again clears the database, and the first one is chosen automatically.
  await expect(picker.getByTestId('picker-database')).toContainText('main');
  await expect(tab.getByRole('link', { name: 'customers' })).toBeVisible();
});

test('the workspace speaks Chinese and Japanese', async ({ page, request }) => {
  const ds = await demoId(request);
  await page.goto('/workspace?language=zh-CN');
  await expect(page.getByTestId('tree-search')).toHaveAttribute('placeholder', '搜索');
  await page.locator(`[data-key="ds:${ds}"]`).click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: '新建控制台' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/workspace?language=ja-JP');
  await expect(page.getByTestId('tree-search')).toHaveAttribute('placeholder', '検索');
  await page.getByTestId('new-connection').click();
  await expect(page.getByRole('dialog')).toContainText('接続テスト');
});

test('saved consoles of a data source are listed in the tree and open as console tabs', async ({ page, request }) => {
  const ds = await demoId(request);
  const name = `ws saved ${Date.now().toString(36)}`;
  const id = await apiData<number>(request, 'POST', '/api/operation/saved/create', { name, status: 'RELEASE', ddl: 'SELECT 1', dataSourceId: ds, databaseName: 'main', type: 'SQLITE', tabOpened: false });
  try {
    await openWorkspace(page);
    await page.locator(`[data-key="ds:${ds}"] .askdb-tree-caret`).click();
    const folder = page.locator(`[data-key="ds:${ds}/consoles"]`);
    await folder.locator('.askdb-tree-caret').click();
    const node = page.locator(`[data-key="ds:${ds}/consoles/con:${id}"]`);
    await expect(node).toHaveAttribute('data-title', name);
    await node.dblclick();
    await expect(page.locator(`[data-testid=workspace-tab][data-tab-id="console-${id}"]`)).toContainText(name);
  } finally {
    await page.evaluate(() => localStorage.removeItem('askdb.workspace.tabs'));
    await apiData(request, 'DELETE', `/api/operation/saved/${id}`);
  }
});
