/**
 * Console tabs: new console (Ctrl+T) bound like the active one, close (Ctrl+W), the binding picker,
 * a view's editor tab with its preview, SQL sent from the assistant, explain.
 */
import { expect, test } from '@playwright/test';
import { apiData, demoBinding, editorText, grid, insertSql, openConsole, openTabs, pgBinding, shot } from './console-lib';

test.describe('console tabs', () => {
  test('Ctrl+T opens a new console bound like the active one; Ctrl+W closes it', async ({ page, request }) => {
    const b = await demoBinding(request);
    await openConsole(page, request, b, { name: 'origin' });
    const tabs = page.locator('[data-testid=workspace-tab][data-tab-type=CONSOLE]');
    await expect(tabs).toHaveCount(1);
    await page.keyboard.press('ControlOrMeta+t');
    await expect(tabs).toHaveCount(2);
    const id = Number((await tabs.nth(1).getAttribute('data-tab-id'))!.replace('console-', ''));
    const created = await apiData<{ dataSourceId: number; databaseName: string; status: string }>(request, 'get', `/api/operation/saved/${id}`);
    expect(created).toMatchObject({ dataSourceId: b.dataSourceId, databaseName: 'main', status: 'DRAFT' });
    // The new console is usable at once.
    await insertSql(page, 'SELECT 5 AS in_new_console');
    await page.keyboard.press('ControlOrMeta+r');
    await expect(grid(page)).toContainText('in_new_console');
    await page.keyboard.press('ControlOrMeta+w');
    await expect(tabs).toHaveCount(1);
    await expect.poll(() => apiData<{ tabOpened: boolean }>(request, 'get', `/api/operation/saved/${id}`).then((c) => c.tabOpened)).toBe(false);
  });

  test('the picker rebinds the console; the binding is saved with it', async ({ page, request }) => {
    const pg = await pgBinding(request);
    const demo = await demoBinding(request);
    const c = await openConsole(page, request, demo);
    await page.getByTestId('picker-datasource').click();
    await page.getByTestId('picker-datasource-search').fill(pg.dataSourceName!);
    await page.getByTestId('picker-datasource-option').filter({ hasText: pg.dataSourceName! }).click();
    // A PostgreSQL source has a database and a schema to choose.
    await page.getByTestId('picker-database').click();
    await page.getByTestId('picker-database-option').filter({ hasText: /^postgres$/ }).click();
    await page.getByTestId('picker-schema').click();
    await page.getByTestId('picker-schema-option').filter({ hasText: /^public$/ }).click();
    await expect(page.getByTestId('picker-schema')).toContainText('public');
    await expect.poll(() => apiData<{ dataSourceId: number; databaseName: string; schemaName: string }>(request, 'get', `/api/operation/saved/${c.id}`)).toMatchObject({ dataSourceId: pg.dataSourceId, databaseName: 'postgres', schemaName: 'public' });
    await insertSql(page, 'SELECT current_schema() AS s, version() AS v');
    await page.keyboard.press('ControlOrMeta+r');
    await expect(grid(page)).toContainText('PostgreSQL');
    await page.screenshot({ path: shot('rebound-pg') });
  });

  test("a view's editor tab previews the view's rows", async ({ page, request }) => {
    const b = await demoBinding(request);
    const views = await apiData<{ name: string }[]>(request, 'get', `/api/rdb/view/list?dataSourceId=${b.dataSourceId}&databaseName=main`);
    test.skip(views.length === 0, 'the demo has no view');
    const view = views[0]!.name;
    await openTabs(page, [{ id: `view-${view}`, type: 'VIEW_VIEW', title: view, tableName: view, params: { ddl: `CREATE VIEW ${view} AS ...` }, ...b }]);
    await expect(page.getByTestId('console-toolbar')).toHaveAttribute('data-editor-type', 'VIEW');
    await page.getByTestId('console-preview').click();
    await expect(grid(page)).toBeVisible();
    await expect(page.getByTestId('result-row-count')).toHaveText(/rows?/);
    await page.screenshot({ path: shot('view-preview') });
  });

  test('SQL from the assistant is inserted on its own line and run when asked; explain shows a plan', async ({ page, request }) => {
    const b = await pgBinding(request);
    await openConsole(page, request, b);
    await insertSql(page, 'SELECT 1;');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('askdb:insert-sql', { detail: { sql: 'SELECT 99 AS from_ai', run: true } })));
    await expect.poll(() => editorText(page)).toBe('SELECT 1;\nSELECT 99 AS from_ai');
    await expect(grid(page)).toContainText('from_ai');
    await expect(page.getByTestId('result-tab-1')).toHaveCount(0);
    await page.getByTestId('console-explain').click();
    await expect(grid(page)).toContainText(/QUERY PLAN|Result/i);
  });
});
