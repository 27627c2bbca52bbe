/**
 * Team governance (issue 13) in server mode: its own AskDB on a scratch PostgreSQL store, and a scratch
 * PostgreSQL database as the team's shared data source. Alice owns the team (super admin), Carol is an
 * admin, Bob a member. Alice grants Bob read and write in the Authorization list; the team's policy
 * holds UPDATEs for an approved script, so Bob's UPDATE is refused with "Permissions restricted"; he
 * applies from the dialog with the script prefilled; Alice approves adding Carol as a signer, Carol
 * approves; Bob runs the statement (once: a second run is refused again) and Alice finds it in the
 * SQL audit page.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ServerModeServer } from '../server';
import { pickOption } from './accounts-helpers';
import { editorOf, setSql } from './console-lib';
import { dropGovernedTeam, governedTeam, type Governed, type Person } from './governance-helpers';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

const NAV = { timeout: 30_000 };
const stamp = Date.now();
const SQL = `UPDATE orders SET status = 'shipped-${stamp % 100000}' WHERE id = 1`;

let server: ServerModeServer, world: Governed, alice: Person, bob: Person, carol: Person;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(120_000);
  ({ server, world, alice, bob, carol } = await governedTeam(browser, 'gov_e2e', '', stamp));
});
test.afterAll(() => dropGovernedTeam({ server, world, alice, bob, carol }));

const go = (p: Person, path: string, lang = 'en-US') => p.page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}language=${lang}`);
const restricted = (page: Page) => page.getByRole('dialog', { name: /Permissions restricted|権限が制限されています/ });

async function teamEntry(p: Person, key: string, lang = 'en-US') {
  await go(p, '/team', lang);
  await expect(p.page.getByTestId('team-menu')).toBeVisible(NAV);
  await p.page.getByTestId(`team-menu-${key}`).click();
}

/** Bob's console on the shared source, opened the way the workspace restores its tabs. */
async function bobConsole(lang = 'en-US') {
  const c = await world.consoleFor(bob);
  await go(bob, '/workspace', lang);
  await bob.page.evaluate((t) => localStorage.setItem('askdb.workspace.tabs', JSON.stringify({ tabs: [t], activeId: t.id })), c.tab);
  await bob.page.reload();
  await expect(editorOf(bob.page)).toBeVisible(NAV);
}

