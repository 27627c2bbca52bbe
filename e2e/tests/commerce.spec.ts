/**
 * Commerce (issue 14) in a server-mode AskDB that sells (ASKDB_BILLING=1, sandbox payments): Bob creates
 * his invitation code; Alice opens the pricing modal from the edition badge, picks the team plan, sets
 * seats and Bob's code in the seat modal, pays on the sandbox's local pay page and sees the Subscribed
 * dialog; Bob then sees his reward and withdraws it. The usage-limit path: a trial's AI chat beyond its
 * free uses opens the pricing modal. And with billing off nothing of commerce shows.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startServerModeServer, type ServerModeServer } from '../server';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../packages/ai/test/scripted-llm-server';
import { openSettingsSection, register } from './accounts-helpers';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: ServerModeServer;
let llm: ScriptedLlmServer;
let base: string;
const stamp = Date.now();
const alice = { name: 'Alice Buyer', email: `alice.buyer.${stamp}@example.com` };
const bob = { name: 'Bob Inviter', email: `bob.inviter.${stamp}@example.com` };
const carol = { name: 'Carol Trial', email: `carol.trial.${stamp}@example.com` };
const NAV = { timeout: 30_000 };
let bobCode = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  llm = await startScriptedLlmServer();
  server = await startServerModeServer({ ASKDB_BILLING: '1', ASKDB_BILLING_SANDBOX: '1', ASKDB_MANAGED_AI_URL: llm.url, ASKDB_MANAGED_AI_MODEL: 'scripted-model', ...(process.env.ASKDB_WEB_DIST ? { ASKDB_WEB_DIST: process.env.ASKDB_WEB_DIST } : {}) });
  base = server.url;
});
test.afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

async function person(browser: Browser, who: { name: string; email: string }): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  await register(page, base, who);
  await expect(page.getByTestId('app-shell')).toBeVisible(NAV);
  return { ctx, page };
}

test('Bob creates his invitation code in settings', async ({ browser }) => {
  const { ctx, page } = await person(browser, bob);
  await openSettingsSection(page, 'invitations');
  await page.getByTestId('create-invitation-code').click();
  const code = page.getByTestId('my-invitation-code');
  await expect(code).toHaveText(/^[A-Z0-9]{6}$/);
  bobCode = (await code.textContent())!.trim();
  await ctx.close();
});

test('pricing modal → seat modal → sandbox payment → Subscribed dialog', async ({ browser }) => {
  const { ctx, page } = await person(browser, alice);
  // A team of Alice's own to buy the team plan for.
  const made = await page.request.post(`${base}/api/organization/create`, { data: { name: `Shop ${stamp % 10000}`, area: 'EU', industry: 'Retail', role: 'CEO', agree: true } });
  expect(made.ok()).toBe(true);

  const badge = page.getByTestId('edition-badge');
  await expect(badge).toHaveText(/Trial/, NAV);
  await badge.click();
  const modal = page.locator('.askdb-pricing-modal .ant-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('pricing-title')).toHaveText('Upgrade');
  expect(await modal.evaluate((el) => getComputedStyle(el).width)).toBe('960px');
  // At most 80 vh tall (spec 01 §2): the body scrolls inside.
  expect(await modal.evaluate((el) => el.getBoundingClientRect().height <= window.innerHeight * 0.8 + 1)).toBe(true);
  // Not closed by a click on the backdrop.
  await page.mouse.click(10, 450);
  await expect(modal).toBeVisible();
  // Yearly first: the price per month and the full yearly price on the then line; monthly reloads the list.
  await expect(page.getByTestId('plan-team')).toBeVisible();
  await expect(page.getByTestId('most-popular')).toBeVisible();
  await expect(page.getByTestId('plan-team-then')).toContainText(/then \$\d+/);
  await page.getByTestId('period-MONTH').click();
  await expect(page.getByTestId('plan-team-then')).not.toContainText('then');
  await page.getByTestId('period-YEAR').click();
  await expect(page.getByTestId('plan-team-then')).toContainText(/then \$\d+/);
  await page.screenshot({ path: '/tmp/commerce-pricing.png' });

  await page.getByTestId('plan-team-buy').click();
  const seat = page.locator('.ant-modal').filter({ has: page.getByTestId('seat-continue') });
  await expect(seat).toBeVisible();
  expect(await seat.evaluate((el) => getComputedStyle(el).width)).toBe('684px');
  await expect(page.getByTestId('seat-account')).toContainText(alice.email);
  await expect(page.getByTestId('seat-team')).toContainText(`Shop ${stamp % 10000}`);
  await expect(page.getByTestId('seat-count')).toHaveValue('5');
  await page.getByTestId('seat-count').fill('6');
  await page.getByTestId('seat-code').fill(bobCode === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ');
  await expect(page.getByTestId('code-invalid')).toHaveText('Invalid invitation code');
  await expect(page.getByTestId('seat-continue')).toBeDisabled();
  await page.getByTestId('seat-code').fill(bobCode);
  await expect(page.getByTestId('code-valid')).toBeVisible();
  await page.screenshot({ path: '/tmp/commerce-seats.png' });
  await page.getByTestId('seat-continue').click();

  await expect(page.getByTestId('payment-view')).toBeVisible(NAV);
  await expect(page.getByTestId('pay-waiting')).toBeVisible();
  const [payPage] = await Promise.all([ctx.waitForEvent('page'), page.getByTestId('pay-link').click()]);
  await payPage.waitForLoadState();
  await payPage.getByRole('button', { name: 'Pay' }).click();
  await expect(payPage.getByText('Paid. You can close this page.')).toBeVisible(NAV);
  await payPage.close();

  // Polled every 3 s: the modal closes and the Subscribed guide opens.
  await expect(page.getByTestId('guide-subscribed-title')).toHaveText('Subscribed', NAV);
  await expect(modal).toBeHidden();
  await page.screenshot({ path: '/tmp/commerce-subscribed.png' });
  await page.getByTestId('guide-subscribed-ok').click();
  await expect(page.locator('.ant-modal-wrap').filter({ has: page.getByTestId('guide-subscribed-title') })).toBeHidden();

  // The purchase shows in settings.
  await openSettingsSection(page, 'purchase');
  await expect(async () => {
    if (!(await page.getByTestId('purchase-details').isVisible())) await page.getByTestId('settings-tab-purchase').click();
    await expect(page.getByTestId('purchase-details')).toContainText('Paid', { timeout: 2000 });
  }).toPass(NAV);

  // The standalone page with a plan id goes straight to that plan's seat dialog, seats and code filled in.
  await page.goto(`${base}/pricing?planId=22&seats=7&invitationCode=${bobCode}&productType=TEAM&subscriptionType=YEAR&language=en-US`);
  await expect(page.getByTestId('pricing-page')).toBeVisible(NAV);
  await expect(page.getByTestId('seat-count')).toHaveValue('7');
  await expect(page.getByTestId('code-valid')).toBeVisible();
  await expect(page.getByTestId('pricing-tab-TEAM')).toBeVisible();

  // In the team: its subscription record (6 seats, in use); Member management's "upgrade seats" opens pricing as TeamAddSeat.
  const made2 = (await made.json()).data as { id?: number } | number;
  const teamId = typeof made2 === 'number' ? made2 : made2.id!;
  expect((await page.request.post(`${base}/api/organization/switch_org`, { data: { organizationId: teamId } })).ok()).toBe(true);
  await page.goto(`${base}/team?language=en-US`);
  await page.getByTestId('team-menu-subscriptions').click();
  const records = page.getByTestId('subscription-records');
  await expect(records.locator('tbody tr').first()).toContainText('In use', NAV);
  await expect(records.locator('tbody tr').first()).toContainText('6');
  await page.screenshot({ path: '/tmp/commerce-records.png' });
  // Spec 02 §2: "upgrade seats" is in Member management, not under Subscription records.
  await expect(records.getByTestId('add-seats')).toHaveCount(0);
  await page.getByTestId('team-menu-members').click();
  await expect(page.getByTestId('team-members').getByTestId('add-seats')).toHaveText('Upgrade seats', NAV);
  await page.screenshot({ path: '/tmp/h29-members-upgrade-seats.png' });
  await page.getByTestId('team-members').getByTestId('add-seats').click();
  await expect(page.getByTestId('pricing-title')).toHaveText('Add seats');
  await expect(page.getByTestId('plan-personal')).toHaveCount(0);
  await expect(page.getByTestId('plan-team-buy')).toHaveText('Add seats');
  await ctx.close();
});

test('Bob sees the reward and withdraws it', async ({ browser }) => {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  await page.goto(`${base}/login?language=en-US`);
  await page.getByTestId('login-account').fill(bob.email);
  await page.getByTestId('login-password').fill('Secret123');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('app-shell')).toBeVisible(NAV);
  await openSettingsSection(page, 'invitations');
  const panel = page.getByTestId('invitations-panel');
  await expect(panel.locator('tr', { hasText: alice.name })).toContainText('Waiting to withdraw');
  await page.getByTestId('withdraw-open').click();
  await page.getByTestId('withdraw-name').fill('Bob Inviter');
  await page.getByTestId('withdraw-id').fill('110105194912310021');
  await page.getByTestId('withdraw-alipay').fill('bob@alipay.example');
  await page.getByTestId('withdraw-phone').fill('13800138000');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByText('Please enter a valid 18-character ID number')).toBeVisible();
  await page.getByTestId('withdraw-id').fill('11010519491231002X');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByText(/Withdrawal of \$[\d.]+ requested/)).toBeVisible();
  await expect(panel.locator('tr', { hasText: alice.name })).toContainText('Withdrawing');
  await expect(page.getByTestId('my-withdrawals')).toContainText('Awaiting payout');
  await page.screenshot({ path: '/tmp/commerce-invitations.png' });

  // Bob, the deployment's first account, is its operator: he marks the payout paid.
  await page.getByTestId('settings-tab-payouts').click();
  const payouts = page.getByTestId('payouts-page');
  await expect(payouts).toContainText('bob@alipay.example');
  await expect(payouts).toContainText('…002X');
  await payouts.locator('[data-testid^="payout-paid-"]').first().click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(payouts).not.toContainText('bob@alipay.example');
  await page.screenshot({ path: '/tmp/commerce-payouts.png' });
  await page.getByTestId('settings-tab-invitations').click();
  await page.getByTestId('invitations-refresh').click();
  await expect(page.getByTestId('invitations-panel').locator('tr', { hasText: alice.name })).toContainText('Withdrawn');
  await ctx.close();
});

test('an AI chat beyond the trial\'s free uses opens the pricing modal', async ({ browser }) => {
  const { ctx, page } = await person(browser, carol);
  // The trial's managed model answers without a configuration of Carol's own: the server says so (source ASKDB, configured).
  const config = await (await page.request.get(`${base}/api/config/system_config/ai`)).json();
  expect(config.data).toMatchObject({ aiSqlSource: 'ASKDB', configured: true, apiHost: null });
  // Nine of the trial's ten free AI uses, straight to the server (the same stream the chat panel reads).
  for (let i = 0; i < 9; i++) {
    const r = await page.request.post(`${base}/api/v2/ai/chat`, { data: { questionType: 'ORDINARY_CHAT', input: `warm-up ${i}`, source: 'DRAWER_CHAT' } });
    expect(await r.text()).not.toContain('FREE_TRIAL_USAGE_LIMIT');
  }
  await page.goto(`${base}/chat?language=en-US`);
  const input = page.getByTestId('chat-input');
  // The chat panel offers the managed model (GET /api/v2/ai/model/list names it).
  await expect(page.getByTestId('chat-model')).toContainText('scripted-model', NAV);
  await input.fill('the tenth question');
  // Enter sends only once the panel has taken the draft (the send button says so).
  await expect(page.getByTestId('chat-send')).toBeEnabled(NAV);
  await input.press('Enter');
  await expect(page.getByTestId('chat-answer-text').first()).toHaveText('OK', NAV);
  await expect(page.getByTestId('pricing-title')).toBeHidden();
  await expect(input).toBeEnabled(NAV);
  await input.fill('one question too many');
  await expect(page.getByTestId('chat-send')).toBeEnabled(NAV);
  await input.press('Enter');
  await expect(page.getByTestId('pricing-title')).toHaveText('Start your free Pro trial', NAV);
  await expect(page.getByTestId('pricing-subtitle')).toContainText('free usage limit');
  await page.screenshot({ path: '/tmp/commerce-usage-limit.png' });
  await ctx.close();
});

test('with billing off nothing of commerce shows', async ({ page, baseURL }) => {
  const system = await (await page.request.get(`${baseURL}/api/system`)).json();
  expect(system.data.billing ?? false).toBe(false);
  await page.goto(`${baseURL}/workspace?language=en-US`);
  await expect(page.getByTestId('app-shell')).toBeVisible(NAV);
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-tab-basic').or(page.getByRole('tab').first())).toBeVisible();
  await expect(page.getByTestId('edition-badge')).toHaveCount(0);
  await expect(page.getByTestId('settings-tab-purchase')).toHaveCount(0);
});
