/**
 * Issue 25, "Done means": a new user's first hour on a team server, in one journey. Alice opens the
 * new connection dialog (PostgreSQL by default), switches to MariaDB (its port and user follow) and
 * connects; browses to a table, edits a cell and closes the tab with the edit pending (asked: cancel
 * keeps it, apply writes it); opens a console and writes SQL with the list opening after FROM by itself;
 * asks the '/' inline AI, whose SQL lands in the editor as a diff she accepts; creates a team. Bob joins,
 * is refused on the shared Warehouse, applies; Alice approves and Bob's query runs.
 * Its own server-mode AskDB, the scripted OpenAI-compatible server, scratch MariaDB and PostgreSQL databases.
 */
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { startServerModeServer, type ServerModeServer } from '../server';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../packages/ai/test/scripted-llm-server';
import { pickOption } from './accounts-helpers';
import { PG, editorOf, setSql } from './console-lib';
import { person, type Person } from './governance-helpers';
import { contextMenu, expand, treeNode, uid, pickConnectionType } from './workspace-helpers';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });
const NAV = { timeout: 30_000 };
const MY_URL = new URL(process.env.ASKDB_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306');
const id = uid();
const mariaDb = `askdb_journey_${id}`;
const warehouseDb = `askdb_journey_wh_${id}`;
const AI_SQL = 'SELECT id, name\nFROM items\nORDER BY id DESC\nLIMIT 10';

let server: ServerModeServer, llm: ScriptedLlmServer, alice: Person, bob: Person;
let teamCode = '';

async function onMaria<T>(fn: (c: mysql.Connection) => Promise<T>, database?: string): Promise<T> {
  const c = await mysql.createConnection({ host: MY_URL.hostname, port: Number(MY_URL.port || 3306), user: decodeURIComponent(MY_URL.username || 'root'), password: decodeURIComponent(MY_URL.password), database, multipleStatements: true });
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
async function onPg<T>(fn: (c: pg.Client) => Promise<T>, database = 'postgres'): Promise<T> {
  const c = new pg.Client({ host: PG.host, port: PG.port, user: PG.user, database });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function api<T>(p: Person, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = method === 'GET' ? await p.ctx.request.get(server.url + path) : await p.ctx.request.post(server.url + path, { data: data ?? {} });
  const env = (await res.json()) as { success: boolean; data: T; errorMessage?: string };
  if (!env.success) throw new Error(`${method} ${path}: ${env.errorMessage}`);
  return env.data;
}

const go = (p: Person, path: string) => p.page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}language=en-US`);
/** Waits until a modal's opening animation is over, so a screenshot shows it. */
const settled = (page: Page, testId: string) => expect.poll(() => page.getByTestId(testId).evaluate((el) => getComputedStyle(el.closest('.ant-modal') ?? el).opacity)).toBe('1');
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/journey-${name}.png` });

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(150_000);
  // A web build of one's own (ASKDB_WEB_DIST) is served when given; otherwise the copy of apps/web/dist.
  [server, llm] = await Promise.all([startServerModeServer(process.env.ASKDB_WEB_DIST ? { ASKDB_WEB_DIST: process.env.ASKDB_WEB_DIST } : {}), startScriptedLlmServer()]);
  llm.models = ['test-model'];
  await onMaria((c) => c.query(`CREATE DATABASE ${mariaDb}`));
  await onMaria((c) => c.query(`CREATE TABLE items (id int PRIMARY KEY, name varchar(40)); INSERT INTO items VALUES (1, 'one'), (2, 'two')`), mariaDb);
  await onPg((c) => c.query(`CREATE DATABASE ${warehouseDb}`));
  await onPg((c) => c.query(`CREATE TABLE orders (id int PRIMARY KEY, status text NOT NULL); INSERT INTO orders VALUES (1, 'new'), (2, 'paid')`), warehouseDb);
  alice = await person(browser, server.url, { name: 'Alice Journey', email: `alice.journey.${id}@example.com` });
  bob = await person(browser, server.url, { name: 'Bob Journey', email: `bob.journey.${id}@example.com` });
});

test.afterAll(async () => {
  for (const p of [alice, bob]) await p?.ctx.close();
  await Promise.all([server?.stop(), llm?.close()]);
  await onMaria((c) => c.query(`DROP DATABASE IF EXISTS ${mariaDb}`));
  await onPg((c) => c.query(`DROP DATABASE IF EXISTS ${warehouseDb} WITH (FORCE)`));
});

