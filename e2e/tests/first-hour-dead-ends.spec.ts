/**
 * Issue 25 point 7, as the user met them: with billing on and no payment provider for the plans,
 * "Upgrade to Pro" and "Continue" say what is missing; the login page shows only the sign-in ways
 * GET /api/oauth/login_options offers; a licence error tells the user to ask their administrator
 * (no environment variable); after creating a team the user is in it (a reload stays there), the
 * Team tab lists their teams with a switcher, and the team's admins get a join request in the
 * notification centre.
 */
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { startServer, startServerModeServer, type RunningServer, type ServerModeServer } from '../server';
import { pickOption } from './accounts-helpers';
import { person, type Person } from './governance-helpers';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

const NAV = { timeout: 30_000 };
const stamp = Date.now();
const dir = process.env.ASKDB_SHOTS ?? path.join(os.tmpdir(), 'askdb-dead-ends');
let server: ServerModeServer;
const people: Person[] = [];
const someone = async (browser: Browser, name: string) => {
  const p = await person(browser, server.url, { name, email: `${name.toLowerCase().replace(/\s+/g, '.')}.${stamp}@example.com` });
  people.push(p);
  return p;
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The one provider set up (WeChat Pay, never reached here) serves no plan: the plans take Stripe only.
  server = await startServerModeServer({ ASKDB_BILLING: '1', ASKDB_WECHAT_PAY_URL: 'http://127.0.0.1:9', ASKDB_WECHAT_PAY_KEY: 'unused' });
  const pg = (await import('pg')).default;
  const store = new pg.Client({ connectionString: server.databaseUrl });
  await store.connect();
  await store.query(`UPDATE products SET payment_methods = 'stripe'`);
  await store.end();
});
test.afterAll(async () => {
  for (const p of people) await p.ctx.close();
  await server?.stop();
});

test('billing on without a provider for the plan: "Upgrade to Pro" and "Continue" say what is missing', async ({ browser }) => {
  const ann = await someone(browser, 'Ann Buyer');
  const team = await ann.ctx.request.post(`${server.url}/api/organization/create`, { data: { name: `Shop ${stamp % 10000}`, area: 'EU', industry: 'Retail', role: 'CEO', agree: true } });
  expect(team.ok()).toBe(true);
  const page = ann.page;
  await page.goto(`${server.url}/workspace?language=en-US`);
  await page.getByTestId('edition-badge').click();
  await expect(page.getByTestId('plan-personal')).toBeVisible(NAV);
  await expect(page.getByTestId('plan-personal-no-payment')).toContainText('no payment method is available');
  await page.getByTestId('plan-personal-buy').click();
  await expect(page.locator('.ant-message')).toContainText('Payments are not set up on this server yet', NAV);
  await page.screenshot({ path: `${dir}/pricing-no-provider.png` });

  await page.getByTestId('plan-team-buy').click();
  await expect(page.getByTestId('seat-no-payment')).toContainText('contact the administrator', NAV);
  await page.waitForTimeout(400); // the modal's zoom-in animation, for the screenshot
  await page.screenshot({ path: `${dir}/seat-no-provider.png` });
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.getByTestId('seat-continue').click();
  await expect(page.locator('.ant-message')).toContainText('Payments are not set up on this server yet', NAV);
});

test('the login page shows only the sign-in ways the server offers', async ({ browser }) => {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  const options = (await (await page.request.get(`${server.url}/api/oauth/login_options`)).json()).data as { providers: string[]; wechat: string | null };
  expect(options.providers).toEqual([]);
  await page.goto(`${server.url}/login?language=en-US`);
  await expect(page.getByTestId('login-tab-password')).toBeVisible(NAV);
  await expect(page.getByTestId('login-github')).toHaveCount(0);
  await expect(page.getByTestId('login-google')).toHaveCount(0);
  await expect(page.getByTestId('login-wechat')).toHaveCount(options.wechat ? 1 : 0);
  await page.screenshot({ path: `${dir}/login.png` });
  await ctx.close();
});

test('after creating a team the user is in it; the Team tab lists their teams; admins hear of a join request', async ({ browser }) => {
  const bob = await someone(browser, 'Bob Founder');
  const page = bob.page;
  const name = `Founders ${stamp % 10000}`;
  await page.goto(`${server.url}/team?language=en-US`);
  await expect(page.getByTestId('team-personal')).toBeVisible(NAV);
  await page.getByTestId('create-team-name').fill(name);
  await pickOption(page, 'create-team-area', 'Asia');
  await pickOption(page, 'create-team-industry', 'Finance');
  await pickOption(page, 'create-team-role', 'Data analyst');
  await page.getByTestId('create-team-agree').check();
  await page.getByTestId('create-team-submit').click();
  const code = (await page.getByTestId('created-team-code').innerText()).trim();
  // A reload keeps the user in the new team (not "You are in your personal space").
  await page.reload();
  await expect(page.getByTestId('team-name')).toContainText(name, NAV);
  await expect(page.getByTestId('current-org')).toHaveText(name);
  const switcher = page.getByTestId('team-switcher');
  await expect(switcher).toBeVisible();
  await page.getByTestId('team-switcher-select').click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [data-testid="team-switcher-option"]');
  await expect(options).toHaveText([name, 'Personal space']);
  await page.screenshot({ path: `${dir}/team-switcher.png` });
  await page.keyboard.press('Escape');

  // Carol asks to join: Bob (the team's super admin) gets it in the notification centre.
  const carol = await someone(browser, 'Carol Joiner');
  const joined = await carol.ctx.request.post(`${server.url}/api/organization/join`, { data: { teamCode: code, name: 'Carol Joiner', reason: 'analyst' } });
  expect(joined.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('notice-count')).toContainText('1', NAV);
  await page.getByTestId('notice-bell').click();
  await expect(page.getByTestId('notice-drawer').getByTestId('notice-text').first()).toContainText('Carol Joiner', NAV);
  await page.screenshot({ path: `${dir}/join-notice.png` });
  await page.keyboard.press('Escape');

  // The switcher takes Bob back to his personal space (once the notice drawer has closed; the list can
  // re-render under the first click while the notices refresh, so open it until it shows).
  await expect(page.getByTestId('notice-drawer')).toBeHidden();
  await expect(async () => {
    if (!(await options.filter({ hasText: 'Personal space' }).isVisible())) await page.getByTestId('team-switcher-select').click();
    await expect(options.filter({ hasText: 'Personal space' })).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await options.filter({ hasText: 'Personal space' }).click();
  await expect(page.getByTestId('current-org')).toHaveText('Personal', NAV);
});

test('a licence error asks the user to see their administrator, without an environment variable', async ({ browser }) => {
  let local: RunningServer | undefined;
  const ctx = await browser.newContext({ locale: 'en-US' });
  try {
    local = await startServer({ ASKDB_DEMO: '0' });
    const page = await ctx.newPage();
    await page.goto(`${local.url}/workspace?language=en-US`);
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-tab-licence').click();
    await page.getByTestId('licence-open-activation').click();
    const dialog = page.getByTestId('licence-activation-dialog');
    await dialog.getByTestId('licence-mode-online').click();
    await dialog.getByTestId('licence-code').fill('ASKDB-00000-00000-00000-00000');
    await page.getByTestId('licence-activate-submit').click();
    const error = dialog.getByTestId('licence-activate-error');
    await expect(error).toContainText('Ask your administrator', NAV);
    await expect(error).not.toContainText('ASKDB_');
    await page.screenshot({ path: `${dir}/licence-error.png` });
  } finally {
    await ctx.close();
    await local?.stop();
  }
});
