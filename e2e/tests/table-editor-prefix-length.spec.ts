/**
 * Issue 29 item 3 (spec 02 §3 "prefix length", "decimal point"): on MariaDB the index editor shows the
 * prefix length of each index column read from the server (`KEY by_name (name(10), city)`), a changed
 * one is previewed and applied, and the server's SUB_PART follows; a decimal column shows its length
 * and decimal places apart, and changing the places is applied.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiData, contextMenu, expand, openWorkspace, uid } from './workspace-helpers';
import { mariaSource, onMaria } from './maria-helpers';

const db = `askdb_prefix_${uid()}`;
let available = true;
let ds = 0;

test.beforeAll(async ({ request }) => {
  try {
    await onMaria((c) => c.query(`CREATE DATABASE ${db}`));
  } catch (e) {
    if (process.env.ASKDB_REQUIRE_SERVICES === '1') throw e;
    available = false;
    return;
  }
  await onMaria((c) => c.query('CREATE TABLE people (id int PRIMARY KEY, name varchar(200), city varchar(40), price decimal(12,3), KEY by_name (name(10), city))'), db);
  ds = await apiData<number>(request, 'POST', '/api/connection/datasource/create', mariaSource(`Maria ${db}`, db));
});

test.afterAll(async ({ request }) => {
  if (!available) return;
  if (ds) await apiData(request, 'DELETE', `/api/connection/datasource/${ds}`);
  await onMaria((c) => c.query(`DROP DATABASE IF EXISTS ${db}`));
});

const prefixOf = (page: Page, column: string) => page.getByTestId('indexes-editor').locator(`[data-testid=idx-prefix][data-column="${column}"]`);
const subParts = () => onMaria(async (c) => (await c.query(`SELECT COLUMN_NAME AS c, SUB_PART AS n FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'people' AND INDEX_NAME = 'by_name' ORDER BY SEQ_IN_INDEX`, [db]))[0]);

test('MariaDB: an index prefix length is read, changed, applied and read back; decimal places apart from the length', async ({ page }) => {
  test.skip(!available, 'MariaDB is not running');
  await openWorkspace(page);
  await expand(page.locator(`[data-key="ds:${ds}"]`));
  await expand(page.locator(`[data-key="ds:${ds}/db:${db}"]`));
  await expand(page.locator(`[data-key="ds:${ds}/db:${db}/tables"]`));
  await contextMenu(page.locator(`[data-key="ds:${ds}/db:${db}/tables/t:people"]`), 'Edit table');

  // decimal(12,3): the length and the decimal places in fields of their own.
  const price = page.getByTestId('columns-editor').locator('tr.ant-table-row').nth(3);
  await expect(price.getByTestId('col-size')).toHaveValue('12');
  await expect(price.getByTestId('col-scale')).toHaveValue('3');
  await expect(page.getByTestId('columns-editor').locator('tr.ant-table-row').nth(1).getByTestId('col-scale-none')).toBeVisible();
  await price.getByTestId('col-scale').fill('2');
  await expect(page.getByTestId('ddl-preview')).toContainText('MODIFY COLUMN price decimal(12,2) NULL');
  await page.screenshot({ path: '/tmp/askdb-table-editor-decimal.png' });

  await page.getByRole('tab', { name: /Indexes/ }).click();
  await expect(prefixOf(page, 'name')).toHaveValue('10');
  await expect(prefixOf(page, 'city')).toHaveValue('');
  await prefixOf(page, 'name').fill('16');
  await expect(page.getByTestId('ddl-preview')).toContainText('ADD INDEX by_name (name(16), city)');
  await page.screenshot({ path: '/tmp/askdb-table-editor-prefix-length.png' });
  await page.getByTestId('table-apply').click();
  await expect(page.getByTestId('ddl-preview')).toHaveText(/No changes/);

  expect(await subParts()).toEqual([{ c: 'name', n: 16 }, { c: 'city', n: null }]);
  const [scale] = await onMaria((c) => c.query(`SELECT NUMERIC_PRECISION AS p, NUMERIC_SCALE AS s FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'people' AND COLUMN_NAME = 'price'`, [db]));
  expect(scale).toEqual([{ p: 12, s: 2 }]);
  // Read back after the apply: the index editor shows the new length.
  await page.getByRole('tab', { name: /Indexes/ }).click();
  await expect(prefixOf(page, 'name')).toHaveValue('16');
});
