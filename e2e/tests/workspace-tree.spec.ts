/** The explorer tree on the demo SQLite source: lazy levels, search, pins, groups, context menus, no-permission sources. */
import { expect, test } from '@playwright/test';
import { apiData, contextMenu, demoId, demoTable, expand, openDemoTables, openWorkspace, sql, treeNode, uid, pickConnectionType } from './workspace-helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('browses the demo source lazily: database level only (no schemas), tables, columns with types, keys, indexes', async ({ page, request }) => {
  const ds = await demoId(request);
  await openWorkspace(page);
  // Nothing below the data source is loaded before it is expanded.
  await expect(page.locator(`[data-key^="ds:${ds}/"]`)).toHaveCount(0);
  const tables = await openDemoTables(page, ds);
  await expect(page.locator(`[data-key^="ds:${ds}/"][data-type=SCHEMA]`)).toHaveCount(0);
  for (const name of ['customers', 'orders', 'order_items', 'products']) await expect(demoTable(page, ds, name)).toBeVisible();
  await expect(tables.locator('.askdb-tree-count')).toHaveText(/^\d+$/);
  const orders = demoTable(page, ds, 'orders');
  await expand(orders);
  await expand(page.locator(`[data-key="ds:${ds}/db:main/tables/t:orders/columns"]`));
  const id = page.locator(`[data-key="ds:${ds}/db:main/tables/t:orders/columns/c:id"]`);
  await expect(id).toContainText('INTEGER');
  await expect(id.locator('.anticon-key')).toBeVisible();
  await expand(page.locator(`[data-key="ds:${ds}/db:main/tables/t:orders/keys"]`));
  await expect(page.locator(`[data-key^="ds:${ds}/db:main/tables/t:orders/keys/"]`).filter({ hasText: 'FOREIGN (customer_id) → customers(id)' })).toBeVisible();
  // Refresh reloads a folder's children.
  const name = `ws_tree_${uid()}`;
  await sql(request, ds, `CREATE TABLE ${name} (id INTEGER PRIMARY KEY)`, 'main');
  await expect(demoTable(page, ds, name)).toHaveCount(0);
  await contextMenu(tables, 'Refresh');
  await expect(demoTable(page, ds, name)).toBeVisible();
  await sql(request, ds, `DROP TABLE ${name}`, 'main');
});

test('search filters the loaded tree and says when nothing matches', async ({ page, request }) => {
  const ds = await demoId(request);
  await openWorkspace(page);
  await openDemoTables(page, ds);
  await page.getByTestId('tree-search').fill('order_it');
  await expect(demoTable(page, ds, 'order_items')).toBeVisible();
  await expect(demoTable(page, ds, 'customers')).toHaveCount(0);
  // The path to a match stays visible.
  await expect(page.locator(`[data-key="ds:${ds}"]`)).toBeVisible();
  await page.getByTestId('tree-search').fill('zzz-no-such-thing');
  await expect(page.getByText('No search result')).toBeVisible();
  await page.getByTestId('tree-search').fill('');
  await expect(demoTable(page, ds, 'customers')).toBeVisible();
});

test('pinning puts a table first; unpinning puts it back', async ({ page, request }) => {
  const ds = await demoId(request);
  await openWorkspace(page);
  await openDemoTables(page, ds);
  const firstTable = () => page.locator(`[data-key^="ds:${ds}/db:main/tables/t:"][data-type=TABLE]`).first();
  await expect(firstTable()).not.toHaveAttribute('data-title', 'products');
  await contextMenu(demoTable(page, ds, 'products'), 'Pin to top');
  await expect(firstTable()).toHaveAttribute('data-title', 'products');
  await expect(demoTable(page, ds, 'products').locator('.askdb-tree-pin')).toBeVisible();
  // The server keeps the pin: a reload still lists it first.
  await openWorkspace(page);
  await openDemoTables(page, ds);
  await expect(firstTable()).toHaveAttribute('data-title', 'products');
  await contextMenu(demoTable(page, ds, 'products'), 'Unpin');
  await expect(firstTable()).not.toHaveAttribute('data-title', 'products');
});

