import { expect, test } from '@playwright/test';

test.describe('app shell', () => {
  test('renders in each language and the language query parameter overrides the browser', async ({ page }) => {
    const expected = { 'en-US': ['Workspace', 'Dashboard', 'Chat', 'Team'], 'zh-CN': ['工作台', '仪表盘', '对话', '团队'], 'ja-JP': ['ワークスペース', 'ダッシュボード', 'チャット', 'チーム'] };
    for (const [lang, labels] of Object.entries(expected)) {
      await page.goto(`/?language=${lang}`);
      await expect(page.getByTestId('main-tabs')).toBeVisible();
      for (const label of labels) await expect(page.getByTestId('main-tabs')).toContainText(label);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
  });

  test('main tabs switch the path, and a hash route works too', async ({ page }) => {
    await page.goto('/?language=en-US');
    await page.getByTestId('main-tab-dashboard').click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByTestId('page-dashboard')).toBeVisible();
    await page.getByTestId('main-tab-team').click();
    await expect(page.getByTestId('page-team')).toBeVisible();
    await page.getByTestId('main-tab-workspace').click();
    await expect(page.getByTestId('left-panel')).toBeVisible();
    await page.goto('/#/chat');
    await expect(page.getByTestId('page-chat')).toBeVisible();
    await page.goto('/connections');
    await expect(page.getByTestId('left-panel')).toBeVisible();
  });

  test('keyboard shortcuts switch tabs and open settings', async ({ page }) => {
    await page.goto('/workspace?language=en-US');
    await expect(page.getByTestId('left-panel')).toBeVisible();
    await page.keyboard.press('Control+2');
    await expect(page.getByTestId('page-dashboard')).toBeVisible();
    await page.keyboard.press('Control+3');
    await expect(page.getByTestId('page-chat')).toBeVisible();
    await page.keyboard.press('Control+1');
    await expect(page.getByTestId('left-panel')).toBeVisible();
    await page.keyboard.press('Control+,');
    await expect(page.getByRole('dialog')).toContainText('Settings');
    await expect(page.getByTestId('settings-shortcuts').or(page.getByText('Shortcuts'))).toBeVisible();
  });

  test('zoom shortcuts zoom in, out and reset, and the zoom survives a reload', async ({ page }) => {
    await page.goto('/workspace?language=en-US');
    await expect(page.getByTestId('left-panel')).toBeVisible();
    const zoom = () => page.evaluate(() => (document.getElementById('root') as HTMLElement).style.zoom);
    await page.keyboard.press('Control+=');
    await expect(page.getByText('Zoom 110%')).toBeVisible();
    expect(await zoom()).toBe('1.1');
    await page.reload();
    await expect(page.getByText('Zoom 110%')).toBeVisible();
    await page.keyboard.press('Control+-');
    await page.keyboard.press('Control+-');
    await expect(page.getByText('Zoom 90%')).toBeVisible();
    await page.keyboard.press('Control+0');
    await expect(page.getByText(/Zoom \d+%/)).toHaveCount(0);
    expect(await zoom()).toBe('1');
  });

  test('panels have the spec widths and resize', async ({ page }) => {
    await page.goto('/workspace?language=en-US');
    const left = page.getByTestId('left-panel');
    const right = page.getByTestId('right-panel');
    expect((await left.boundingBox())!.width).toBe(260);
    expect((await right.boundingBox())!.width).toBe(300);
    const handle = (await page.getByTestId('left-resize').boundingBox())!;
    await page.mouse.move(handle.x + 2, handle.y + 100);
    await page.mouse.down();
    await page.mouse.move(handle.x + 82, handle.y + 100, { steps: 5 });
    await page.mouse.up();
    expect((await left.boundingBox())!.width).toBe(340);
  });

  test('the header buttons stay where they are while the later ones (tasks, feedback, notifications) arrive', async ({ page }) => {
    await page.goto('/workspace?language=en-US');
    const language = page.getByTestId('language-menu');
    await expect(language).toBeVisible();
    const before = (await language.boundingBox())!;
    await expect(page.getByTestId('feedback-button')).toBeVisible();
    await expect(page.getByTestId('tasks-button')).toBeVisible();
    const after = (await language.boundingBox())!;
    expect(after.x).toBe(before.x);
  });

  test('theme switches, defaults to dark, and settings survive a reload', async ({ page }) => {
    await page.goto('/workspace?language=en-US');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('lang-ja-JP').click();
    await expect(page.getByTestId('main-tabs')).toContainText('ワークスペース');
    await page.goto('/workspace');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByTestId('main-tabs')).toContainText('ワークスペース');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('askdb.settings') || '{}'));
    expect(stored.version).toBe('v6');
    expect(stored.appearance).toBe('light');
  });
});
