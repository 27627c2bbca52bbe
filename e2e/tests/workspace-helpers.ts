/** Shared steps of the workspace specs: the demo source, SQL through the API, tree navigation. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import pg from 'pg';

export const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

export async function apiData<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const res = method === 'GET' ? await request.get(path) : method === 'DELETE' ? await request.delete(path) : await request.post(path, { data: body });
  const env = (await res.json()) as { success: boolean; data: T; errorMessage?: string };
  if (!env.success) throw new Error(`${path}: ${env.errorMessage}`);
  return env.data;
}

export async function demoId(request: APIRequestContext): Promise<number> {
  const page = await apiData<{ data: { id: number; alias: string }[] }>(request, 'GET', '/api/connection/datasource/list?pageNo=1&pageSize=1000');
  const demo = page.data.find((d) => d.alias === 'Demo shop (SQLite)');
  if (!demo) throw new Error('demo data source missing');
  return demo.id;
}

/** Runs SQL on a data source; fails the test when a statement fails. */
export async function sql(request: APIRequestContext, dataSourceId: number, text: string, databaseName?: string, schemaName?: string) {
  const results = await apiData<{ success: boolean; message: string; dataList: (string | null)[][]; updateCount: number | null }[]>(request, 'POST', '/api/rdb/dml/execute', {
    sql: text, dataSourceId, databaseName, schemaName, errorContinue: false,
  });
  for (const r of results) if (!r.success) throw new Error(`${text}: ${r.message}`);
  return results;
}

export function treeNode(page: Page, type: string, title?: string): Locator {
  return page.locator(`[data-testid=tree-node][data-type=${type}]${title !== undefined ? `[data-title="${title}"]` : ''}`);
}

/** Opens the workspace with no tabs left from an earlier test. */
export async function openWorkspace(page: Page): Promise<void> {
  await page.goto('/workspace?language=en-US');
  await page.evaluate(() => localStorage.removeItem('askdb.workspace.tabs'));
  await page.goto('/workspace?language=en-US');
  await expect(page.getByTestId('explorer')).toBeVisible();
}

/** Expands a node when it is not open yet. */
export async function expand(node: Locator): Promise<void> {
  await expect(node).toBeVisible();
  if ((await node.getAttribute('aria-expanded')) !== 'true') await node.locator('.askdb-tree-caret').click();
  await expect(node).toHaveAttribute('aria-expanded', 'true');
}

/** Demo source → main → Tables, expanded; returns the Tables folder. */
export async function openDemoTables(page: Page, dsId: number): Promise<Locator> {
  await expand(page.locator(`[data-key="ds:${dsId}"]`));
  await expand(page.locator(`[data-key="ds:${dsId}/db:main"]`));
  const tables = page.locator(`[data-key="ds:${dsId}/db:main/tables"]`);
  await expand(tables);
  return tables;
}

/** A table node under the demo's Tables folder. */
export function demoTable(page: Page, dsId: number, name: string): Locator {
  return page.locator(`[data-key="ds:${dsId}/db:main/tables/t:${encodeURIComponent(name)}"]`);
}

/** Right-click a node and pick an item; waits until the menu has gone, so the next menu is never a closing one. */
export async function contextMenu(node: Locator, item: string | RegExp): Promise<void> {
  const page = node.page();
  await expect(page.getByTestId('tree-menu-anchor')).toHaveCount(0);
  await node.click({ button: 'right' });
  await page.getByRole('menuitem', { name: item }).first().click();
  await expect(page.getByTestId('tree-menu-anchor')).toHaveCount(0);
}

/** The test PostgreSQL server (scratch databases are created on it). */
export const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `fn` on a client of `database` on the test PostgreSQL (default: the URL's own, for CREATE / DROP DATABASE). */
export async function onPg<T>(fn: (c: pg.Client) => Promise<T>, database = new URL(PG_URL).pathname.slice(1) || 'postgres'): Promise<T> {
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A PostgreSQL data source on `database` of the test server, created through the API; its id. */
export async function createPgSource(request: APIRequestContext, alias: string, database: string): Promise<number> {
  const server = new URL(PG_URL);
  return apiData<number>(request, 'POST', '/api/connection/datasource/create', { alias, type: 'POSTGRESQL', host: server.hostname, port: Number(server.port || 5432), user: decodeURIComponent(server.username || 'postgres'), password: decodeURIComponent(server.password), databaseName: database });
}

/**
 * Picks a type in the connection dialog's type select by typing its label, until the select shows it: on a busy
 * machine the first keystrokes can land before the select's search box has focus, and the option list then stays
 * unfiltered. Each try starts from a closed dropdown.
 */
export async function pickConnectionType(page: Page, label: string): Promise<void> {
  const select = page.getByTestId('conn-type');
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await expect(async () => {
    if (await page.locator('.ant-select-dropdown:visible').count()) await page.keyboard.press('Escape');
    await select.click();
    await page.keyboard.type(label);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: exact }).click({ timeout: 5_000 });
    await expect(select).toHaveText(exact, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
