/**
 * Issue 29 item 3 on PostgreSQL (spec 02 §3 "collation", "Index: … included columns"): a column
 * collation picked from pg_collation and an index with INCLUDE columns, previewed, applied and read
 * back with nothing left to apply.
 */
import { expect, test } from '@playwright/test';
import { apiData, contextMenu, createPgSource, expand, onPg, openWorkspace, uid } from './workspace-helpers';

const dbName = `askdb_tef_tmp_${uid()}`;
let ds = 0;
test.beforeAll(async ({ request }) => {
  await onPg((c) => c.query(`CREATE DATABASE ${dbName}`));
  await onPg((c) => c.query(`CREATE TABLE people (id serial PRIMARY KEY, nickname text, born date)`), dbName);
  ds = await createPgSource(request, `PG ${dbName}`, dbName);
});
test.afterAll(async ({ request }) => {
  if (ds) await apiData(request, 'DELETE', `/api/connection/datasource/${ds}`);
  await onPg((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
});
test('PostgreSQL: column collation and index INCLUDE columns are applied and read back', async ({ page }) => {
  await openWorkspace(page);
  await expand(page.locator(`[data-key="ds:${ds}"]`));
  await expand(page.locator(`[data-key="ds:${ds}/db:${dbName}"]`));
  const sc = `ds:${ds}/db:${dbName}/sc:public`;
  await expand(page.locator(`[data-key="${sc}"]`));
  await expand(page.locator(`[data-key="${sc}/tables"]`));
  await contextMenu(page.locator(`[data-key="${sc}/tables/t:people"]`), 'Edit table');
  await page.getByTestId('columns-editor').locator('tr.ant-table-row').nth(1).getByTestId('col-collation').click();
  await page.keyboard.type('C');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^C$/ }).click();
  await page.getByRole('tab', { name: /Indexes/ }).click();
  await page.getByTestId('idx-add').click();
  await page.getByTestId('idx-columns').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^id$/ }).click();
  await page.getByTestId('idx-include').click();
  await page.keyboard.type('born'); await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ddl-preview')).toContainText('INCLUDE (born)');
  await page.getByTestId('table-apply').click();
  await expect(page.getByTestId('ddl-preview')).toHaveText(/No changes/);
  await page.getByRole('tab', { name: /Indexes/ }).click();
  await expect(page.getByTestId('idx-include')).toContainText('born');
  const { rows } = await onPg((c) => c.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'people_idx1'`), dbName);
  expect(rows[0].indexdef).toContain('INCLUDE (born)');
  const coll = await onPg((c) => c.query(`SELECT collation_name FROM information_schema.columns WHERE table_name = 'people' AND column_name = 'nickname'`), dbName);
  expect(coll.rows).toEqual([{ collation_name: 'C' }]);
  await page.screenshot({ path: '/tmp/askdb-table-editor-pg-include.png' });
});
