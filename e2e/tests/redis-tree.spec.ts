/**
 * Issue 25 item 8: Redis is not a relational database. A Redis source shows databases → keys grouped
 * by a prefix separator (':'), each key with a type icon and its TTL, and key actions (open, rename,
 * set TTL, copy name, delete) — no Tables folder, no Edit/Truncate/Drop table.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiData, contextMenu, expand, openWorkspace, sql, treeNode, uid } from './workspace-helpers';

const REDIS = new URL(process.env.ASKDB_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const run = uid();
const prefix = `tree${run}:`;
const alias = `Redis tree ${run}`;
const DB = '9';
let id = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const res = await request.post('/api/connection/datasource/pre_connect', { data: { alias, type: 'REDIS', host: REDIS.hostname, port: Number(REDIS.port || 6379) } });
  if (!((await res.json()) as { success: boolean }).success) throw new Error('Redis is required at ' + REDIS.host);
  id = await apiData<number>(request, 'POST', '/api/connection/datasource/create', { alias, type: 'REDIS', host: REDIS.hostname, port: Number(REDIS.port || 6379) });
  for (const cmd of [
    `SET ${prefix}session token EX 3600`,
    `HSET ${prefix}user:1 name Ada`,
    `HSET ${prefix}user:2 name Grace`,
    `RPUSH ${prefix}queue a b`,
    `ZADD ${prefix}scores 1 a`,
    `SADD ${prefix}tags x`,
  ]) await sql(request, id, cmd, DB);
});

test.afterAll(async ({ request }) => {
  await sql(request, id, `DEL ${prefix}session ${prefix}user:1 ${prefix}user:2 ${prefix}queue ${prefix}scores ${prefix}tags ${prefix}line ${prefix}renamed`, DB);
  await apiData(request, 'DELETE', `/api/connection/datasource/${id}`);
});

const group = (page: Page, label: string) => treeNode(page, 'REDIS_KEY_GROUP', label);
/** A key under its group shows the rest of its name (after the group's prefix). */
const key = (page: Page, rest: string) => treeNode(page, 'REDIS_KEY', rest);

/** Source → db9 → the run's key group, expanded. */
async function openKeys(page: Page) {
  await openWorkspace(page);
  await expand(treeNode(page, 'DATA_SOURCE', alias));
  const db = page.locator(`[data-key="ds:${id}/db:${DB}"]`);
  await expand(db);
  await expand(group(page, prefix));
  return db;
}

test('a Redis database lists All data and its keys grouped by ":", with type icons and TTL — no Tables folder', async ({ page }) => {
  const db = await openKeys(page);
  const dbKey = (await db.getAttribute('data-key'))!;
  // All data heads the database with its key count.
  await expect(page.locator(`[data-key="${dbKey}/all_data"]`)).toHaveText(/^All data\s*\d+/);
  await expect(page.locator(`[data-key^="${dbKey}/"][data-type=TABLES]`)).toHaveCount(0);
  await expect(page.locator('[data-testid=tree-node][data-type=TABLE]')).toHaveCount(0);
  // user:1 and user:2 sit in a "user:" group that says how many keys it holds.
  const users = group(page, 'user:');
  await expect(users).toContainText('2');
  await expect(key(page, '1')).toHaveCount(0);
  await expand(users);
  await expect(key(page, '1').getByTestId('redis-key-icon')).toHaveAttribute('data-redis-type', 'hash');
  await expect(key(page, 'queue').getByTestId('redis-key-icon')).toHaveAttribute('data-redis-type', 'list');
  await expect(key(page, 'scores').getByTestId('redis-key-icon')).toHaveAttribute('data-redis-type', 'zset');
  await expect(key(page, 'tags').getByTestId('redis-key-icon')).toHaveAttribute('data-redis-type', 'set');
  await expect(key(page, 'session').getByTestId('redis-key-icon')).toHaveAttribute('data-redis-type', 'string');
  await expect(key(page, 'session')).toContainText(/TTL 3\d{3} s/);
  await expect(key(page, 'tags')).not.toContainText('TTL');
  await page.screenshot({ path: '/tmp/askdb-redis-tree.png' });
  // A double click opens the key's content.
  await key(page, '1').dblclick();
  await expect(page.getByTestId('redis-key-tab').getByTestId('redis-key-type')).toHaveText('hash');
});

test('menus offer key actions and no relational items', async ({ page }) => {
  const db = await openKeys(page);
  await key(page, 'queue').click({ button: 'right' });
  const items = page.getByRole('menuitem');
  await expect(items).toHaveText(['Open', 'Rename', 'Set TTL…', 'Copy name', 'Delete']);
  await page.screenshot({ path: '/tmp/askdb-redis-key-menu.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tree-menu-anchor')).toHaveCount(0);
  await db.click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: 'Open all data' })).toBeVisible();
  for (const relational of ['Create table', 'Edit table', 'Truncate table', 'Drop table', 'ER diagram', 'All tables']) {
    await expect(page.getByRole('menuitem', { name: relational })).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
});

test('rename, set TTL and delete a key from the tree; Redis has the change', async ({ page, request }) => {
  await openKeys(page);
  await contextMenu(key(page, 'queue'), 'Rename');
  await page.getByTestId('prompt-input').fill(`${prefix}renamed`);
  await page.getByTestId('prompt-ok').click();
  await expect(key(page, 'renamed')).toBeVisible();
  await expect(key(page, 'queue')).toHaveCount(0);
  expect((await sql(request, id, `LRANGE ${prefix}renamed 0 -1`, DB))[0]!.dataList.map((r) => r.at(-1))).toEqual(['a', 'b']);
  // Renaming onto an existing key is refused and changes nothing.
  await contextMenu(key(page, 'renamed'), 'Rename');
  await page.getByTestId('prompt-input').fill(`${prefix}tags`);
  await page.getByTestId('prompt-ok').click();
  await expect(page.getByText(`A key named ${prefix}tags already exists`)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await contextMenu(key(page, 'renamed'), 'Set TTL…');
  // The key has no expiry yet: the dialog says so; untick it and give seconds.
  await expect(page.getByTestId('redis-ttl-persist')).toBeChecked();
  await page.getByTestId('redis-ttl-persist').uncheck();
  await page.getByTestId('redis-ttl-seconds').fill('500');
  await page.getByTestId('redis-ttl-ok').click();
  await expect(key(page, 'renamed')).toContainText(/TTL (499|500) s/);
  expect(Number((await sql(request, id, `TTL ${prefix}renamed`, DB))[0]!.dataList[0]![0])).toBeGreaterThan(400);

  await contextMenu(key(page, 'renamed'), 'Delete');
  await expect(page.getByRole('dialog')).toContainText(`DEL ${prefix}renamed`);
  await page.getByTestId('redis-delete-ok').click();
  await expect(key(page, 'renamed')).toHaveCount(0);
  expect((await sql(request, id, `EXISTS ${prefix}renamed`, DB))[0]!.dataList).toEqual([['0']]);
});