test('groups: create ("New Group"), rename, nest, move a data source by menu and by drag, delete', async ({ page, request }) => {
  const ds = await demoId(request);
  await openWorkspace(page);
  const a = `Group A ${uid()}`;
  const b = `Group B ${uid()}`;
  await page.getByTestId('new-group').click();
  await expect(page.getByTestId('prompt-input')).toHaveValue('New Group');
  await page.getByTestId('prompt-input').fill(a);
  await page.getByTestId('prompt-ok').click();
  const groupA = treeNode(page, 'GROUP', a);
  await expect(groupA).toBeVisible();
  // Nest: a subgroup, then rename it.
  await contextMenu(groupA, 'New subgroup');
  await page.getByTestId('prompt-input').fill('tmp');
  await page.getByTestId('prompt-ok').click();
  await expand(groupA);
  await contextMenu(treeNode(page, 'GROUP', 'tmp'), 'Rename');
  await page.getByTestId('prompt-input').fill(b);
  await page.getByTestId('prompt-ok').click();
  const groupB = treeNode(page, 'GROUP', b);
  await expect(groupB).toHaveAttribute('aria-level', '2');
  // Move the demo source into B with the menu.
  await treeNode(page, 'DATA_SOURCE', 'Demo shop (SQLite)').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Move to group' }).hover();
  await page.getByRole('menuitem', { name: b }).click();
  await expand(groupB);
  await expect(page.locator(`[data-key="ds:${ds}"]`)).toHaveAttribute('aria-level', '3');
  const groups = await apiData<{ id: number; name: string; parentId: number | null }[]>(request, 'GET', '/api/connection/group/list');
  const gb = groups.find((g) => g.name === b)!;
  expect(gb.parentId).toBe(groups.find((g) => g.name === a)!.id);
  // Drag it onto group A, then back to the top level (the empty area below the tree).
  await page.locator(`[data-key="ds:${ds}"]`).dragTo(groupA);
  await expect(page.locator(`[data-key="ds:${ds}"]`)).toHaveAttribute('aria-level', '2');
  await page.locator(`[data-key="ds:${ds}"]`).dragTo(page.getByTestId('tree'), { targetPosition: { x: 100, y: 600 } });
  await expect(page.locator(`[data-key="ds:${ds}"]`)).toHaveAttribute('aria-level', '1');
  // Delete A: B moves up, no data source is deleted.
  await contextMenu(groupA, 'Delete');
  await page.getByTestId('confirm-ok').click();
  await expect(groupA).toHaveCount(0);
  await expect(groupB).toHaveAttribute('aria-level', '1');
  await contextMenu(groupB, 'Delete');
  await page.getByTestId('confirm-ok').click();
  await expect(groupB).toHaveCount(0);
  await expect(treeNode(page, 'DATA_SOURCE', 'Demo shop (SQLite)')).toBeVisible();
});

