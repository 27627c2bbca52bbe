/** The table editor on the demo SQLite source: create a table with a live DDL preview, see it in the tree, alter it, drop it by typing its name. */
import { expect, test } from '@playwright/test';
import { contextMenu, demoId, demoTable, openDemoTables, openWorkspace, sql, uid } from './workspace-helpers';

test('creates a table with the editor, shows it in the tree, alters it and drops it', async ({ page, request }) => {
  const ds = await demoId(request);
  const t = `ws_notes_${uid()}`;
  await openWorkspace(page);
  const tables = await openDemoTables(page, ds);
  await contextMenu(tables, 'Create table');
  const editor = page.getByTestId('table-editor-tab');
  await expect(editor).toBeVisible();
  // Nothing to run until the table has a name.
  await expect(page.getByTestId('table-problems')).toContainText('Give the table a name.');
  await expect(page.getByTestId('table-apply')).toBeDisabled();
  await page.getByTestId('table-name').fill(t);
  await page.getByTestId('col-name').nth(1).fill('title');
  await page.getByTestId('col-nullable').nth(1).uncheck();
  await page.getByTestId('col-default').nth(1).fill("'untitled'");
  await page.getByTestId('col-add').click();
  await page.getByTestId('col-name').nth(2).fill('done');
  await page.getByTestId('col-type').nth(2).locator('input').fill('BOOLEAN');
  await page.getByTestId('col-default').nth(2).fill('0');
  await page.getByRole('tab', { name: /Indexes/ }).click();
  await page.getByTestId('idx-add').click();
  await page.getByTestId('idx-columns').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^title$/ }).click();
  await page.keyboard.press('Escape');
  const preview = page.getByTestId('ddl-preview');
  await expect(preview).toContainText(`CREATE TABLE ${t} (\n  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,\n  title TEXT NOT NULL DEFAULT 'untitled',\n  done BOOLEAN DEFAULT 0\n);`);
  await expect(preview).toContainText(`CREATE INDEX ${t}_idx1 ON ${t} (title);`);
  await page.screenshot({ path: '/tmp/askdb-ws-editor-create.png' });
  await page.getByTestId('table-apply').click();
  await expect(page.getByText(`Table ${t} created`)).toBeVisible();
  // The tree shows it, and the tab became the editor of the new table.
  await expect(demoTable(page, ds, t)).toBeVisible();
  await expect(page.locator('[data-testid=workspace-tab][data-tab-type=EDIT_TABLE]')).toContainText(t);
  await expect(page.getByTestId('col-name').nth(1)).toHaveValue('title');
  expect((await sql(request, ds, `INSERT INTO ${t} (done) VALUES (1); SELECT id, title, done FROM ${t}`, 'main'))[1]!.dataList).toEqual([['1', 'untitled', '1']]);

  // Alter: rename a column and add one; the preview shows only that, and data survives.
  await page.getByTestId('col-name').nth(1).fill('heading');
  await page.getByTestId('col-add').click();
  await page.getByTestId('col-name').nth(3).fill('note');
  await expect(preview).toContainText(`ALTER TABLE ${t} RENAME COLUMN title TO heading;`);
  await expect(preview).toContainText(`ALTER TABLE ${t} ADD COLUMN note TEXT;`);
  await expect(preview).not.toContainText('DROP');
  await page.getByTestId('table-apply').click();
  await expect(page.getByText(`Table ${t} changed`)).toBeVisible();
  expect((await sql(request, ds, `SELECT heading, note FROM ${t}`, 'main'))[0]!.dataList).toEqual([['untitled', null]]);
  await expect(preview).toContainText('No changes yet');

  // A change the database refuses shows its message.
  await page.getByTestId('col-add').click();
  await page.getByTestId('col-name').nth(4).fill('must');
  await page.getByTestId('col-nullable').nth(4).uncheck();
  await page.getByTestId('table-apply').click();
  await expect(page.getByTestId('table-apply-error')).toBeVisible();

  // Drop from the editor needs the exact name.
  await page.getByTestId('table-drop').click();
  await page.getByTestId('drop-table-name').fill('wrong');
  await page.getByTestId('drop-table-ok').click();
  await expect(page.getByTestId('drop-table-error')).toHaveText('The name you typed does not match the table name.');
  await page.getByTestId('drop-table-name').fill(t);
  await page.getByTestId('drop-table-ok').click();
  await expect(demoTable(page, ds, t)).toHaveCount(0);
  await expect(page.getByTestId('table-editor-tab')).toHaveCount(0);
});
