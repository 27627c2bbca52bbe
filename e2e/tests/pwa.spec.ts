/**
 * The web app installs as a PWA from the local server (issue 18 point 5): manifest and icons are
 * served, the service worker takes the page, its cache holds the shell and the built scripts, and
 * the shell opens with the network off.
 */
import { expect, test } from '@playwright/test';

test('manifest, icons and service worker; the shell opens offline', async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const page = await ctx.newPage();
    await page.goto(`${baseURL}/workspace?language=en-US`);
    await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 30_000 });
    const manifest = await (await ctx.request.get(`${baseURL}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'AskDB', display: 'standalone', start_url: '/' });
    for (const icon of manifest.icons.filter((i: { type: string }) => i.type === 'image/png')) {
      const res = await ctx.request.get(`${baseURL}${icon.src}`);
      expect(res.status()).toBe(200);
      expect((await res.body()).subarray(1, 4).toString()).toBe('PNG');
    }
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${baseURL}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    const cached = await page.evaluate(async () => (await (await caches.open('askdb-shell-v1')).keys()).map((r) => new URL(r.url).pathname));
    expect(cached).toContain('/index.html');
    expect(cached.some((p) => /^\/assets\/.+\.js$/.test(p))).toBe(true);

    await ctx.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('logo')).toHaveText('AskDB', { timeout: 15_000 });
  } finally {
    await ctx.close();
  }
});
