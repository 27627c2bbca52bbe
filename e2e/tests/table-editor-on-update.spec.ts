/**
 * Issue 29 item 3 (spec 02 §3 "update on current timestamp"): on MariaDB the table editor offers
 * ON UPDATE current_timestamp() for a timestamp column; the DDL preview shows it, Create applies it
 * on the real server, and editing the table reads it back ticked.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiData, contextMenu, expand, openWorkspace, treeNode, uid } from './workspace-helpers';
import { mariaSource, onMaria as onServer } from './maria-helpers';

const db = `askdb_onupd_${uid()}`;
const alias = `Maria ${db}`;
let available = true;
let dsId = 0;

const inRow = (page: Page, i: number, testId: string) => page.getByTestId('columns-editor').locator('tr.ant-table-row').nth(i).getByTestId(testId);

test.beforeAll(async ({ request }) => {
  try {
    await onServer((c) => c.query(`CREATE DATABASE ${db}`));
  } catch (e) {
    if (process.env.ASKDB_REQUIRE_SERVICES === '1') throw e;
    available = false;
    return;
  }
  dsId = await apiData<number>(request, 'POST', '/api/connection/datasource/create', mariaSource(alias, db));
});

test.afterAll(async ({ request }) => {
  if (!available) return;
  if (dsId) await apiData(request, 'DELETE', `/api/connection/datasource/${dsId}`);
  await onServer((c) => c.query(`DROP DATABASE IF EXISTS ${db}`));
});

test('MariaDB: a timestamp column updated on current timestamp and a column collation are created and read back', async ({ page }) => {
  test.skip(!available, 'MariaDB is not running');
  await openWorkspace(page);
  await expand(treeNode(page, 'DATA_SOURCE', alias));
  const dbNode = page.locator(`[data-key="ds:${dsId}/db:${db}"]`);
  await contextMenu(dbNode, 'Create table');
  await page.getByTestId('table-name').fill('stamped');
  await inRow(page, 1, 'col-name').fill('changed_at');
  // A varchar cannot update itself on current timestamp: the box is off until the type allows it.
  await expect(inRow(page, 1, 'col-on-update')).toBeDisabled();
  const typeInput = inRow(page, 1, 'col-type').locator('input');
  await typeInput.click();
  await page.keyboard.type('timestamp');
  await page.locator('.ant-select-dropdown:visible [data-testid=col-type-option]', { hasText: /^timestamp$/ }).click();
  await expect(typeInput).toHaveValue('timestamp');
  await inRow(page, 1, 'col-nullable').uncheck();
  await inRow(page, 1, 'col-default').fill('current_timestamp()');
  await inRow(page, 1, 'col-on-update').check();
  await expect(page.getByTestId('ddl-preview')).toContainText('changed_at timestamp NOT NULL DEFAULT current_timestamp() ON UPDATE current_timestamp()');
  // A text column takes a collation from the server's list (searchable, grouped by character set).
  await page.getByTestId('col-add').click();
  await inRow(page, 2, 'col-name').fill('label');
  await inRow(page, 2, 'col-collation').click();
  await page.keyboard.type('utf8mb4_bin');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^utf8mb4_bin$/ }).click();
  await expect(page.getByTestId('ddl-preview')).toContainText('label varchar(255) COLLATE utf8mb4_bin NULL');
  await page.screenshot({ path: '/tmp/askdb-table-editor-on-update.png' });
  await page.getByTestId('table-apply').click();
  // Created: the create tab gives way to the edit tab of the new table.
  await expect(page.getByText('Edit stamped')).toBeVisible();

  const [rows] = await onServer((c) => c.query(`SELECT EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'stamped' AND COLUMN_NAME = 'changed_at'`, [db]));
  expect(rows).toEqual([{ EXTRA: expect.stringMatching(/^on update current_timestamp\(\)$/i) }]);
  const [label] = await onServer((c) => c.query(`SELECT COLLATION_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'stamped' AND COLUMN_NAME = 'label'`, [db]));
  expect(label).toEqual([{ COLLATION_NAME: 'utf8mb4_bin' }]);
  // The edit tab that replaces the create tab reads it back ticked, with nothing to apply.
  await expect(inRow(page, 1, 'col-name')).toHaveValue('changed_at');
  await expect(inRow(page, 1, 'col-on-update')).toBeChecked();
  await expect(page.getByTestId('ddl-preview')).toHaveText(/no changes/i);
});
