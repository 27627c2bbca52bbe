/**
 * Issue 25 item 1, signing out: on a team server, a member with grid edits not applied who signs out is
 * asked first (apply, discard, cancel). Its own server-mode AskDB and a scratch PostgreSQL database.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { startServerModeServer, type ServerModeServer } from '../server';
import { PASSWORD } from './accounts-helpers';
import { PG } from './console-lib';
import { uid } from './workspace-helpers';

test.describe.configure({ timeout: 120_000 });
const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });

let server: ServerModeServer;
const dbName = `askdb_fh_so_${uid()}`;
const onDb = async <T>(fn: (c: pg.Client) => Promise<T>, database = dbName): Promise<T> => {
  const c = new pg.Client({ host: PG.host, port: PG.port, user: PG.user, database });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // A web build of one's own (ASKDB_WEB_DIST) is served when given; otherwise the copy of apps/web/dist.
  server = await startServerModeServer(process.env.ASKDB_WEB_DIST ? { ASKDB_WEB_DIST: process.env.ASKDB_WEB_DIST } : {});
  await onDb((c) => c.query(`CREATE DATABASE ${dbName}`), 'postgres');
  await onDb((c) => c.query(`CREATE TABLE notes (id int PRIMARY KEY, name text); INSERT INTO notes VALUES (1, 'one'), (2, 'two')`));
});
test.afterAll(async () => {
  await server?.stop();
  await onDb((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`), 'postgres');
});

const cell = (page: Page, row: number) => page.getByTestId('grid-row').nth(row).locator('[data-testid=grid-cell][data-column="name"]');

test('signing out with grid edits not applied asks first; cancel stays signed in, apply writes them and signs out', async ({ browser }) => {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  const base = server.url;
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const body = (await (await ctx.request.post(base + path, { data })).json()) as { success: boolean; data: T; errorMessage?: string };
    if (!body.success) throw new Error(`${path}: ${body.errorMessage}`);
    return body.data;
  };
  await post('/api/oauth/register_a', { email: `dora.${Date.now()}@example.com`, password: PASSWORD, displayName: 'Dora' });
  const ds = await post<number>('/api/connection/datasource/create', { alias: 'Notes', type: 'POSTGRESQL', host: PG.host, port: PG.port, user: PG.user, databaseName: dbName });
  // The notes table open in the workspace, as after a reload.
  const tab = { id: `edit-table-data-${ds}-notes`, type: 'EDIT_TABLE_DATA', title: 'notes', dataSourceId: ds, dataSourceName: 'Notes', databaseType: 'POSTGRESQL', databaseName: dbName, schemaName: 'public', tableName: 'notes' };
  await page.goto(`${base}/workspace?language=en-US`);
  await page.evaluate((t) => localStorage.setItem('askdb.workspace.tabs', JSON.stringify({ tabs: [t], activeId: t.id })), tab);
  await page.reload();
  await expect(cell(page, 0)).toHaveText('one', { timeout: 30_000 });
  await cell(page, 0).dblclick();
  await page.getByTestId('cell-editor').fill('ONE');
  await page.getByTestId('cell-editor').press('Enter');
  await expect(page.getByTestId('changes-submit')).toHaveText(/\(1\)/);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-sign-out').click();
  await expect(page.getByTestId('pending-dialog')).toContainText('Apply the changes in notes?');
  // The dialog's opening animation is over (for the screenshot).
  await expect.poll(() => page.getByTestId('pending-dialog').evaluate((el) => getComputedStyle(el.closest('.ant-modal') ?? el).opacity)).toBe('1');
  await page.screenshot({ path: `${SHOTS}/pending-sign-out.png` });
  await page.getByTestId('pending-cancel').click();
  await expect(page.getByTestId('pending-dialog')).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('changes-submit')).toHaveText(/\(1\)/);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-sign-out').click();
  await page.getByTestId('pending-apply').click();
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
  expect((await onDb((c) => c.query<{ name: string }>('SELECT name FROM notes ORDER BY id'))).rows.map((r) => r.name)).toEqual(['ONE', 'two']);
  await ctx.close();
});