const port = (page: Page) => page.getByTestId('conn-port').locator('input').or(page.locator('input[data-testid=conn-port]')).first();
const cell = (page: Page, row: number, column: string) => page.getByTestId('grid-row').nth(row).locator(`[data-testid=grid-cell][data-column="${column}"]`);
const tabOfType = (page: Page, type: string) => page.locator(`[data-testid=workspace-tab][data-tab-type=${type}]`);
const closeTab = (page: Page, type: string) => tabOfType(page, type).locator('xpath=ancestor::div[contains(@class,"ant-tabs-tab")]').getByRole('button', { name: /remove|close/i }).click();
const mariaNames = () => onMaria(async (c) => ((await c.query('SELECT name FROM items ORDER BY id'))[0] as { name: string }[]).map((r) => r.name), mariaDb);

let mariaId = 0;

test('connect a MariaDB after the PostgreSQL default, browse to a table, edit it and close the tab with the edit pending', async () => {
  const page = alice.page;
  await go(alice, '/workspace');
  await expect(page.getByTestId('explorer')).toBeVisible(NAV);
  await page.getByTestId('new-connection').click();
  await expect(page.getByTestId('connection-form')).toBeVisible();
  await expect(page.getByTestId('conn-user')).toHaveValue('postgres');
  await expect(port(page)).toHaveValue('5432');
  // Switching the type gives the new type's defaults.
  await pickConnectionType(page, 'MariaDB');
  await expect(port(page)).toHaveValue('3306');
  await expect(page.getByTestId('conn-user')).toHaveValue('root');
  const alias = `Maria ${id}`;
  await page.getByTestId('conn-alias').fill(alias);
  await page.getByTestId('conn-host').fill(MY_URL.hostname);
  await port(page).fill(MY_URL.port || '3306');
  await page.getByTestId('conn-user').fill(decodeURIComponent(MY_URL.username || 'root'));
  if (MY_URL.password) await page.getByTestId('conn-password').fill(decodeURIComponent(MY_URL.password));
  await page.getByTestId('conn-database').fill(mariaDb);
  await shot(page, '1-new-connection-mariadb');
  await page.getByTestId('conn-save').click();

  // Browse: the source → its database → Tables → items.
  const source = treeNode(page, 'DATA_SOURCE', alias);
  await expect(source).toBeVisible(NAV);
  const list = await api<{ data: { id: number; alias: string; type: string }[] }>(alice, 'GET', '/api/connection/datasource/list?pageNo=1&pageSize=100');
  const saved = list.data.find((d) => d.alias === alias)!;
  expect(saved.type).toBe('MARIADB');
  mariaId = saved.id;
  await expand(source);
  await expand(page.locator(`[data-key="ds:${mariaId}/db:${mariaDb}"]`));
  await expand(page.locator(`[data-key="ds:${mariaId}/db:${mariaDb}/tables"]`));
  const items = page.locator(`[data-key="ds:${mariaId}/db:${mariaDb}/tables/t:items"]`);
  await items.dblclick();
  await expect(cell(page, 0, 'name')).toHaveText('one', NAV);
  await shot(page, '2-browse-table');

  // Edit a cell, then close the tab: asked, cancel keeps the edit.
  await cell(page, 0, 'name').dblclick();
  await page.getByTestId('cell-editor').fill('ONE');
  await page.getByTestId('cell-editor').press('Enter');
  await expect(page.getByTestId('changes-submit')).toHaveText(/Review & apply \(1\)/);
  await closeTab(page, 'EDIT_TABLE_DATA');
  const dialog = page.getByTestId('pending-dialog');
  await expect(dialog).toContainText('Apply the changes in items?');
  await expect(dialog).toContainText('1 pending change');
  await settled(page, 'pending-dialog');
  await shot(page, '3-close-with-pending-edit');
  await page.getByTestId('pending-cancel').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('changes-submit')).toHaveText(/\(1\)/);
  expect(await mariaNames()).toEqual(['one', 'two']);
  // Closed again and applied: written to MariaDB, the tab gone.
  await closeTab(page, 'EDIT_TABLE_DATA');
  await page.getByTestId('pending-apply').click();
  await expect(tabOfType(page, 'EDIT_TABLE_DATA')).toHaveCount(0, NAV);
  await expect.poll(mariaNames).toEqual(['ONE', 'two']);
});

