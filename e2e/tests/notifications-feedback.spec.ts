/**
 * Notification centre, feedback and shortcut rebinding (issue 18) in server mode: Bob applies for
 * data permission and the bell of Alice (a team admin) counts it without a reload; the notice opens
 * the approval; once approved, Bob's bell counts the decision. Bob sends feedback with two
 * screenshots (a text file is refused) and the operator sees it. A global shortcut is rebound, a
 * conflicting one refused, and the new keys switch tabs after a reload.
 */
import { expect, test, type Browser } from '@playwright/test';
import type { ServerModeServer } from '../server';
import { dropGovernedTeam, governedTeam, type Governed, type Person } from './governance-helpers';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

const NAV = { timeout: 30_000 };
const stamp = Date.now();
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let server: ServerModeServer, world: Governed, alice: Person, bob: Person, carol: Person;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(120_000);
  ({ server, world, alice, bob, carol } = await governedTeam(browser, 'notif_e2e', '.n', stamp));
});
test.afterAll(() => dropGovernedTeam({ server, world, alice, bob, carol }));

const go = (p: Person, path: string) => p.page.goto(`${server.url}${path}?language=en-US`);

test('the bell counts a new application live; the notice opens the approval; the applicant hears of the decision', async () => {
  await go(alice, '/workspace');
  const bell = alice.page.getByTestId('notice-bell');
  await expect(bell).toBeVisible(NAV);
  await expect(alice.page.getByTestId('notice-count').locator('.ant-badge-count')).toHaveCount(0);
  const flowId = await world.apply(bob, 'Quarterly report');
  // Pushed over the event stream: no reload.
  await expect(alice.page.getByTestId('notice-count')).toContainText('1');
  await bell.click();
  const drawer = alice.page.getByTestId('notice-drawer');
  const item = drawer.getByTestId('notice-text').first();
  await expect(item).toContainText('Bob Member asks for your approval: Warehouse');
  await alice.page.screenshot({ path: '/tmp/notifications-drawer.png' });
  await item.click();
  // Taking the action marks it read and opens the approval's flow view.
  await expect(alice.page.getByText('Quarterly report').first()).toBeVisible();
  await expect(alice.page.getByTestId('notice-count').locator('.ant-badge-count')).toHaveCount(0);
  await expect(alice.page).toHaveURL(/\/team/);

  await go(bob, '/workspace');
  await expect(bob.page.getByTestId('notice-bell')).toBeVisible(NAV);
  const res = await alice.ctx.request.post(`${server.url}/api/approval/approve`, { data: { id: flowId } });
  expect((await res.json()).success).toBe(true);
  await expect(bob.page.getByTestId('notice-count')).toContainText('1');
  await bob.page.getByTestId('notice-bell').click();
  await expect(bob.page.getByTestId('notice-drawer').getByTestId('notice-text').first()).toContainText('was approved');
});

test('feedback with two screenshots is sent (a text file is refused) and the operator lists it', async () => {
  await go(bob, '/workspace');
  await bob.page.getByTestId('feedback-button').click();
  const dialog = bob.page.getByRole('dialog', { name: 'Send feedback' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('feedback-send').click();
  await expect(dialog.getByText('This field is required!').first()).toBeVisible();
  await dialog.getByTestId('feedback-contact').fill('bob@example.com');
  await dialog.getByTestId('feedback-feeling-good').click();
  await dialog.getByTestId('feedback-category-UI').click();
  await dialog.getByTestId('feedback-content').fill(`The bell is handy ${stamp}`);
  const input = dialog.locator('input[type=file]');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(bob.page.getByText('notes.txt is not an image')).toBeVisible();
  await input.setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') },
    { name: 'two.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') },
  ]);
  await expect(dialog.locator('.ant-upload-list-item')).toHaveCount(2);
  await dialog.getByTestId('feedback-logs').check();
  await bob.page.screenshot({ path: '/tmp/feedback-dialog.png' });
  await dialog.getByTestId('feedback-send').click();
  await expect(bob.page.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const list = await (await alice.ctx.request.get(`${server.url}/api/system/feedback/list`)).json();
  expect(list.success).toBe(true);
  const mine = list.data.data.find((f: { content: string }) => f.content === `The bell is handy ${stamp}`);
  expect(mine).toMatchObject({ contact: 'bob@example.com', feeling: 'good', category: 'UI' });
  expect(mine.images).toHaveLength(2);
  expect(mine.logUrl).toBeTruthy();
  const img = await alice.ctx.request.get(server.url + mine.images[0]);
  expect(img.headers()['content-type']).toBe('image/png');
});

test('a shortcut is rebound, a conflicting one refused, and the new keys switch tabs after a reload', async () => {
  const page = carol.page;
  await go(carol, '/workspace');
  await expect(page.getByTestId('settings-button')).toBeVisible(NAV);
  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-tab-shortcuts').click();
  const row = page.getByTestId('shortcut-row-chat');
  await expect(row.getByTestId('shortcut-keys')).toHaveText('Ctrl+3');
  await row.getByTestId('shortcut-change').click();
  await page.keyboard.press('Control+1');
  await expect(page.getByText('Ctrl+1 is already used by "Switch to workspace"')).toBeVisible();
  await expect(row.getByTestId('shortcut-keys')).toHaveText('Ctrl+3');
  await row.getByTestId('shortcut-change').click();
  await page.keyboard.press('Control+Shift+Y');
  await expect(page.getByText('Shortcut changed to Ctrl+Shift+Y')).toBeVisible();
  await expect(row.getByTestId('shortcut-keys')).toHaveText('Ctrl+Shift+Y');
  await page.screenshot({ path: '/tmp/settings-shortcuts.png' });
  // Spec 01 §2: settings and "arouse AI assistant" are fixed, like zoom.
  for (const fixed of ['shortcut-row-settings', 'shortcut-row-ai']) {
    await expect(page.getByTestId(fixed)).toContainText('Fixed');
    await expect(page.getByTestId(fixed).getByTestId('shortcut-change')).toHaveCount(0);
  }

  await page.reload();
  await expect(page.getByTestId('app-shell')).toBeVisible(NAV);
  await page.keyboard.press('Control+Shift+Y');
  await expect(page).toHaveURL(/\/chat/);
  await page.keyboard.press('Control+1');
  await expect(page).toHaveURL(/\/workspace/);
  // The old keys no longer switch to chat.
  await page.keyboard.press('Control+3');
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/workspace/);
});

test('a pop notice the operator publishes shows once, with its image, until dismissed', async () => {
  const res = await alice.ctx.request.post(`${server.url}/api/notification/pop/create`, {
    data: { code: 'SUBSCRIPTION_POP', title: `Team Pro is here ${stamp}`, content: 'Try it for 30 days', imageUrl: `${server.url}/icon-192.png`, shareUrl: 'https://example.com/pro' },
  });
  expect((await res.json()).success).toBe(true);
  await go(bob, '/workspace');
  const pop = bob.page.getByRole('dialog', { name: `Team Pro is here ${stamp}` });
  await expect(pop).toBeVisible(NAV);
  await expect(pop.getByText('Try it for 30 days')).toBeVisible();
  await expect(pop.locator('img')).toHaveAttribute('src', `${server.url}/icon-192.png`);
  await pop.getByTestId('pop-notice-close').click();
  await expect(pop).toHaveCount(0);
  await bob.page.reload();
  await expect(bob.page.getByTestId('notice-bell')).toBeVisible(NAV);
  await bob.page.waitForTimeout(1000);
  await expect(pop).toHaveCount(0);
});
