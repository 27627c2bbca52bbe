/**
 * Issue 29 item 5 (spec 01 §5 "Start-time date: not before now and not after the subscription end
 * time"): the seat modal (team plan) has a start date; days before today cannot be picked; the chosen day is
 * sent as `subStartTime` and the order the server stores starts then.
 */
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startServerModeServer, type ServerModeServer } from '../server';
import { register } from './accounts-helpers';

test.describe.configure({ timeout: 150_000 });

let server: ServerModeServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServerModeServer({ ASKDB_BILLING: '1', ASKDB_BILLING_SANDBOX: '1', ...(process.env.ASKDB_WEB_DIST ? { ASKDB_WEB_DIST: process.env.ASKDB_WEB_DIST } : {}) });
});
test.afterAll(async () => {
  await server?.stop();
});

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return d;
};
const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

test('the chosen start date reaches the order', async ({ browser }) => {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  await register(page, server.url, { name: 'Stella Start', email: `stella.${Date.now()}@example.com` });
  await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 30_000 });
  // A team of her own to buy the team plan for (the personal plan goes straight to payment).
  const made = await page.request.post(`${server.url}/api/organization/create`, { data: { name: `Start ${Date.now() % 10000}`, area: 'EU', industry: 'Retail', role: 'CEO', agree: true } });
  expect(made.ok()).toBe(true);
  await page.getByTestId('edition-badge').click();
  await page.getByTestId('plan-team-buy').click();
  await expect(page.getByTestId('seat-continue')).toBeVisible();
  await expect(page.getByTestId('seat-team')).toContainText('Start ');

  await page.getByTestId('seat-start').click();
  const yesterday = page.locator(`.ant-picker-dropdown:visible td[title="${ymd(day(-1))}"]`);
  if (await yesterday.count()) await expect(yesterday).toHaveClass(/ant-picker-cell-disabled/);
  const chosen = day(3);
  // Typing moves the calendar to the day; a click on it chooses it (Enter would also submit the form).
  await page.getByTestId('seat-start').fill(ymd(chosen));
  await page.locator(`.ant-picker-dropdown:visible td[title="${ymd(chosen)}"]`).click();
  await expect(page.getByTestId('seat-start')).toHaveValue(ymd(chosen));
  await page.screenshot({ path: '/tmp/issue29-seat-start.png' });

  const [request] = await Promise.all([page.waitForRequest((r) => r.url().includes('/api/pay/create_order')), page.getByTestId('seat-continue').click()]);
  const sent = request.postDataJSON().subStartTime as string;
  const midnight = await page.evaluate((s) => new Date(`${s}T00:00:00`).toISOString(), ymd(chosen));
  expect(sent).toBe(midnight);
  await expect(page.getByTestId('payment-view')).toBeVisible({ timeout: 30_000 });

  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    const row = (await db.query('SELECT sub_start_time FROM orders ORDER BY id DESC LIMIT 1')).rows[0];
    expect(new Date(row.sub_start_time).toISOString()).toBe(midnight);
  } finally {
    await db.end();
  }
  await ctx.close();
});
