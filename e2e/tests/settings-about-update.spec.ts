/**
 * Settings → About, Service address and Update rules (issue 18 point 5) in local mode: About shows
 * the version and the licences of bundled libraries; the service address check answers with the
 * version of the AskDB it reached and refuses a malformed address; update rules keep the chosen mode
 * and walk the states against a version feed the operator configures (no feed → none → available).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

let feed: http.Server;
let release: { version: string; notes: string; url?: string } = { version: '0.0.1', notes: 'old' };
test.beforeAll(async () => {
  feed = http.createServer((req, res) => {
    if (req.url === '/pkg') {
      const body = Buffer.alloc(300_000, 1);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length, 'access-control-allow-origin': '*' });
      return void res.end(body);
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ releases: [release] }));
  });
  await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
});
test.afterAll(async () => {
  await new Promise((r) => feed.close(r));
});

test('about, service address and update rules', async ({ page, baseURL }) => {
  await page.goto('/workspace?language=en-US');
  await page.getByTestId('settings-button').click();
  const version = (await (await page.request.get(`${baseURL}/api/system`)).json()).data.version as string;

  await page.getByTestId('settings-tab-about').click();
  await expect(page.getByTestId('about-version')).toContainText(version);
  await expect(page.getByTestId('about-licence-count')).not.toContainText(/\b0\b/);
  await page.getByTestId('settings-about').getByPlaceholder('Search libraries').fill('react-dom');
  await expect(page.getByTestId('settings-about').locator('.ant-table-row').first()).toContainText('react-dom');
  await expect(page.getByTestId('settings-about').locator('.ant-table-row').first()).toContainText('MIT');

  await page.getByTestId('settings-tab-service').click();
  await expect(page.getByTestId('service-current')).toContainText(baseURL!);
  await page.getByTestId('service-address').fill('not an address');
  await page.getByTestId('settings-service').getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('settings-service').locator('.ant-typography-danger')).toBeVisible();
  await page.getByTestId('service-address').fill(baseURL!);
  await page.getByTestId('settings-service').getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('settings-service').locator('.ant-typography-success')).toContainText(version);

  await page.getByTestId('settings-tab-update').click();
  const state = page.getByTestId('update-state');
  await expect(state).toHaveText('The operator has not configured a version feed');
  // Spec 01 §9: remind and auto-download on, auto-install off by default.
  await expect(page.getByTestId('update-mode').getByRole('radio', { name: 'Download it, then remind me' })).toBeChecked();
  await page.getByTestId('update-mode').getByText('Remind me only').click();
  expect(await page.evaluate(() => localStorage.getItem('askdb.update.mode'))).toBe('remind');
  await page.getByTestId('update-mode').getByText('Download it, then remind me').click();
  expect(await page.evaluate(() => localStorage.getItem('askdb.update.mode'))).toBe('download');
  await page.getByTestId('update-mode').getByText('Remind me only').click();
  const url = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/versions.json`;
  await page.getByTestId('update-feed').fill(url);
  await page.getByTestId('settings-update').getByRole('button', { name: 'Save' }).click();
  await expect(state).toHaveText(`No new version: ${version} is the latest`);
  release = { version: '999.0.0', notes: 'Faster imports' };
  await page.getByTestId('update-check').click();
  await expect(state).toHaveText('Version 999.0.0 is available');
  await expect(page.getByTestId('settings-update')).toContainText('Faster imports');
  await page.screenshot({ path: '/tmp/settings-update.png' });
  // Download, then remind: the release is fetched (with progress) and waits for a restart.
  await page.getByTestId('update-mode').getByText('Download it, then remind me').click();
  release = { version: '999.0.1', notes: 'n', url: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/pkg` };
  await page.getByTestId('update-check').click();
  await expect(state).toHaveText('Version 999.0.1 is ready; it installs when you restart AskDB');
  await expect(page.getByTestId('settings-update').getByRole('button', { name: 'Restart now' })).toBeVisible();
  await page.getByTestId('update-mode').getByText('Remind me only').click();
  // After an update (the last version seen is older than this one): updated to the latest version.
  release = { version: '0.0.1', notes: 'old' };
  await page.evaluate(() => localStorage.setItem('askdb.update.lastVersion', '0.0.0-old'));
  await page.getByTestId('update-check').click();
  await expect(state).toHaveText(`Updated to the latest version ${version}`);
  // Clear the feed so other specs see the default.
  await page.getByTestId('update-feed').fill('');
  await page.getByTestId('settings-update').getByRole('button', { name: 'Save' }).click();
  await expect(state).toHaveText('The operator has not configured a version feed');
  expect(await page.evaluate(() => localStorage.getItem('askdb.update.mode'))).toBe('remind');
});

test('basic settings: the interface font and the editor font size apply and survive a reload', async ({ page }) => {
  await page.goto('/workspace?language=en-US');
  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-ui-font').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Roboto', { exact: true }).click();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Roboto"?,/);
  const size = page.getByTestId('settings-basic-editor-font-size').locator('input').or(page.locator('input[data-testid="settings-basic-editor-font-size"]'));
  await size.fill('17');
  await size.press('Tab');
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('askdb.settings') || '{}').editor?.fontSize)).toBe(17);
  await page.reload();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Roboto"?,/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('askdb.settings') || '{}').editor?.fontSize)).toBe(17);
});
