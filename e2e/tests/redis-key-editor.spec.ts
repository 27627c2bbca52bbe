/**
 * Redis key editor (issue 18 point 6): a new hash key with an empty value list or a field twice is
 * refused, then created with its TTL; creating it again is refused; in the key's tab a field that
 * already exists is refused and a new one is added.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiData, expand, openWorkspace, sql, treeNode, uid } from './workspace-helpers';

const REDIS = new URL(process.env.ASKDB_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `e2e:ke:${uid()}:`;
const alias = `Redis ${prefix}`;
const DB = '8';
let id = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  id = await apiData<number>(request, 'POST', '/api/connection/datasource/create', { alias, type: 'REDIS', host: REDIS.hostname, port: Number(REDIS.port || 6379) });
});
test.afterAll(async ({ request }) => {
  await sql(request, id, `DEL ${prefix}user`, DB);
  await apiData(request, 'DELETE', `/api/connection/datasource/${id}`);
});

async function allData(page: Page) {
  await openWorkspace(page);
  await expand(treeNode(page, 'DATA_SOURCE', alias));
  const key = `ds:${id}/db:${DB}`;
  await expand(page.locator(`[data-key="${key}"]`));
  await page.locator(`[data-key="${key}/all_data"]`).dblclick();
  return page.getByTestId('redis-all-data');
}

test('creates a hash key (empty list and duplicate field refused), refuses it twice, adds a field in its tab', async ({ page, request }) => {
  const tab = await allData(page);
  await tab.getByTestId('redis-new-key').click();
  const dialog = page.getByRole('dialog', { name: 'New Redis key' });
  await dialog.getByTestId('redis-new-key-name').fill(`${prefix}user`);
  await dialog.getByTestId('redis-new-key-type').click();
  await page.locator('.ant-select-item-option[title="hash"]').click();
  await dialog.getByTestId('redis-new-key-ok').click();
  await expect(dialog.getByTestId('redis-edit-problem')).toHaveText('The value list cannot be empty');
  await dialog.getByTestId('redis-item-field').first().fill('name');
  await dialog.getByTestId('redis-item-value').first().fill('Ada');
  await dialog.getByTestId('redis-item-add').click();
  await dialog.getByTestId('redis-item-field').nth(1).fill('name');
  await dialog.getByTestId('redis-item-value').nth(1).fill('Eve');
  await dialog.getByTestId('redis-new-key-ok').click();
  await expect(dialog.getByTestId('redis-edit-problem')).toHaveText('"name" appears twice; each field or member must be unique');
  await dialog.getByTestId('redis-item-field').nth(1).fill('lang');
  await dialog.getByTestId('redis-item-value').nth(1).fill('en');
  await dialog.locator('input[data-testid=redis-new-key-ttl], [data-testid=redis-new-key-ttl] input').first().fill('3600');
  await expect(dialog.getByTestId('redis-new-key-size')).toHaveText('Size: 2 items');
  await page.screenshot({ path: '/tmp/redis-new-key.png' });
  await dialog.getByTestId('redis-new-key-ok').click();
  await expect(dialog).toHaveCount(0);
  const ttl = (await apiData<{ dataList: string[][] }[]>(request, 'POST', '/api/rdb/dml/execute', { sql: `TTL ${prefix}user`, dataSourceId: id, databaseName: DB }))[0]!.dataList[0]![0];
  expect(Number(ttl)).toBeGreaterThan(3500);

  await tab.getByTestId('redis-new-key').click();
  await dialog.getByTestId('redis-new-key-name').fill(`${prefix}user`);
  await dialog.getByTestId('redis-new-key-value').fill('x');
  await dialog.getByTestId('redis-new-key-ok').click();
  await expect(dialog.getByTestId('redis-edit-problem')).toHaveText(`The key ${prefix}user already exists`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await tab.getByTestId('redis-search').fill(prefix);
  await tab.locator(`[data-testid=redis-key-row][data-key-name="${prefix}user"] a`).click();
  const keyTab = page.getByTestId('redis-key-tab');
  await expect(keyTab.getByTestId('redis-value-row')).toHaveCount(2);
  await keyTab.getByTestId('redis-member-add').click();
  const add = page.getByRole('dialog', { name: `Add to ${prefix}user` });
  await add.getByTestId('redis-member-field').fill('name');
  await add.getByTestId('redis-member-value').fill('Grace');
  await add.getByTestId('redis-member-ok').click();
  await expect(add.getByTestId('redis-edit-problem')).toHaveText('"name" already exists in this key');
  await add.getByTestId('redis-member-field').fill('city');
  await add.getByTestId('redis-member-ok').click();
  await expect(keyTab.getByTestId('redis-value-row')).toHaveCount(3);
  await expect(keyTab.locator('[data-column=field]', { hasText: 'city' })).toBeVisible();
});