test('a member sees the shared source tagged "no permission"; the admin grants read and write in the Authorization list', async () => {
  await go(bob, '/workspace');
  const node = bob.page.locator(`[data-testid=tree-node][data-key="ds:${world.dataSourceId}"]`);
  await expect(node.getByTestId('no-permission-tag')).toHaveText('No permission', NAV);
  await expect(node).not.toHaveAttribute('aria-expanded');

  await teamEntry(alice, 'authorizations');
  await expect(alice.page.getByTestId('team-authorizations')).toBeVisible();
  await alice.page.getByTestId('auth-grant').click();
  await pickOption(alice.page, 'grant-member', bob.name);
  await pickOption(alice.page, 'grant-data-source', 'Warehouse');
  await alice.page.getByTestId('grant-actions').getByText('Write data').click();
  await alice.page.getByTestId('grant-submit').click();
  await expect(alice.page.getByText('Permission granted')).toBeVisible();
  const row = alice.page.getByTestId('auth-table').locator('tbody tr').filter({ hasText: bob.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('auth-description')).toContainText('Warehouse');
  await expect(row).toContainText('Permanent');

  // Bob's tree now browses the source.
  await go(bob, '/workspace');
  await expect(node).toBeVisible(NAV);
  await expect(node.getByTestId('no-permission-tag')).toHaveCount(0);
});

test('an UPDATE the policy holds for approval is refused; the member applies from the dialog with the script prefilled', async () => {
  await bobConsole();
  await setSql(bob.page, SQL);
  await bob.page.getByTestId('console-run').click();
  const dialog = restricted(bob.page);
  await expect(dialog).toBeVisible(NAV);
  await expect(dialog.getByTestId('permission-restricted-apply')).toHaveText('Apply for permission');
  await dialog.getByTestId('permission-restricted-apply').click();

  // Spec 02 §8: "Apply opens the apply list with the request prefilled" — not a form over the workspace.
  await expect(bob.page).toHaveURL(/\/team/);
  await expect(bob.page.getByTestId('team-applies')).toBeVisible(NAV);
  const form = bob.page.getByRole('dialog', { name: 'Apply for permission' });
  await expect(form).toBeVisible();
  await bob.page.screenshot({ path: 'test-results/h29-apply-list-prefilled.png' });
  await expect(form.getByLabel('Running a script')).toBeChecked();
  await expect(form.getByTestId('apply-script')).toHaveValue(SQL);
  await expect(form.getByTestId('apply-data-source')).toContainText('Warehouse');
  await expect(form.getByTestId('apply-database')).toHaveValue(world.database);
  // The reason is required, in the user's language, before anything is sent.
  await form.getByTestId('apply-submit').click();
  await expect(form.getByText('Please enter a reason')).toBeVisible();
  await form.getByTestId('apply-reason').fill('Mark order 1 shipped');
  await form.getByTestId('apply-submit').click();
  await expect(bob.page.getByText('Application sent. The team admins will review it.')).toBeVisible();
  await expect(form).toBeHidden();
  // The Apply list behind the form shows the new application at once.
  await expect(bob.page.getByTestId('team-applies').locator('tbody tr').first().getByTestId('approval-status')).toBeVisible(NAV);

  await teamEntry(bob, 'applies');
  const mine = bob.page.getByTestId('team-applies').locator('tbody tr').first();
  await expect(mine.getByTestId('approval-status')).toHaveAttribute('data-status', /INVOKED|PENDING/, NAV);
  world.flowId = Number((await mine.getByTestId('flow-id').innerText()).replace('#', ''));
  expect(world.flowId).toBeGreaterThan(0);
  // A member decides nothing: the Approval list points to the Apply list.
  await bob.page.getByTestId('team-menu-approvals').click();
  await expect(bob.page.getByTestId('team-approvals-member')).toContainText('Apply list');
});

test('the admin approves adding a signer; the signer approves too; badges follow the waiting flows', async () => {
  await go(alice, '/team');
  await expect(alice.page.getByTestId('team-tab-badge')).toContainText('1', NAV);
  await alice.page.getByTestId('team-menu-approvals').click();
  await expect(alice.page.getByTestId('approvals-menu-badge')).toContainText('1');
  const row = alice.page.getByTestId(`flow-row-${world.flowId}`);
  await expect(row.getByTestId('flow-name')).toBeVisible(NAV);
  await row.getByTestId('flow-view').click();
  const view = alice.page.getByTestId('flow-view');
  await expect(view.getByTestId('flow-applicant')).toHaveText(bob.name);
  await expect(view.getByTestId('flow-script')).toContainText(SQL);
  await expect(view.getByTestId('flow-step').first()).toContainText(`${bob.name} applied`);
  await view.getByTestId('flow-add_signature').click();
  const act = alice.page.getByTestId('flow-action-dialog').last();
  await pickOption(alice.page, 'flow-action-approvers', carol.name);
  await alice.page.getByTestId('flow-action-comment').fill('Carol owns the orders table');
  await alice.page.getByTestId('flow-action-ok').click();
  await expect(alice.page.getByText('Approved; the added approvers must also approve')).toBeVisible();
  await expect(act).toBeHidden();
  await expect(view.getByTestId('flow-step-comment').filter({ hasText: 'Carol owns the orders table' })).toBeVisible();
  await expect(view.getByTestId('flow-approve')).toHaveCount(0);
  await expect(alice.page.getByTestId('team-tab-badge')).not.toContainText('1');

  await go(carol, '/team');
  await expect(carol.page.getByTestId('team-tab-badge')).toContainText('1', NAV);
  await carol.page.getByTestId('team-menu-approvals').click();
  await carol.page.getByTestId(`flow-row-${world.flowId}`).getByTestId('flow-view').click();
  const cview = carol.page.getByTestId('flow-view');
  await expect(cview.getByTestId('flow-applicant')).toHaveText(bob.name, NAV);
  await cview.getByTestId('flow-approve').click();
  await carol.page.getByTestId('flow-action-ok').click();
  await expect(carol.page.getByText('Approved', { exact: true }).first()).toBeVisible();
  await expect(cview.getByTestId('approval-status').first()).toHaveAttribute('data-status', 'APPROVED');
});

test('the member runs the approved statement once; running it again is refused', async () => {
  await bobConsole();
  await setSql(bob.page, SQL);
  await bob.page.getByTestId('console-run').click();
  await expect(bob.page.getByTestId('console-error-bar')).toHaveCount(0, NAV);
  await expect.poll(() => world.orderStatus(1), NAV).toBe(`shipped-${stamp % 100000}`);
  await expect(restricted(bob.page)).toBeHidden();

  await bob.page.getByTestId('console-run').click();
  const again = restricted(bob.page);
  await expect(again).toBeVisible(NAV);
  await again.getByTestId('permission-restricted-cancel').click();
  await expect(again).toBeHidden();
});

test('the super admin finds the statement in the SQL audit page', async () => {
  await teamEntry(alice, 'audit');
  await expect(alice.page.getByTestId('team-audit')).toBeVisible(NAV);
  await alice.page.getByTestId('audit-filter-text').locator('input').fill(`shipped-${stamp % 100000}`);
  await alice.page.getByTestId('audit-filter-text').locator('input').press('Enter');
  const sqlCell = alice.page.getByTestId('audit-sql').filter({ hasText: SQL });
  await expect(sqlCell.first()).toBeVisible(NAV);
  await expect(alice.page.getByTestId('audit-table').locator('tbody tr').filter({ hasText: SQL }).first()).toContainText(bob.name);
});

/** Picks from a searchable antd Select by typing (long lists are virtual: far options are not rendered). */
async function searchPick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text, visible: true }).first().click();
}