test('table menu: copy name, SQL templates, DDL, new console bound to the node, truncate and drop with confirmation', async ({ page, request }) => {
  const ds = await demoId(request);
  const name = `ws_menu_${uid()}`;
  await sql(request, ds, `CREATE TABLE ${name} (id INTEGER PRIMARY KEY, label TEXT NOT NULL); INSERT INTO ${name} (label) VALUES ('a'), ('b')`, 'main');
  await openWorkspace(page);
  await openDemoTables(page, ds);
  const node = demoTable(page, ds, name);
  await contextMenu(node, 'Copy name');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(name);
  await node.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Generate SQL (copy)' }).hover();
  await page.getByRole('menuitem', { name: 'SELECT statement' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`SELECT id, label\nFROM ${name}\nWHERE id = ?;`);
  await contextMenu(node, 'View DDL');
  await expect(page.getByTestId('ddl-text')).toContainText(`CREATE TABLE ${name}`);
  await contextMenu(node, 'Copy DDL');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('label TEXT NOT NULL');
  // New console, bound to the table's data source and database.
  await contextMenu(node, 'New console');
  const consoleTab = page.locator('[data-testid=workspace-tab][data-tab-type=CONSOLE]');
  await expect(consoleTab).toHaveCount(1);
  const tabs = await page.evaluate(() => JSON.parse(localStorage.getItem('askdb.workspace.tabs')!).tabs as { type: string; dataSourceId: number; databaseName: string }[]);
  expect(tabs.find((t) => t.type === 'CONSOLE')).toMatchObject({ dataSourceId: ds, databaseName: 'main' });
  // Truncate asks first.
  await contextMenu(node, 'Truncate table');
  await expect(page.getByRole('dialog')).toContainText(`DELETE FROM ${name}`);
  await page.getByTestId('confirm-ok').click();
  await expect.poll(async () => (await sql(request, ds, `SELECT COUNT(*) FROM ${name}`, 'main'))[0]!.dataList[0]![0]).toBe('0');
  // Drop needs the name typed; a wrong name is refused.
  await contextMenu(node, 'Drop table');
  await page.getByTestId('drop-table-name').fill(name + 'x');
  await page.getByTestId('drop-table-ok').click();
  await expect(page.getByTestId('drop-table-error')).toHaveText('The name you typed does not match the table name.');
  await expect(node).toBeVisible();
  await page.getByTestId('drop-table-name').fill(name);
  await page.getByTestId('drop-table-ok').click();
  await expect(node).toHaveCount(0);
  await expect(page.locator('[data-testid=workspace-tab][data-tab-type=VIEW_DDL]')).toHaveCount(0);
});

test('a data source without permission is tagged, not expandable, and can be hidden', async ({ page }) => {
  // Local mode grants every source; a server-mode answer is simulated for the list.
  await page.route('**/api/connection/datasource/list**', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.data.data.push({ id: 987654, alias: 'Locked warehouse', type: 'POSTGRESQL', host: 'db.internal', port: 5432, hasPermission: false, isAdmin: false, spaceId: 1, groupId: null });
    await route.fulfill({ response: res, json: body });
  });
  await openWorkspace(page);
  const locked = treeNode(page, 'DATA_SOURCE', 'Locked warehouse');
  await expect(locked.getByTestId('no-permission-tag')).toHaveText('No permission');
  await locked.click();
  await expect(locked).not.toHaveAttribute('aria-expanded');
  await expect(page.locator('[data-key^="ds:987654/"]')).toHaveCount(0);
  await page.getByTestId('explorer-menu').click();
  await page.getByRole('menuitem', { name: 'Hide data sources without permission' }).click();
  await expect(locked).toHaveCount(0);
  await page.getByTestId('explorer-menu').click();
  await page.getByRole('menuitem', { name: 'Show data sources without permission' }).click();
  await expect(locked).toBeVisible();
});

test('a SQLite connection by file path: test, save, browse, delete', async ({ page, request }) => {
  const ds = await demoId(request);
  const { filePath } = await apiData<{ filePath: string }>(request, 'GET', `/api/connection/datasource/${ds}`);
  const alias = `Shop copy ${uid()}`;
  await openWorkspace(page);
  await page.getByTestId('new-connection').click();
  await pickConnectionType(page, 'SQLite');
  await expect(page.getByTestId('conn-host')).toHaveCount(0);
  await page.getByTestId('conn-alias').fill(alias);
  await page.getByTestId('conn-file').fill(filePath);
  await page.getByTestId('conn-test').click();
  await expect(page.getByTestId('conn-result')).toHaveText('Connection succeeded');
  await page.getByTestId('conn-save').click();
  const node = treeNode(page, 'DATA_SOURCE', alias);
  await expect(node).toContainText('shop.sqlite');
  await expand(node);
  await expect(node.locator('xpath=following-sibling::*[1]')).toHaveAttribute('data-title', 'main');
  await contextMenu(node, 'Delete');
  await page.getByTestId('confirm-ok').click();
  await expect(node).toHaveCount(0);
});
