/**
 * Accounts and teams (issue 12) in server mode: its own AskDB on a scratch PostgreSQL store. Two browser
 * contexts are two people: Alice registers (the deployment's first account), creates a team; Bob joins it by
 * code, Alice approves him, makes him admin, transfers the team to him, and both switch organisation.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startServerModeServer, type ServerModeServer } from '../server';
// The server tests' real SMTP server on 127.0.0.1: the spec reads the passcodes the app mails.
import { codeIn, startMailbox } from '../../apps/server/src/test/mailbox';
import { PASSWORD, fillRegisterForm, memberRow, openSettingsSection, pickOption, register, signIn } from './accounts-helpers';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

let server: ServerModeServer;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let base: string;
const stamp = Date.now();
const alice = { name: 'Alice Admin', email: `alice.${stamp}@example.com` };
const bob = { name: 'Bob Builder', email: `bob.${stamp}@example.com` };
const TEAM = `Data Crew ${stamp % 10000}`;
let teamCode = '';
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mailbox = await startMailbox();
  server = await startServerModeServer({ ASKDB_WECHAT_DEV: '1', ASKDB_SMTP_URL: mailbox.url });
  base = server.url;
});
test.afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

/** Page loads on the shared 2-core test machine can take a while under load. */
const NAV = { timeout: 30_000 };
const mailedCode = async (email: string) => codeIn(await mailbox.next(email));

async function person(browser: Browser): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ locale: 'en-US' });
  return { ctx, page: await ctx.newPage() };
}

test('NeedLoggedIn sends the browser to /login with the return path, registering comes back to it', async ({ browser }) => {
  const { ctx, page } = await person(browser);
  await page.goto(`${base}/team?from=e2e&language=en-US`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fteam%3Ffrom%3De2e/, NAV);
  await expect(page.getByTestId('login-page')).toBeVisible();
  // Required fields and the password rule are checked before anything is sent.
  await page.getByTestId('login-register').click();
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('This field is required!').first()).toBeVisible();
  await page.getByTestId('register-account').fill('not-an-email@');
  await page.getByTestId('register-password').fill('short');
  await page.getByTestId('register-confirm').fill('different');
  await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();
  await expect(page.getByText('At least 8 characters with an upper-case letter, a lower-case letter and a digit').first()).toBeVisible();
  await expect(page.getByText("The two passwords don't match")).toBeVisible();

  // With a mail server the account's e-mail is confirmed by a mailed code first.
  await page.getByTestId('register-name').fill(alice.name);
  await page.getByTestId('register-account').fill(alice.email);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-error')).toContainText(alice.email);
  await fillRegisterForm(page, alice, mailedCode);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/team\?from=e2e/, NAV);
  await expect(page.getByTestId('user-menu-name')).toHaveText(alice.name);
  await expect(page.getByTestId('team-personal')).toBeVisible();
  await ctx.close();
});

test('a wrong password is refused with a message and stays on the login page', async ({ browser }) => {
  const { ctx, page } = await person(browser);
  await signIn(page, base, alice.email, 'Wrong-pass1');
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page.getByTestId('login-error')).toContainText(/password|account/i);
  await expect(page).toHaveURL(/\/login/, NAV);
  // An address elsewhere is never a return target.
  await page.goto(`${base}/login?redirect=${encodeURIComponent('//evil.example/x')}&language=en-US`);
  await page.getByTestId('login-account').fill(alice.email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(`${base}/workspace`, NAV);
  await ctx.close();
});

test('sign in with a verification code from the mail; the send button counts down', async ({ browser }) => {
  const { ctx, page } = await person(browser);
  await page.goto(`${base}/login?language=en-US`);
  await page.getByTestId('login-tab-code').click();
  await page.getByTestId('login-code-submit').click();
  await expect(page.getByText('This field is required!').first()).toBeVisible();
  await page.getByTestId('login-code-account').fill(alice.email);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toHaveText(/Resend in \d+ s/);
  await expect(page.getByTestId('send-code')).toBeDisabled();
  const code = await mailedCode(alice.email);
  await page.getByTestId('login-code').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('login-code-submit').click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await page.getByTestId('login-code').fill(code);
  await page.getByTestId('login-code-submit').click();
  await expect(page).toHaveURL(/\/workspace/, NAV);
  await expect(page.getByTestId('user-menu-name')).toHaveText(alice.name);
  await ctx.close();
});

