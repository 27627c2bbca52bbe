/**
 * Issue 25 item 3: the new connection dialog. Switching the type gives untouched fields the new
 * type's defaults (port, user) and keeps what the user typed; at 1440×900 its buttons stay on screen
 * (the body scrolls). Ends by connecting a MariaDB after a PostgreSQL default, as a new user would.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiData, openWorkspace, treeNode, uid, pickConnectionType } from './workspace-helpers';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });
const MYSQL = new URL(process.env.ASKDB_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306');


const port = (page: Page) => page.getByTestId('conn-port').locator('input').or(page.locator('input[data-testid=conn-port]')).first();

async function newConnection(page: Page) {
  await openWorkspace(page);
  await page.getByTestId('new-connection').click();
  await expect(page.getByTestId('connection-form')).toBeVisible();
  await expect(page.getByTestId('conn-user')).toHaveValue('postgres');
  await expect(port(page)).toHaveValue('5432');
}

test('switching type takes each type\'s defaults for untouched fields', async ({ page }) => {
  await newConnection(page);
  for (const [label, p, user] of [['MariaDB', '3306', 'root'], ['SQL Server', '1433', 'sa'], ['ClickHouse', '8123', 'default'], ['MySQL', '3306', 'root'], ['PostgreSQL', '5432', 'postgres']] as const) {
    await pickConnectionType(page, label);
    await expect(port(page), label).toHaveValue(p);
    await expect(page.getByTestId('conn-user'), label).toHaveValue(user);
  }
  await page.screenshot({ path: `${SHOTS}/connection-type-defaults.png` });
});

test('fields the user typed survive a type switch', async ({ page }) => {
  await newConnection(page);
  await page.getByTestId('conn-user').fill('alice');
  await page.getByTestId('conn-host').fill('db.example.test');
  await pickConnectionType(page, 'MariaDB');
  await expect(page.getByTestId('conn-user')).toHaveValue('alice');
  await expect(page.getByTestId('conn-host')).toHaveValue('db.example.test');
  // The port was not typed: MariaDB's.
  await expect(port(page)).toHaveValue('3306');
  await port(page).fill('13306');
  await pickConnectionType(page, 'SQL Server');
  await expect(port(page)).toHaveValue('13306');
  await expect(page.getByTestId('conn-user')).toHaveValue('alice');
});

test('at 1440×900 the dialog\'s buttons stay on screen (the form scrolls); a MariaDB connects after the PostgreSQL default', async ({ page, request }) => {
  await newConnection(page);
  const alias = `Maria ${uid()}`;
  await pickConnectionType(page, 'MariaDB');
  await page.getByTestId('conn-alias').fill(alias);
  const save = page.getByTestId('conn-save');
  const inView = async () => {
    const b = (await save.boundingBox())!;
    return b.y >= 0 && b.y + b.height <= 900;
  };
  expect(await inView()).toBe(true);
  // The form is taller than the room left: its body scrolls, the buttons do not move.
  const body = page.locator('.ant-modal-body:visible');
  expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  expect(await inView()).toBe(true);
  await page.screenshot({ path: `${SHOTS}/connection-dialog-900.png` });
  await page.getByTestId('conn-host').fill(MYSQL.hostname);
  await port(page).fill(MYSQL.port || '3306');
  await page.getByTestId('conn-user').fill(decodeURIComponent(MYSQL.username || 'root'));
  if (MYSQL.password) await page.getByTestId('conn-password').fill(decodeURIComponent(MYSQL.password));
  await save.click();
  const node = treeNode(page, 'DATA_SOURCE', alias);
  await expect(node).toBeVisible({ timeout: 20_000 });
  const list = await apiData<{ data: { id: number; alias: string; port: number; type: string }[] }>(request, 'GET', '/api/connection/datasource/list?pageNo=1&pageSize=1000');
  const saved = list.data.find((d) => d.alias === alias)!;
  expect([saved.type, saved.port]).toEqual(['MARIADB', Number(MYSQL.port || 3306)]);
  await apiData(request, 'DELETE', `/api/connection/datasource/${saved.id}`);
});
