/**
 * Import / export tasks in the browser (issue 18 point 3): export a demo table from the tree's
 * menu, import a CSV into a new PostgreSQL table through the wizard, and follow both in the task
 * list (state, rows, download).
 */
import { expect, test } from '@playwright/test';
import { apiData, contextMenu, createPgSource, demoId, demoTable, expand, onPg, openDemoTables, openWorkspace, uid } from './workspace-helpers';

const dbName = `askdb_tasks_${uid()}`;
let dsId = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await onPg((c) => c.query(`CREATE DATABASE ${dbName}`));
  dsId = await createPgSource(request, `Tasks ${dbName}`, dbName);
});

test.afterAll(async ({ request }) => {
  if (dsId) await apiData(request, 'DELETE', `/api/connection/datasource/${dsId}`).catch(() => undefined);
  await onPg((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
});

test('export a table and import a CSV as background tasks, followed in the task list', async ({ page, request }) => {
  await openWorkspace(page);
  const demo = await demoId(request);
  await openDemoTables(page, demo);
  await contextMenu(demoTable(page, demo, 'categories'), 'Export table…');
  await page.getByTestId('export-format-csv').click();
  await page.getByTestId('export-start').click();
  const drawer = page.getByTestId('task-drawer');
  await expect(drawer).toBeVisible();
  const exportRow = drawer.locator('[data-testid^="task-"][data-state]').filter({ hasText: 'categories (csv)' });
  await expect(exportRow).toHaveAttribute('data-state', 'DONE');
  await expect(exportRow.getByTestId('task-rows')).toHaveText('12 rows');
  const download = page.waitForEvent('download');
  await exportRow.getByTestId('task-download').click();
  expect((await download).suggestedFilename()).toMatch(/^categories_\d+\.csv$/);
  await page.keyboard.press('Escape');

  // Import: PostgreSQL source → database → public schema → "Import data…".
  await expand(page.locator(`[data-key="ds:${dsId}"]`));
  await expand(page.locator(`[data-key="ds:${dsId}/db:${dbName}"]`));
  await contextMenu(page.locator(`[data-key="ds:${dsId}/db:${dbName}/sc:public"]`), 'Import data…');
  const wizard = page.getByRole('dialog', { name: 'Import data' });
  await expect(wizard).toBeVisible();
  await wizard.locator('input[type=file]').setInputFiles({ name: 'fruit.csv', mimeType: 'text/csv', buffer: Buffer.from('id,fruit,price\n1,apple,1.50\n2,pear,2.25\n3,"kiwi, gold",0.99\n4,fig\n') });
  await expect(wizard.getByTestId('import-preview')).toContainText('kiwi, gold');
  await expect(wizard.getByTestId('import-preview')).toContainText('numeric');
  await expect(wizard.getByText('Row 4: wrong column count: 2 instead of 3')).toBeVisible();
  await expect(wizard.getByTestId('import-table')).toHaveValue('fruit');
  await page.screenshot({ path: '/tmp/askdb-tasks-wizard.png' });
  await wizard.getByTestId('import-start').click();
  const importRow = drawer.locator('[data-testid^="task-"][data-state]').filter({ hasText: 'public.fruit' });
  await expect(importRow).toHaveAttribute('data-state', 'DONE');
  await expect(importRow.getByTestId('task-rows')).toHaveText('3 rows imported, 1 failed');
  await page.waitForTimeout(400); // the drawer's slide-in, for the screenshot only
  await page.screenshot({ path: '/tmp/askdb-tasks-list.png' });
  const rows = await onPg((c) => c.query('SELECT id, fruit, price::text FROM fruit ORDER BY id'), dbName);
  expect(rows.rows).toEqual([{ id: 1, fruit: 'apple', price: '1.50' }, { id: 2, fruit: 'pear', price: '2.25' }, { id: 3, fruit: 'kiwi, gold', price: '0.99' }]);
});
