/**
 * Issue 24 point 3: the app works under its strict Content-Security-Policy — the workspace opens, a
 * query runs in a console (Monaco, its workers, antd's styles, the result grid) and the browser
 * reports no CSP violation — and no other site can frame it.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoBinding, grid, insertSql, openConsole } from './console-lib';

/** Every CSP violation the page reports, as the browser's console and its violation events see them. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(m.text())) logged.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
  return async () => [...logged, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}

test.describe('content security policy', () => {
  test('the workspace opens and a query runs with no CSP violation', async ({ page, request }) => {
    const violations = await watchViolations(page);
    const home = await request.get('/workspace');
    const csp = home.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(home.headers()['x-frame-options']).toBe('DENY');
    expect(home.headers()['x-content-type-options']).toBe('nosniff');

    await openConsole(page, request, await demoBinding(request));
    await insertSql(page, 'select 40 + 2 as answer');
    await page.keyboard.press('ControlOrMeta+r');
    await expect(grid(page).locator('[role="gridcell"][data-r="0"][data-c="0"]')).toHaveText('42');
    // A fresh load in another language: antd injects its CSS at run time again.
    await page.goto('/workspace?language=zh-CN');
    await expect(page.locator('body')).toContainText(/\S/);
    expect(await violations()).toEqual([]);
  });

  test('another site cannot frame the app', async ({ page, baseURL }) => {
    // The framing page: another origin (localhost on another port, answered by the test, so the
    // browser's private-network rules do not stop the frame before our header can).
    const framer = (src: string) => `<iframe id="f" src="${src}"></iframe>`;
    await page.route('http://localhost:9/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: route.request().url().endsWith('/child') ? '<div id="root">framed</div>' : framer(new URL(route.request().url()).searchParams.get('src')!) }));
    const frameUrl = () => page.frames().find((f) => f !== page.mainFrame())?.url() ?? '';
    // Control: a page without our headers is framed and shows its root.
    await page.goto(`http://localhost:9/framer?src=${encodeURIComponent('http://localhost:9/child')}`);
    await expect(page.frameLocator('#f').locator('#root')).toHaveText('framed');
    // The app: the browser puts its error page in the frame instead.
    await page.goto(`http://localhost:9/framer?src=${encodeURIComponent(`${baseURL}/workspace`)}`);
    await expect.poll(frameUrl).toMatch(/^chrome-error:/);
    expect(await page.frameLocator('#f').locator('#root').count()).toBe(0);
  });
});
