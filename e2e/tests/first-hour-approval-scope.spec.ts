/**
 * Issue 25 point 6, as the user did it: Bob may read only `orders.id`; he runs a query over
 * `orders.status` and `secrets.token` and is refused; the apply form carries exactly those tables and
 * columns (and the script text when he switches to "Running a script") with a validity; Alice sees
 * that scope and validity in the flow view, removes `secrets` and shortens the validity to 7 days,
 * and approves; the grant made is orders.status for 7 days — no whole-schema READ — so Bob's query
 * on orders runs and one on secrets is still refused.
 */
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ServerModeServer } from '../server';
import { editorOf, setSql } from './console-lib';
import { dropGovernedTeam, governedTeam, type Governed, type Person } from './governance-helpers';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

const NAV = { timeout: 30_000 };
const stamp = Date.now();
const SQL = 'SELECT o.status, s.token FROM orders o, secrets s';
// Outside test-results, which parallel Playwright runs wipe.
const dir = process.env.ASKDB_SHOTS ?? path.join(os.tmpdir(), 'askdb-approval-scope');

let server: ServerModeServer, world: Governed, alice: Person, bob: Person, carol: Person;
let flowId = 0;

const post = async (p: Person, path: string, data: unknown) => {
  const r = await p.ctx.request.post(server.url + path, { data });
  const env = await r.json();
  expect(env.success, env.errorMessage).toBe(true);
  return env.data;
};
const get = async (p: Person, path: string) => (await (await p.ctx.request.get(server.url + path)).json()).data;
const go = (p: Person, path: string) => p.page.goto(`${server.url}${path}?language=en-US`);
const restricted = (page: Page) => page.getByRole('dialog', { name: 'Permissions restricted' });

async function bobRuns(sql: string) {
  const c = await world.consoleFor(bob);
  await go(bob, '/workspace');
  await bob.page.evaluate((t) => localStorage.setItem('askdb.workspace.tabs', JSON.stringify({ tabs: [t], activeId: t.id })), c.tab);
  await bob.page.reload();
  await expect(editorOf(bob.page)).toBeVisible(NAV);
  await setSql(bob.page, sql);
  await bob.page.getByTestId('console-run').click();
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(120_000);
  ({ server, world, alice, bob, carol } = await governedTeam(browser, 'scope_e2e', '.scope', stamp));
  await post(alice, '/api/permission/script_policy', { selectFree: true, needApprovalFor: [] });
  await post(alice, '/api/permission/authorization/create', { userId: bob.userId, dataSourceId: world.dataSourceId, databaseName: world.database, schemaName: 'public', tableName: 'orders', columns: ['id'], actions: ['READ'], expireAt: null });
});
test.afterAll(() => dropGovernedTeam({ server, world, alice, bob, carol }));

test('refused on two columns of two tables: the apply form carries exactly them, a validity, and the script', async () => {
  await bobRuns(SQL);
  const dialog = restricted(bob.page);
  await expect(dialog).toBeVisible(NAV);
  await dialog.getByTestId('permission-restricted-apply').click();
  const form = bob.page.getByRole('dialog', { name: 'Apply for permission' });
  const tables = form.getByTestId('apply-tables');
  await expect(tables.getByTestId('scope-table')).toHaveCount(2);
  await expect(tables.locator('[data-table="orders"]').getByTestId('scope-column')).toHaveText(['status']);
  await expect(tables.locator('[data-table="secrets"]').getByTestId('scope-column')).toHaveText(['token']);
  await expect(form.getByTestId('apply-validity')).toContainText('30 days');
  // "Running a script" carries the refused statement, not an empty box.
  await form.getByLabel('Running a script').check();
  await expect(form.getByTestId('apply-script')).toHaveValue(SQL);
  await form.getByLabel('Data permission').check();
  await form.getByTestId('apply-reason').fill('Shipping report');
  await bob.page.waitForTimeout(400); // the modal's zoom-in animation, for the screenshot
  await bob.page.screenshot({ path: `${dir}/apply-form.png` });
  await form.getByTestId('apply-submit').click();
  await expect(bob.page.getByText('Application sent')).toBeVisible(NAV);
  const mine = await get(bob, '/api/permission/apply/list?pageNo=1&pageSize=5');
  flowId = mine.data[0].id;
  expect(flowId).toBeGreaterThan(0);
});

