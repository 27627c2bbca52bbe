/**
 * Shared steps of the console e2e tests: data sources and consoles made through the API, a console tab
 * opened the way the workspace restores tabs, and editor input that behaves like a user's.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const PG = { host: process.env.ASKDB_TEST_PG_HOST ?? '127.0.0.1', port: Number(process.env.ASKDB_TEST_PG_PORT ?? 5432), user: 'postgres' };

export async function apiData<T>(request: APIRequestContext, method: 'get' | 'post' | 'delete', path: string, data?: unknown): Promise<T> {
  const res = method === 'get' ? await request.get(path) : method === 'delete' ? await request.delete(path) : await request.post(path, { data });
  const body = (await res.json()) as { success: boolean; data: T; errorMessage?: string };
  if (!body.success) throw new Error(`${method.toUpperCase()} ${path}: ${body.errorMessage}`);
  return body.data;
}

export interface Binding {
  dataSourceId: number | null;
  dataSourceName?: string | null;
  databaseType?: string | null;
  databaseName?: string | null;
  schemaName?: string | null;
}

export async function demoBinding(request: APIRequestContext): Promise<Binding> {
  const page = await apiData<{ data: { id: number; alias: string; type: string }[] }>(request, 'get', '/api/connection/datasource/list?pageNo=1&pageSize=100');
  const demo = page.data.find((d) => d.type === 'SQLITE')!;
  return { dataSourceId: demo.id, dataSourceName: demo.alias, databaseType: 'SQLITE', databaseName: 'main', schemaName: null };
}

/** A PostgreSQL data source on the test server (created once per alias). */
export async function pgBinding(request: APIRequestContext): Promise<Binding> {
  const alias = 'e2e console pg';
  const page = await apiData<{ data: { id: number; alias: string }[] }>(request, 'get', `/api/connection/datasource/list?pageNo=1&pageSize=100&searchKey=${encodeURIComponent(alias)}`);
  let id = page.data.find((d) => d.alias === alias)?.id;
  id ??= await apiData<number>(request, 'post', '/api/connection/datasource/create', { alias, type: 'POSTGRESQL', host: PG.host, port: PG.port, user: PG.user, databaseName: 'postgres' });
  return { dataSourceId: id, dataSourceName: alias, databaseType: 'POSTGRESQL', databaseName: 'postgres', schemaName: 'public' };
}

export async function createConsole(request: APIRequestContext, b: Binding, name = `e2e ${Date.now().toString(36)}`, ddl = ''): Promise<{ id: number; name: string }> {
  const id = await apiData<number>(request, 'post', '/api/operation/saved/create', { name, ddl, status: 'DRAFT', tabOpened: true, operationType: 'CONSOLE', dataSourceId: b.dataSourceId, dataSourceName: b.dataSourceName, databaseName: b.databaseName, schemaName: b.schemaName, type: b.databaseType });
  return { id, name };
}

export function consoleTab(c: { id: number; name: string }, b: Binding) {
  return { id: `console-${c.id}`, type: 'CONSOLE', title: c.name, consoleId: c.id, ...b };
}

/** Opens the workspace with these tabs open (as after a reload), the first active. */
export async function openTabs(page: Page, tabs: object[], lang = 'en-US'): Promise<void> {
  await page.goto(`/workspace?language=${lang}`);
  await page.evaluate((t) => localStorage.setItem('askdb.workspace.tabs', JSON.stringify({ tabs: t, activeId: (t[0] as { id: string }).id })), tabs);
  await page.reload();
  await expect(editorOf(page)).toBeVisible({ timeout: 20_000 });
}

export async function openConsole(page: Page, request: APIRequestContext, b: Binding, opts: { name?: string; ddl?: string; lang?: string } = {}) {
  const c = await createConsole(request, b, opts.name, opts.ddl);
  await openTabs(page, [consoleTab(c, b)], opts.lang);
  return c;
}

export const editorOf = (page: Page): Locator => page.locator('.askdb-console:visible [data-testid="sql-editor"] .monaco-editor');

/** Puts text in the editor at the cursor as one input (no auto-closing of brackets/quotes per keystroke). */
export async function insertSql(page: Page, sql: string): Promise<void> {
  await editorOf(page).locator('.view-lines').click();
  await page.keyboard.insertText(sql);
}

/** Replaces the whole editor text. */
export async function setSql(page: Page, sql: string): Promise<void> {
  await editorOf(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  if (sql) await page.keyboard.insertText(sql);
}

export async function editorText(page: Page): Promise<string> {
  return page.locator('.askdb-console:visible [data-testid="sql-editor"] .view-lines').evaluate((el) => (el as HTMLElement).innerText.replace(/\u00a0/g, ' '));
}

/** Moves the cursor to a line and column (1-based) with the keyboard. */
export async function cursorTo(page: Page, line: number, column: number): Promise<void> {
  await editorOf(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  for (let i = 1; i < column; i++) await page.keyboard.press('ArrowRight');
}

export const grid = (page: Page) => page.locator('.askdb-console:visible [data-testid="result-grid"]');
export const shot = (name: string) => `${process.env.ASKDB_SHOTS ?? 'test-results/console'}/${name}.png`;

export async function gridColumn(page: Page, c: number): Promise<string[]> {
  return grid(page).locator(`[role="gridcell"][data-c="${c}"]`).allInnerTexts();
}

/** Expands a tree node (by its key) unless it is open already. */
export async function expandTree(page: Page, key: string): Promise<void> {
  const node = page.locator(`[data-key="${key}"]`);
  await expect(node).toBeVisible();
  if ((await node.getAttribute('aria-expanded')) !== 'true') await node.locator('.askdb-tree-caret').click();
  await expect(node).toHaveAttribute('aria-expanded', 'true');
}