test("write SQL with completion opening after FROM by itself, then ask the '/' inline AI and accept its diff", async () => {
  const page = alice.page;
  await api(alice, 'POST', '/api/config/system_config/ai', { aiSqlSource: 'OPENAI', apiHost: llm.url, model: 'test-model' });
  llm.handle(() => ({ content: ['Here you are:\n\n```sql\n', `${AI_SQL}\n`, '```\n'] }));
  await contextMenu(page.locator(`[data-key="ds:${mariaId}/db:${mariaDb}"]`), 'New console');
  const editor = editorOf(page);
  await expect(editor).toBeVisible(NAV);
  await editor.locator('.view-lines').click();
  // Typed key by key; never Ctrl+Space.
  await page.keyboard.type('SELECT * FROM ', { delay: 40 });
  const suggest = editor.locator('.suggest-widget.visible');
  await expect(suggest).toBeVisible();
  await expect(suggest.locator('.monaco-list-row .label-name').filter({ hasText: /^items$/ }).first()).toBeVisible();
  await shot(page, '4-completion-after-from');
  await page.keyboard.press('Escape');
  await page.keyboard.type('items;', { delay: 20 });
  await page.keyboard.press('Escape');
  await page.getByTestId('console-run').click();
  await expect(page.locator('.askdb-console:visible [data-testid="result-grid"]').first()).toContainText('ONE', NAV);

  // The '/' box: its SQL is written in the editor below, as a diff to accept.
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('/');
  await page.getByTestId('inline-ai-input').fill('ten newest items');
  await page.keyboard.press('Enter');
  const diff = page.getByTestId('inline-ai-diff');
  await expect(diff).toBeVisible(NAV);
  const lines = () => editor.locator('.view-lines').innerText().then((s) => s.replace(/\u00a0/g, ' '));
  await expect.poll(lines).toContain('ORDER BY id DESC');
  await expect(editor.locator('.view-overlays .askdb-inline-ai-added')).toHaveCount(4);
  await expect(page.getByTestId('right-panel').getByText('ten newest items')).toHaveCount(0);
  await shot(page, '5-inline-ai-diff');
  await diff.getByTestId('inline-ai-accept').click();
  await expect(diff).toBeHidden();
  await expect(editor.locator('.view-overlays .askdb-inline-ai-added')).toHaveCount(0);
  expect(await lines()).toMatch(/SELECT \* FROM items;\s*SELECT id, name\s*FROM items\s*ORDER BY id DESC\s*LIMIT 10/);
});

