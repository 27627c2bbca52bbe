/**
 * Issue 29 item 17: an API failure shown in the app carries the server's solution link and a "copy error
 * report" with the interface details (method, path, status, code, message, time).
 */
import { expect, test } from '@playwright/test';
import { apiData, contextMenu, openWorkspace, treeNode, uid } from './workspace-helpers';

test('a view list on a source nobody listens for shows the solution link and copies an error report', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Nothing listens on port 1: every catalog call answers CONNECTION_FAILED.
  const alias = `dead-${uid()}`;
  const id = await apiData<number>(request, 'POST', '/api/connection/datasource/create', { alias, type: 'POSTGRESQL', host: '127.0.0.1', port: 1, user: 'postgres', password: '', databaseName: 'postgres' });
  try {
    const tab = { id: `view-all-views-${id}`, type: 'VIEW_ALL_VIEWS', title: 'public', dataSourceId: id, dataSourceName: alias, databaseType: 'POSTGRESQL', databaseName: 'postgres', schemaName: 'public', tableName: null };
    await page.goto('/workspace?language=en-US');
    await page.evaluate((t) => localStorage.setItem('askdb.workspace.tabs', JSON.stringify({ tabs: [t], activeId: t.id })), tab);
    await page.reload();
    const error = page.getByTestId('all-views-error');
    await expect(error).toBeVisible({ timeout: 20_000 });
    const link = error.getByTestId('error-solution-link');
    await expect(link).toHaveText(/How to fix this/);
    await expect(link).toHaveAttribute('href', /\/help\/connection\.html#CONNECTION_FAILED$/);
    await page.screenshot({ path: 'test-results/h29-error-report.png' });
    // The help page is served and names the code.
    const help = await request.get(new URL((await link.getAttribute('href'))!).pathname);
    expect(help.ok()).toBe(true);
    expect(await help.text()).toContain('id="CONNECTION_FAILED"');

    await error.getByTestId('error-copy-report').click();
    await expect(page.getByText('Error report copied')).toBeVisible();
    const report = await page.evaluate(() => navigator.clipboard.readText());
    expect(report).toMatch(/^Interface: GET \/api\/rdb\/view\/list$/m);
    expect(report).toMatch(/^Status: \d{3}$/m);
    expect(report).toMatch(/^Code: CONNECTION_FAILED$/m);
    expect(report).toMatch(/^Message: .+/m);
    expect(report).toMatch(/^Time: \d{4}-\d\d-\d\dT/m);
  } finally {
    await apiData(request, 'DELETE', `/api/connection/datasource/${id}`);
  }
});

test('an action that fails shows a notification with the message and "copy error report"; the connection test carries the solution link', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openWorkspace(page);
  const name = `Gone ${uid()}`;
  const id = await apiData<number>(request, 'POST', '/api/connection/group/create', { name });
  await page.reload();
  await contextMenu(treeNode(page, 'GROUP', name), 'Rename');
  // Someone else deletes the group before the rename is sent.
  await apiData(request, 'DELETE', `/api/connection/group/${id}`);
  await page.getByTestId('prompt-input').fill(`${name} renamed`);
  await page.getByTestId('prompt-ok').click();
  const note = page.locator('.ant-notification-notice').filter({ has: page.getByTestId('error-details') });
  await expect(note).toBeVisible();
  await note.getByTestId('error-copy-report').click();
  const report = await page.evaluate(() => navigator.clipboard.readText());
  expect(report).toMatch(/^Interface: POST \/api\/connection\/group\/update$/m);
  expect(report).toMatch(/^Status: 404$/m);
  await page.screenshot({ path: 'test-results/h29-error-toast.png' });
  await page.keyboard.press('Escape');

  // The connection dialog's failed test: the server's message, its solution link and the report.
  await page.getByTestId('new-connection').click();
  await page.getByTestId('conn-alias').fill(`dead ${uid()}`);
  await page.getByTestId('conn-host').fill('127.0.0.1');
  await page.getByTestId('conn-port').fill('1');
  await page.getByTestId('conn-test').click();
  const result = page.getByTestId('conn-result');
  await expect(result.getByTestId('error-solution-link')).toHaveAttribute('href', /\/help\/connection\.html#CONNECTION_FAILED$/);
  await expect(result.getByTestId('error-copy-report')).toBeVisible();
});