test('create a team, join it by code, approve, change a role, transfer ownership, switch organisation', async ({ browser }) => {
  test.setTimeout(180_000);
  const a = await person(browser);
  await signIn(a.page, base, alice.email);
  await expect(a.page).toHaveURL(/\/workspace/, NAV);
  await expect(a.page.getByTestId('current-org')).toHaveText('Personal');

  // Alice creates a team from the user menu.
  await a.page.getByTestId('user-menu').click();
  await a.page.getByTestId('user-menu-create-team').click();
  await expect(a.page.getByTestId('settings-organization')).toBeVisible();
  await a.page.getByTestId('create-team-submit').click();
  await expect(a.page.getByText('Please agree to the service terms and the organization terms')).toBeVisible();
  await a.page.getByTestId('create-team-name').fill(TEAM);
  await pickOption(a.page, 'create-team-area', 'Asia');
  await pickOption(a.page, 'create-team-industry', 'Finance');
  await pickOption(a.page, 'create-team-role', 'Data analyst');
  await a.page.getByTestId('create-team-agree').check();
  await a.page.getByTestId('create-team-submit').click();
  teamCode = (await a.page.getByTestId('created-team-code').innerText()).trim();
  expect(teamCode).toMatch(/^\d{8}$/);
  await a.page.getByTestId('go-to-team').click();
  await expect(a.page).toHaveURL(/\/team$/, NAV);
  await expect(a.page.getByTestId('team-name')).toContainText(TEAM);
  await expect(a.page.getByTestId('current-org')).toHaveText(TEAM);
  await expect(a.page.getByTestId('team-code')).toHaveText(teamCode);
  await expect(a.page.getByTestId('team-menu-audit')).toBeVisible();

  // Team avatar: 1 MB or more is refused before upload; a small PNG is taken.
  await a.page.getByTestId('team-avatar-input').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(1024 * 1024 + 10) });
  await expect(a.page.getByText('File must be smaller than 1MB!')).toBeVisible();
  await a.page.getByTestId('team-avatar-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
  await expect(a.page.getByTestId('team-settings').locator('.ant-avatar img')).toHaveAttribute('src', /^data:image\/png;base64,/);

  // Bob registers in his own browser and asks to join by code; a typo first.
  const b = await person(browser);
  await register(b.page, base, bob, mailedCode);
  await expect(b.page).toHaveURL(/\/workspace/, NAV);
  await openSettingsSection(b.page, 'account.organization');
  await b.page.getByTestId('team-tab-join').click();
  await b.page.getByTestId('join-team-code').fill(teamCode === '12345678' ? '87654321' : '12345678');
  await expect(b.page.getByTestId('team-code-invalid')).toHaveText('Invalid team code');
  await b.page.getByTestId('join-team-code').fill(teamCode);
  await expect(b.page.getByTestId('team-code-valid')).toContainText(TEAM);
  await b.page.getByTestId('join-team-reason').fill('I build the reports');
  await b.page.getByTestId('join-team-submit').click();
  await expect(b.page.getByTestId('join-sent')).toContainText('Your request awaits admin approval.');

  // Alice approves Bob; he is a member.
  await a.page.getByTestId('team-menu-members').click();
  const request = a.page.locator(`[data-testid^="join-request-"][data-name="${bob.name}"]`);
  await expect(request).toContainText('I build the reports');
  await request.getByTestId('join-request-approve').click();
  await expect(memberRow(a.page, bob.name).getByTestId('member-role')).toHaveText('Member');
  await expect(memberRow(a.page, alice.name).getByTestId('member-role')).toHaveText('Super admin');

  // Set admin, with a second confirmation.
  await memberRow(a.page, bob.name).getByTestId('member-set-admin').click();
  await a.page.getByTestId('member-role-confirm').click();
  await expect(memberRow(a.page, bob.name).getByTestId('member-role')).toHaveText('Admin');
  // The table is searchable.
  await a.page.getByTestId('members-search').locator('input').fill('bob');
  await a.page.getByTestId('members-search').locator('input').press('Enter');
  await expect(memberRow(a.page, alice.name)).toHaveCount(0);
  await expect(memberRow(a.page, bob.name)).toBeVisible();

  // Transfer the team to Bob: pick him, then confirm again.
  await a.page.getByTestId('team-menu-settings').click();
  await a.page.getByTestId('team-transfer').click();
  await pickOption(a.page, 'transfer-member', bob.name);
  await a.page.getByTestId('transfer-next').click();
  await a.page.getByTestId('transfer-confirm-ok').click();
  await expect(a.page.getByTestId('team-page')).toBeVisible();
  await expect(a.page.getByTestId('team-menu-audit')).toHaveCount(0);
  await expect(a.page.getByTestId('team-danger-zone')).toHaveCount(0);
  await a.page.getByTestId('team-menu-members').click();
  await expect(memberRow(a.page, bob.name).getByTestId('member-role')).toHaveText('Super admin');
  await expect(memberRow(a.page, alice.name).getByTestId('member-role')).toHaveText('Admin');

  // Switch organisation: Alice back to personal (workspace tab), Bob into the team (team tab).
  await a.page.getByTestId('user-menu').click();
  await a.page.getByTestId('user-menu-switch').hover();
  await a.page.locator('[data-testid^="switch-org-"]').filter({ hasText: 'Personal' }).click();
  await expect(a.page).toHaveURL(/\/workspace$/, NAV);
  await expect(a.page.getByTestId('current-org')).toHaveText('Personal');

  await b.page.goto(`${base}/workspace`);
  await b.page.getByTestId('user-menu').click();
  await b.page.getByTestId('user-menu-switch').hover();
  await b.page.locator(`[data-testid^="switch-org-"][data-org-name="${TEAM}"]`).click();
  await expect(b.page).toHaveURL(/\/team$/, NAV);
  await expect(b.page.getByTestId('team-danger-zone')).toBeVisible();
  await expect(b.page.getByTestId('team-menu-audit')).toBeVisible();

  // The new owner removes Alice, again with a second confirmation: her membership turns INVALID.
  await b.page.getByTestId('team-menu-members').click();
  await memberRow(b.page, alice.name).getByTestId('member-remove').click();
  await b.page.getByTestId('member-remove-confirm').click();
  await expect(memberRow(b.page, alice.name)).toContainText('Invalid');
  await expect(memberRow(b.page, alice.name).getByTestId('member-remove')).toHaveCount(0);

  await a.ctx.close();
  await b.ctx.close();
});