test('create a team; a member who joins is refused on the shared Warehouse and applies; the admin approves; the query runs', async () => {
  const a = alice.page;
  const teamName = `Journey ${id.slice(-4)}`;
  await go(alice, '/team');
  await expect(a.getByTestId('team-personal')).toBeVisible(NAV);
  await a.getByTestId('create-team-name').fill(teamName);
  await pickOption(a, 'create-team-area', 'Asia');
  await pickOption(a, 'create-team-industry', 'Finance');
  await pickOption(a, 'create-team-role', 'Data analyst');
  await a.getByTestId('create-team-agree').check();
  await a.getByTestId('create-team-submit').click();
  teamCode = (await a.getByTestId('created-team-code').innerText()).trim();
  await a.reload();
  await expect(a.getByTestId('current-org')).toHaveText(teamName, NAV);
  await shot(a, '6-team-created');

  // Bob asks to join by code; Alice approves him on the Members page.
  const b = bob.page;
  await go(bob, '/team');
  await b.getByTestId('team-tab-join').click();
  await b.getByTestId('join-team-code').fill(teamCode);
  await expect(b.getByTestId('team-code-valid')).toContainText(teamName);
  await b.getByTestId('join-team-reason').fill('I write the shipping report');
  await b.getByTestId('join-team-submit').click();
  await expect(b.getByTestId('join-sent')).toBeVisible(NAV);
  await a.reload();
  await a.getByTestId('team-menu-members').click();
  const joinRequest = a.locator('[data-testid^="join-request-"][data-name="Bob Journey"]');
  await joinRequest.getByTestId('join-request-approve').click();
  await expect(a.locator('[data-testid^="member-row-"][data-name="Bob Journey"]').getByTestId('member-role')).toHaveText('Member', NAV);

  // The team's Warehouse, shared; SELECTs run without approval once granted.
  const team = (await api<{ id: number; name: string }[]>(bob, 'GET', '/api/organization/list')).find((t) => t.name === teamName)!;
  await api(bob, 'POST', '/api/organization/switch_org', { organizationId: team.id });
  const warehouse = await api<number>(alice, 'POST', '/api/connection/datasource/create', { alias: 'Warehouse', type: 'POSTGRESQL', host: PG.host, port: PG.port, user: PG.user, databaseName: warehouseDb, visibility: 'SHARED' });
  await api(alice, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: [] });

  // Bob's query is refused; he applies from the refusal.
  const binding = { dataSourceId: warehouse, dataSourceName: 'Warehouse', databaseType: 'POSTGRESQL', databaseName: warehouseDb, schemaName: 'public' };
  const consoleId = await api<number>(bob, 'POST', '/api/operation/saved/create', { name: 'Shipping', ddl: '', status: 'DRAFT', tabOpened: true, operationType: 'CONSOLE', ...binding, type: 'POSTGRESQL' });
  await go(bob, '/workspace');
  await b.evaluate((t) => localStorage.setItem('askdb.workspace.tabs', JSON.stringify({ tabs: [t], activeId: t.id })), { id: `console-${consoleId}`, type: 'CONSOLE', title: 'Shipping', consoleId, ...binding });
  await b.reload();
  await expect(editorOf(b)).toBeVisible(NAV);
  const query = 'SELECT id, status FROM orders ORDER BY id';
  await setSql(b, query);
  await b.getByTestId('console-run').click();
  const restricted = b.getByRole('dialog', { name: 'Permissions restricted' });
  await expect(restricted).toBeVisible(NAV);
  await shot(b, '7-refused');
  await restricted.getByTestId('permission-restricted-apply').click();
  const form = b.getByRole('dialog', { name: 'Apply for permission' });
  // The form carries what was refused: the orders table and the two columns read.
  const asked = form.getByTestId('apply-tables');
  await expect(asked.getByTestId('scope-table')).toHaveCount(1, NAV);
  await expect(asked.locator('[data-table="orders"]').getByTestId('scope-column')).toHaveText(['id', 'status']);
  await form.getByTestId('apply-reason').fill('Shipping report');
  await shot(b, '8-apply');
  await form.getByTestId('apply-submit').click();
  await expect(b.getByText('Application sent')).toBeVisible(NAV);
  const mine = await api<{ data: { id: number }[] }>(bob, 'GET', '/api/permission/apply/list?pageNo=1&pageSize=5');
  const flowId = mine.data[0]!.id;

  // Alice approves it from the team's approvals.
  await go(alice, '/team');
  await a.getByTestId('team-menu-approvals').click();
  await a.getByTestId(`flow-row-${flowId}`).getByTestId('flow-view').click();
  const view = a.getByTestId('flow-view');
  await expect(view.getByTestId('flow-scope').locator('[data-table="orders"]')).toBeVisible(NAV);
  await view.getByTestId('flow-approve').click();
  const act = a.getByTestId('flow-action-dialog').last();
  await settled(a, 'flow-action-dialog');
  await shot(a, '9-approve');
  await act.getByTestId('flow-action-ok').click();
  await expect(view.getByTestId('approval-status').first()).toHaveAttribute('data-status', 'APPROVED', NAV);
  const grants = (await api<{ data: { detail: { userId: number; tableName: string | null; columns: string[] | null } }[] }>(alice, 'GET', '/api/permission/authorization/list?pageNo=1&pageSize=50')).data;
  expect(grants.filter((g) => g.detail.userId === bob.userId).map((g) => [g.detail.tableName, g.detail.columns])).toEqual([['orders', ['id', 'status']]]);

  // Bob runs the same query again: it runs.
  await go(bob, '/workspace');
  await expect(editorOf(b)).toBeVisible(NAV);
  await setSql(b, query);
  await b.getByTestId('console-run').click();
  await expect(b.getByTestId('result-grid').first()).toContainText('paid', NAV);
  await shot(b, '10-granted');
});
