/**
 * The MySQL family on MariaDB: a database level and no schema level, table options (engine, character
 * set) in the editor's DDL, and a key-less table edited with LIMIT 1.
 */
import { expect, test } from '@playwright/test';
import mysql from 'mysql2/promise';
import { apiData, contextMenu, expand, openWorkspace, treeNode, uid } from './workspace-helpers';

const MY_URL = process.env.ASKDB_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const db = `askdb_ws_${uid()}`;
const alias = `Maria ${db}`;
let available = true;
let dsId = 0;

async function onServer<T>(fn: (c: mysql.Connection) => Promise<T>, database?: string): Promise<T> {
  const u = new URL(MY_URL);
  const c = await mysql.createConnection({ host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password), database, multipleStatements: true });
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  try {
    await onServer((c) => c.query(`CREATE DATABASE ${db}`));
  } catch (e) {
    if (process.env.ASKDB_REQUIRE_SERVICES === '1') throw e;
    available = false;
    return;
  }
  await onServer((c) => c.query(`CREATE TABLE tags (name varchar(20), hits int) ENGINE=InnoDB; INSERT INTO tags VALUES ('x', 1), ('x', 1)`), db);
  const u = new URL(MY_URL);
  dsId = await apiData<number>(request, 'POST', '/api/connection/datasource/create', { alias, type: 'MARIADB', host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username || 'root'), password: decodeURIComponent(u.password) || undefined, databaseName: db });
});

test.afterAll(async ({ request }) => {
  if (!available) return;
  if (dsId) await apiData(request, 'DELETE', `/api/connection/datasource/${dsId}`);
  await onServer((c) => c.query(`DROP DATABASE IF EXISTS ${db}`));
});

test('MariaDB: databases without schemas, key-less edit with LIMIT 1, a table with engine options', async ({ page }) => {
  test.skip(!available, 'MariaDB is not running');
  await openWorkspace(page);
  await expand(treeNode(page, 'DATA_SOURCE', alias));
  const dbNode = page.locator(`[data-key="ds:${dsId}/db:${db}"]`);
  await expand(dbNode);
  await expect(page.locator(`[data-key^="ds:${dsId}/"][data-type=SCHEMA]`)).toHaveCount(0);
  const tables = page.locator(`[data-key="ds:${dsId}/db:${db}/tables"]`);
  await expand(tables);
  await page.locator(`[data-key="ds:${dsId}/db:${db}/tables/t:tags"]`).dblclick();
  await page.getByTestId('grid-row').nth(0).locator('[data-column=hits]').dblclick();
  await page.getByRole('button', { name: 'Edit anyway' }).click();
  await page.getByTestId('grid-row').nth(0).locator('[data-column=hits]').dblclick();
  await page.getByTestId('cell-editor').fill('2');
  await page.getByTestId('cell-editor').press('Enter');
  await page.getByTestId('changes-submit').click();
  await expect(page.getByTestId('changes-sql')).toHaveText("UPDATE tags SET hits = 2 WHERE name = 'x' AND hits = 1 LIMIT 1;");
  await page.getByTestId('changes-apply').click();
  await expect(page.getByText('1 statements applied')).toBeVisible();
  expect((await onServer((c) => c.query('SELECT hits FROM tags ORDER BY hits'), db))[0]).toEqual([{ hits: 1 }, { hits: 2 }]);

  await contextMenu(dbNode, 'Create table');
  await page.getByTestId('table-name').fill('events');
  await page.getByTestId('col-name').nth(1).fill('label');
  await page.getByTestId('opt-engine').locator('input').fill('MyISAM');
  await page.getByTestId('opt-charset').locator('input').fill('latin1');
  await expect(page.getByTestId('ddl-preview')).toContainText('id int NOT NULL AUTO_INCREMENT');
  await expect(page.getByTestId('ddl-preview')).toContainText(') ENGINE=MyISAM DEFAULT CHARSET=latin1;');
  await page.getByTestId('table-apply').click();
  await expect(page.locator(`[data-key="ds:${dsId}/db:${db}/tables/t:events"]`)).toBeVisible();
  const [rows] = await onServer((c) => c.query(`SELECT ENGINE, TABLE_COLLATION FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'events'`, [db]));
  expect(rows).toEqual([{ ENGINE: 'MyISAM', TABLE_COLLATION: expect.stringMatching(/^latin1_/) }]);
  // Editing reads the options back.
  await expect(page.getByTestId('opt-engine').locator('input')).toHaveValue('MyISAM');
  await page.screenshot({ path: '/tmp/askdb-ws-mariadb-editor.png' });
});