test('WeChat scan: the QR code is polled until the phone confirms, then the browser is signed in', async ({ browser }) => {
  const { ctx, page } = await person(browser);
  const qr = page.waitForResponse((r) => r.url().includes('/api/oauth/wechat_qr_a'));
  await page.goto(`${base}/login?redirect=%2Fteam&language=en-US`);
  await page.getByTestId('login-wechat').click();
  const { data } = (await (await qr).json()) as { data: { ticket: string } };
  await expect(page.getByTestId('wechat-qr')).toHaveAttribute('src', /^data:image\/png/);
  // The development provider plays the phone: scan, then confirm.
  const step = (s: 'scan' | 'confirm') => ctx.request.post(`${base}/api/oauth/wechat_dev_confirm`, { data: { ticket: data.ticket, step: s, openId: `wx-${stamp}`, name: 'Wei Chen' } });
  expect((await step('scan')).ok()).toBe(true);
  await expect(page.getByTestId('wechat-status')).toHaveText('Scanned: confirm on your phone.');
  expect((await step('confirm')).ok()).toBe(true);
  await expect(page).toHaveURL(/\/team$/, NAV);
  await expect(page.getByTestId('user-menu-name')).toHaveText('Wei Chen');
  await ctx.close();
});

test('a failed provider sign-in comes back to the login page with its message', async ({ browser }) => {
  const { ctx, page } = await person(browser);
  await page.goto(`${base}/login?oauthError=OAUTH_FAILED&message=${encodeURIComponent('GitHub said no')}&language=en-US`);
  await expect(page.getByTestId('login-oauth-error')).toContainText('GitHub said no');
  await ctx.close();
});

test('sign out ends the session: the next page needs a login again', async ({ browser }) => {
  const { ctx, page } = await person(browser);
  await signIn(page, base, bob.email);
  await expect(page).toHaveURL(/\/(workspace|team)/, NAV);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-sign-out').click();
  await expect(page).toHaveURL(/\/login/, NAV);
  await page.goto(`${base}/workspace`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fworkspace/, NAV);
  await ctx.close();
});

test('the operator closes registration: a new account is refused with a clear message', async ({ browser }) => {
  const a = await person(browser);
  await signIn(a.page, base, alice.email);
  await expect(a.page).toHaveURL(/\/workspace/, NAV);
  await openSettingsSection(a.page, 'account.account');
  await expect(a.page.getByTestId('registration-policy')).toContainText('Open to anyone');
  await pickOption(a.page, 'registration-policy', 'Closed');
  await expect(a.page.getByTestId('registration-policy')).toContainText('Closed');
  const c = await person(browser);
  await register(c.page, base, { name: 'Carol', email: `carol.${stamp}@example.com` });
  await expect(c.page.getByTestId('register-error')).toContainText('Registration is closed on this server');
  await expect(c.page).toHaveURL(/\/login/, NAV);
  await pickOption(a.page, 'registration-policy', 'Open to anyone');
  await expect(a.page.getByTestId('registration-policy')).toContainText('Open to anyone');
  await a.ctx.close();
  await c.ctx.close();
});

test('forgot password: a mailed code and the new password twice; the new password signs in', async ({ browser }) => {
  const { ctx, page } = await person(browser);
  await page.goto(`${base}/login?language=en-US`);
  await page.getByTestId('login-forgot').click();
  await page.getByTestId('reset-account').fill(alice.email);
  await page.getByTestId('reset-send-code').click();
  const code = await mailedCode(alice.email);
  await page.getByTestId('reset-code').fill(code);
  await page.getByTestId('reset-password').fill('Newpass123');
  await page.getByTestId('reset-confirm').fill('Newpass124');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText("The two passwords don't match")).toBeVisible();
  await page.getByTestId('reset-confirm').fill('Newpass123');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await signIn(page, base, alice.email, 'Newpass123');
  await expect(page).toHaveURL(/\/workspace/, NAV);
  await ctx.close();
});

test('local mode never shows the login screen', async ({ page }) => {
  // The default e2e server runs in local mode.
  await page.goto('/login?redirect=%2Fteam&language=en-US');
  await expect(page).toHaveURL(/\/workspace$/, NAV);
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
});