test('narrowed to one table: the tree tags the other table, and reading it is refused with a data application prefilled', async () => {
  // Alice withdraws the whole-source grant (confirmed) and grants read on `orders` only.
  await teamEntry(alice, 'authorizations');
  const row = alice.page.getByTestId('auth-table').locator('tbody tr').filter({ hasText: bob.name });
  await row.getByTestId('auth-delete').click();
  await alice.page.getByTestId('auth-delete-confirm').click();
  await expect(alice.page.getByText('Authorization deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  await alice.page.getByTestId('auth-grant').click();
  await pickOption(alice.page, 'grant-member', bob.name);
  await pickOption(alice.page, 'grant-data-source', 'Warehouse');
  await searchPick(alice.page, 'grant-database', world.database);
  await searchPick(alice.page, 'grant-schema', 'public');
  await searchPick(alice.page, 'grant-table', 'orders');
  await alice.page.getByTestId('grant-submit').click();
  await expect(alice.page.getByText('Permission granted')).toBeVisible();
  await expect(row.getByTestId('auth-description')).toContainText('orders');
  await expect(row).toContainText('Table');

  // Bob's tree: `orders` browsable, `secrets` tagged and not expandable.
  await go(bob, '/workspace');
  const ds = `ds:${world.dataSourceId}`;
  const tables = `${ds}/db:${world.database}/sc:public/tables`;
  for (const key of [ds, `${ds}/db:${world.database}`, `${ds}/db:${world.database}/sc:public`, tables]) {
    const node = bob.page.locator(`[data-key="${key}"]`);
    await expect(node).toBeVisible(NAV);
    if ((await node.getAttribute('aria-expanded')) !== 'true') await node.locator('.askdb-tree-caret').click();
    await expect(node).toHaveAttribute('aria-expanded', 'true', NAV);
  }
  const secrets = bob.page.locator(`[data-key="${tables}/t:secrets"]`);
  await expect(secrets.getByTestId('no-permission-tag')).toBeVisible(NAV);
  await expect(secrets).not.toHaveAttribute('aria-expanded');
  await expect(bob.page.locator(`[data-key="${tables}/t:orders"]`).getByTestId('no-permission-tag')).toHaveCount(0);

  await bobConsole();
  await setSql(bob.page, 'SELECT * FROM secrets');
  await bob.page.getByTestId('console-run').click();
  const dialog = restricted(bob.page);
  await expect(dialog).toBeVisible(NAV);
  await expect(dialog.getByTestId('permission-restricted-message')).toContainText('secrets');
  await dialog.getByTestId('permission-restricted-apply').click();
  const form = bob.page.getByRole('dialog', { name: 'Apply for permission' });
  await expect(form.getByLabel('Data permission')).toBeChecked();
  await expect(form.getByTestId('apply-script')).toHaveCount(0);
  await expect(form.getByTestId('apply-database')).toHaveValue(world.database);
  await expect(form.getByTestId('apply-schema')).toHaveValue('public');
  await bob.page.getByRole('button', { name: 'Cancel' }).last().click();
  await expect(form).toBeHidden();
});

test('the applicant revokes; an admin rejects with a required comment and transfers to another admin; the status filter narrows the list', async () => {
  const toRevoke = await world.apply(bob, 'Wrong database, sorry');
  const toReject = await world.apply(bob, 'Need everything');
  const toTransfer = await world.apply(bob, 'Carol knows this one');

  await teamEntry(bob, 'applies');
  await bob.page.getByTestId(`flow-row-${toRevoke}`).getByTestId('flow-view').click();
  await bob.page.getByTestId('flow-revoke').click();
  await bob.page.getByTestId('flow-action-ok').click();
  await expect(bob.page.getByText('Application revoked')).toBeVisible(NAV);
  await expect(bob.page.getByTestId('flow-view').getByTestId('approval-status').first()).toHaveAttribute('data-status', 'REVOKED');
  await expect(bob.page.getByTestId('flow-revoke')).toHaveCount(0);

  await teamEntry(alice, 'approvals');
  await alice.page.getByTestId(`flow-row-${toReject}`).getByTestId('flow-view').click();
  await alice.page.getByTestId('flow-reject').click();
  await alice.page.getByTestId('flow-action-ok').click();
  await expect(alice.page.getByText('Please say why you reject it')).toBeVisible();
  await alice.page.getByTestId('flow-action-comment').fill('Too broad: ask for one table');
  await alice.page.getByTestId('flow-action-ok').click();
  await expect(alice.page.getByText('Rejected', { exact: true }).first()).toBeVisible(NAV);
  const view = alice.page.getByTestId('flow-view');
  await expect(view.getByTestId('approval-status').first()).toHaveAttribute('data-status', 'REJECTED');
  await expect(view.getByTestId('flow-step-comment').filter({ hasText: 'Too broad: ask for one table' })).toBeVisible();
  await alice.page.keyboard.press('Escape');

  await alice.page.getByTestId(`flow-row-${toTransfer}`).getByTestId('flow-view').click();
  await alice.page.getByTestId('flow-transfer').click();
  await pickOption(alice.page, 'flow-action-approver', carol.name);
  await alice.page.getByTestId('flow-action-ok').click();
  await expect(alice.page.getByText('Transferred', { exact: true }).first()).toBeVisible(NAV);
  await expect(alice.page.getByTestId('flow-approve')).toHaveCount(0);
  await alice.page.keyboard.press('Escape');

  await alice.page.getByTestId('status-filter-REJECTED').click();
  await expect(alice.page.getByTestId(`flow-row-${toReject}`)).toBeVisible(NAV);
  await expect(alice.page.getByTestId(`flow-row-${toTransfer}`)).toHaveCount(0);
  await expect(alice.page.getByTestId('team-approvals').locator('tbody tr [data-testid=approval-status]')).toHaveCount(1);

  // The transferred flow now waits for Carol, who can act on it.
  await teamEntry(carol, 'approvals');
  await carol.page.getByTestId(`flow-row-${toTransfer}`).getByTestId('flow-view').click();
  await expect(carol.page.getByTestId('flow-approve')).toBeVisible(NAV);
  await carol.page.getByTestId('flow-reject').click();
  await carol.page.getByTestId('flow-action-comment').fill('Not this quarter');
  await carol.page.getByTestId('flow-action-ok').click();
  await expect(carol.page.getByTestId('flow-view').getByTestId('approval-status').first()).toHaveAttribute('data-status', 'REJECTED', NAV);
});

test('screenshots: the dialog, the approval list, the flow view and the authorization list in en-US and ja-JP', async () => {
  const dir = process.env.ASKDB_SHOTS ?? 'test-results/governance';
  // A flow left waiting, so the lists show a badge and the view its actions.
  const pending = await world.apply(bob, 'Quarterly audit of the secrets table');
  for (const lang of ['en-US', 'ja-JP']) {
    await bobConsole(lang);
    await setSql(bob.page, 'SELECT * FROM secrets');
    await bob.page.getByTestId('console-run').click();
    await expect(restricted(bob.page).getByTestId('permission-restricted-apply')).toBeVisible(NAV);
    await bob.page.waitForTimeout(600); // the modal's zoom-in animation
    await bob.page.screenshot({ path: `${dir}/dialog-${lang}.png` });
    await restricted(bob.page).getByTestId('permission-restricted-apply').click();
    await expect(bob.page.getByTestId('apply-reason')).toBeVisible();
    await bob.page.waitForTimeout(600);
    await bob.page.screenshot({ path: `${dir}/apply-form-${lang}.png` });
    await bob.page.keyboard.press('Escape');

    await teamEntry(alice, 'approvals', lang);
    await expect(alice.page.getByTestId(`flow-row-${pending}`)).toBeVisible(NAV);
    await expect(alice.page.getByTestId('approvals-menu-badge')).toBeVisible(NAV);
    await alice.page.screenshot({ path: `${dir}/approval-list-${lang}.png` });
    await alice.page.getByTestId(`flow-row-${pending}`).getByTestId('flow-view').click();
    await expect(alice.page.getByTestId('flow-approve')).toBeVisible(NAV);
    await alice.page.waitForTimeout(600);
    await alice.page.screenshot({ path: `${dir}/flow-view-${lang}.png` });
    await alice.page.getByTestId(`flow-row-${pending}`).page().keyboard.press('Escape');
    await alice.page.getByTestId(`flow-row-${world.flowId}`).getByTestId('flow-view').click();
    await expect(alice.page.getByTestId('flow-title')).toContainText(`#${world.flowId}`, NAV);
    await alice.page.waitForTimeout(600);
    await alice.page.screenshot({ path: `${dir}/flow-view-finished-${lang}.png` });

    await teamEntry(alice, 'authorizations', lang);
    await expect(alice.page.getByTestId('auth-table').locator('tbody tr').first()).toBeVisible(NAV);
    await alice.page.screenshot({ path: `${dir}/authorization-list-${lang}.png` });
    await alice.page.getByTestId('auth-grant').click();
    await pickOption(alice.page, 'grant-data-source', 'Warehouse');
    await expect(alice.page.getByTestId('grant-table')).toBeVisible();
    await alice.page.getByTestId('grant-validity').getByRole('radio').nth(1).check();
    await alice.page.waitForTimeout(600);
    await alice.page.screenshot({ path: `${dir}/grant-form-${lang}.png` });
    await alice.page.keyboard.press('Escape');
  }
});
