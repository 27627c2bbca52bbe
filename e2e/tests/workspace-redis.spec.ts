/** A Redis data source: the "All data" node of a database lists every key with its type and TTL, filtered on the server; a key opens its data. */
import { expect, test, type Page } from '@playwright/test';
import { apiData, expand, openWorkspace, sql, treeNode, uid } from './workspace-helpers';

const REDIS = new URL(process.env.ASKDB_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `e2e:${uid()}:`;
const alias = `Redis ${prefix}`;
const DB = '7';
let id = 0;
let available = true;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const res = await request.post('/api/connection/datasource/pre_connect', { data: { alias, type: 'REDIS', host: REDIS.hostname, port: Number(REDIS.port || 6379) } });
  if (!((await res.json()) as { success: boolean }).success) {
    if (process.env.ASKDB_REQUIRE_SERVICES === '1') throw new Error('Redis is required');
    available = false;
    return;
  }
  id = await apiData<number>(request, 'POST', '/api/connection/datasource/create', { alias, type: 'REDIS', host: REDIS.hostname, port: Number(REDIS.port || 6379) });
  for (const cmd of [
    `SET ${prefix}session "token-1" EX 3600`,
    `HSET ${prefix}user:1 name Ada lang en`,
    `RPUSH ${prefix}queue a b c`,
    `ZADD ${prefix}scores 10 ada 20 grace`,
  ]) await sql(request, id, cmd, DB);
});

/** Expands the source and its database DB in the tree (the page already shows the workspace); returns the database's tree key. */
async function openDb(page: Page): Promise<string> {
  await expand(treeNode(page, 'DATA_SOURCE', alias));
  const key = `ds:${id}/db:${DB}`;
  await expand(page.locator(`[data-key="${key}"]`));
  return key;
}

/** Expands the database and the key groups of this run's prefix ("e2e:" → "<uid>:"). */
async function openKeyGroup(page: Page): Promise<void> {
  await openDb(page);
  const [first, second] = prefix.split(':');
  await expand(treeNode(page, 'REDIS_KEY_GROUP', `${first}:`));
  await expand(treeNode(page, 'REDIS_KEY_GROUP', `${second}:`));
}

test.afterAll(async ({ request }) => {
  if (!available) return;
  await sql(request, id, `DEL ${prefix}session ${prefix}user:1 ${prefix}queue ${prefix}scores`, DB);
  await apiData(request, 'DELETE', `/api/connection/datasource/${id}`);
});

test('All data lists keys with type and TTL, searches on the server, and opens a key', async ({ page }) => {
  test.skip(!available, 'Redis is not running');
  await openWorkspace(page);
  const db = await openDb(page);
  const allData = page.locator(`[data-key="${db}/all_data"]`);
  await expect(allData).toHaveText(/All data/);
  await allData.dblclick();
  const tab = page.getByTestId('redis-all-data');
  await expect(page.locator('[data-testid=workspace-tab][data-tab-type=REDIS_ALL_DATA]')).toContainText(`All data · db${DB}`);
  await tab.getByTestId('redis-search').fill(prefix);
  const rows = tab.getByTestId('redis-key-row');
  await expect(rows).toHaveCount(4);
  await expect(tab.getByTestId('redis-count')).toHaveText('4 keys');
  const row = (k: string) => tab.locator(`[data-testid=redis-key-row][data-key-name="${prefix}${k}"]`);
  await expect(row('user:1').getByTestId('redis-type')).toHaveText('hash');
  await expect(row('queue').getByTestId('redis-type')).toHaveText('list');
  await expect(row('scores').getByTestId('redis-type')).toHaveText('zset');
  await expect(row('session').getByTestId('redis-ttl')).toHaveText(/^3\d{3} s$/);
  await expect(row('user:1').getByTestId('redis-ttl')).toHaveText('No expiry');
  // A search nothing matches says so.
  await tab.getByTestId('redis-search').fill(`${prefix}nothing-here`);
  await expect(tab.getByText('No search result')).toBeVisible();
  await tab.getByTestId('redis-search').fill(`${prefix}user`);
  await expect(rows).toHaveCount(1);
  await page.screenshot({ path: '/tmp/askdb-ws-redis-all.png' });
  // A key opens its content: a hash shows field and value.
  await row('user:1').getByRole('link').click();
  await expect(page.locator('[data-testid=workspace-tab][data-tab-type=EDIT_TABLE_DATA]')).toContainText(`${prefix}user:1`);
  const keyTab = page.getByTestId('redis-key-tab');
  await expect(keyTab.getByTestId('redis-key-type')).toHaveText('hash');
  await expect(keyTab.getByTestId('redis-key-ttl')).toHaveText('TTL: No expiry');
  const values = keyTab.getByTestId('redis-value-row');
  await expect(values).toHaveCount(2);
  await expect(values.filter({ hasText: 'Ada' }).locator('[data-column=field]')).toHaveText('name');
  await page.screenshot({ path: '/tmp/askdb-ws-redis-key.png' });
});