test('the approver sees the scope and validity, narrows both, and the grant is exactly what was shown', async () => {
  await go(alice, '/team');
  await alice.page.getByTestId('team-menu-approvals').click();
  await alice.page.getByTestId(`flow-row-${flowId}`).getByTestId('flow-view').click();
  const view = alice.page.getByTestId('flow-view');
  const scope = view.getByTestId('flow-scope');
  await expect(scope.getByTestId('scope-table')).toHaveCount(2, NAV);
  await expect(scope.locator('[data-table="orders"]')).toContainText('status');
  await expect(view.getByTestId('flow-validity')).toContainText('Until');
  await alice.page.waitForTimeout(400);
  await alice.page.screenshot({ path: `${dir}/flow-view.png` });

  await view.getByTestId('flow-approve').click();
  const act = alice.page.getByTestId('flow-action-dialog').last();
  const narrow = act.getByTestId('approve-tables');
  await narrow.locator('[data-table="secrets"]').getByTestId('scope-remove-table').click();
  await expect(narrow.getByTestId('scope-table')).toHaveCount(1);
  await act.getByTestId('approve-validity').click();
  await alice.page.locator('.ant-select-item-option').filter({ hasText: '7 days' }).click();
  await alice.page.waitForTimeout(400);
  await alice.page.screenshot({ path: `${dir}/approve-dialog.png` });
  await act.getByTestId('flow-action-ok').click();
  await expect(view.getByTestId('approval-status').first()).toHaveAttribute('data-status', 'APPROVED', NAV);
  await expect(scope.getByTestId('scope-table')).toHaveCount(1);
  await expect(view.getByText('Granted')).toBeVisible();
  await alice.page.screenshot({ path: `${dir}/flow-approved.png` });

  const rows = (await get(alice, '/api/permission/authorization/list?pageNo=1&pageSize=50')).data as Array<{ detail: { userId: number; tableName: string | null; columns: string[] | null }; validity: { expireAt: string | null } }>;
  const bobs = rows.filter((r) => r.detail.userId === bob.userId).map((r) => ({ ...r.detail, expireAt: r.validity.expireAt }));
  expect(bobs.map((g) => [g.tableName, g.columns]).sort()).toEqual([['orders', ['id']], ['orders', ['status']]]);
  const made = bobs.find((g) => g.columns?.includes('status'))!;
  const days = (new Date(made.expireAt!).getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThan(7.1);
});

test('Bob reads what was granted and nothing more', async () => {
  await bobRuns('SELECT id, status FROM orders ORDER BY id');
  await expect(bob.page.getByTestId('result-grid').first()).toContainText('new', NAV);
  await setSql(bob.page, 'SELECT token FROM secrets');
  await bob.page.getByTestId('console-run').click();
  await expect(restricted(bob.page)).toBeVisible(NAV);
});

test("a member's chat context defaults to the first place he can read, not a source he may not read", async () => {
  // A shared source Bob holds no grant on, listed before the Warehouse by name.
  const locked = await post(alice, '/api/connection/datasource/create', { alias: 'AAA Locked', type: 'POSTGRESQL', host: '127.0.0.1', port: 5432, user: 'postgres', databaseName: world.database, visibility: 'SHARED' });
  const sources = (await get(bob, '/api/connection/datasource/list?pageNo=1&pageSize=50')).data as Array<{ id: number; alias: string; hasPermission: boolean }>;
  expect(sources.find((s) => s.id === locked)?.hasPermission).toBe(false);
  await go(bob, '/workspace');
  // No console open, and a context remembered from before that he may not read.
  await bob.page.evaluate((id) => {
    localStorage.setItem('askdb.workspace.tabs', JSON.stringify({ tabs: [], activeId: null }));
    localStorage.setItem('askdb.chat.context', JSON.stringify({ dataSourceId: id, dataSourceName: 'AAA Locked', databaseType: 'POSTGRESQL' }));
  }, locked);
  await bob.page.reload();
  const label = bob.page.getByTestId('right-panel').getByTestId('chat-context-label');
  await expect(label).toContainText('Warehouse', NAV);
  await expect(label).not.toContainText('AAA Locked');
  await expect(label).toContainText(world.database);
});