test('a list key from the tree shows its elements with their index; a zset its members and scores', async ({ page }) => {
  test.skip(!available, 'Redis is not running');
  await openWorkspace(page);
  await openKeyGroup(page);
  await treeNode(page, 'REDIS_KEY', 'queue').dblclick();
  const keyTab = page.getByTestId('redis-key-tab');
  await expect(keyTab.getByTestId('redis-key-type')).toHaveText('list');
  await expect(keyTab.getByTestId('redis-value-row')).toHaveCount(3);
  await expect(keyTab.locator('[data-column=index]')).toHaveText(['0', '1', '2']);
  await expect(keyTab.locator('[data-column=value]')).toHaveText(['a', 'b', 'c']);
  await treeNode(page, 'REDIS_KEY', 'scores').dblclick();
  await expect(page.getByTestId('redis-key-tab').locator('[data-column=member]')).toHaveText(['ada', 'grace']);
  await expect(page.getByTestId('redis-key-tab').locator('[data-column=score]')).toHaveText(['10', '20']);
});

test('a string key: edit its value (the TTL stays), change and remove the TTL, delete the key', async ({ page, request }) => {
  test.skip(!available, 'Redis is not running');
  await openWorkspace(page);
  await openKeyGroup(page);
  await treeNode(page, 'REDIS_KEY', 'session').dblclick();
  const keyTab = page.getByTestId('redis-key-tab');
  await expect(keyTab.locator('[data-column=value]')).toHaveText('token-1');
  await keyTab.getByTestId('redis-value-edit').click();
  await page.getByTestId('redis-value-text').fill('token "2"\nsecond line');
  await page.getByTestId('redis-value-ok').click();
  await expect(keyTab.locator('[data-column=value]')).toHaveText('token "2"\nsecond line');
  await expect(keyTab.getByTestId('redis-key-ttl')).toHaveText(/^TTL: 3\d{3} s$/);
  expect((await sql(request, id, `GET ${prefix}session`, DB))[0]!.dataList).toEqual([['token "2"\nsecond line']]);
  // TTL: a number of seconds, then none.
  await keyTab.getByTestId('redis-ttl-edit').click();
  await page.getByTestId('redis-ttl-seconds').fill('100');
  await page.getByTestId('redis-ttl-ok').click();
  await expect(keyTab.getByTestId('redis-key-ttl')).toHaveText(/^TTL: (99|100) s$/);
  await keyTab.getByTestId('redis-ttl-edit').click();
  await page.getByTestId('redis-ttl-persist').check();
  await page.getByTestId('redis-ttl-ok').click();
  await expect(keyTab.getByTestId('redis-key-ttl')).toHaveText('TTL: No expiry');
  // Delete asks first, then the viewer says the key is gone.
  await keyTab.getByTestId('redis-key-delete').click();
  await expect(page.getByRole('dialog')).toContainText(`DEL ${prefix}session`);
  await page.getByTestId('redis-delete-ok').click();
  await expect(keyTab.getByText('This key no longer exists')).toBeVisible();
  expect((await sql(request, id, `EXISTS ${prefix}session`, DB))[0]!.dataList).toEqual([['0']]);
});

test('zh-CN and ja-JP name the node and the tab in their language', async ({ page }) => {
  test.skip(!available, 'Redis is not running');
  for (const [lang, node, title] of [['zh-CN', '全部数据', '全部数据 · db7'], ['ja-JP', 'すべてのデータ', 'すべてのデータ · db7']] as const) {
    await page.goto(`/workspace?language=${lang}`);
    await page.evaluate(() => localStorage.removeItem('askdb.workspace.tabs'));
    await page.goto(`/workspace?language=${lang}`);
    const allData = page.locator(`[data-key="${await openDb(page)}/all_data"]`);
    await expect(allData).toHaveText(new RegExp(node));
    await allData.dblclick();
    await expect(page.locator('[data-testid=workspace-tab][data-tab-type=REDIS_ALL_DATA]')).toContainText(title);
  }
});
