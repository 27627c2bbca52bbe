/**
 * The console save state machine (spec 01 §4) in the browser: drafts auto-saved every 5 s and restored
 * into the empty editor after a reload, nothing typed lost when the page goes away before the server has
 * it, DRAFT → RELEASE on Ctrl+S with a message, the released console found in the tree after a reload,
 * two tabs on one console (the later save wins, the other tab is told), closing a new console, rename,
 * local SQL files opened and saved.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiData, consoleTab, createConsole, demoBinding, editorOf, editorText, expandTree, insertSql, openConsole, openTabs, setSql, shot } from './console-lib';

interface Console { id: number; name: string; status: string; ddl: string; tabOpened: boolean; version: number }

const status = (page: Page) => page.getByTestId('console-save-status');

test.describe('console saving', () => {
  test('a draft is auto-saved, restored after a reload, and released with Ctrl+S; the console is then in the tree', async ({ page, request }) => {
    const b = await demoBinding(request);
    const c = await openConsole(page, request, b, { name: `saved ${Date.now().toString(36)}` });
    await expect(status(page)).toHaveAttribute('data-status', 'DRAFT');
    await insertSql(page, 'SELECT count(*) FROM orders');
    // Within 5 s (while the tab is active) the draft store has the text.
    await expect.poll(() => apiData<{ ddl: string } | null>(request, 'get', `/api/operation/draft/${c.id}`).then((d) => d?.ddl), { timeout: 12_000 }).toBe('SELECT count(*) FROM orders');
    expect((await apiData<Console>(request, 'get', `/api/operation/saved/${c.id}`)).status).toBe('DRAFT');

    // The local copy is dropped: the text comes back from the draft store into the empty editor.
    await page.evaluate((id) => localStorage.removeItem(`askdb.console.text.${id}`), c.id);
    await page.reload();
    await expect(editorOf(page)).toBeVisible();
    await expect.poll(() => editorText(page)).toBe('SELECT count(*) FROM orders');
    await page.screenshot({ path: shot('draft-restored') });

    await editorOf(page).locator('.view-lines').click();
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page.locator('.ant-message')).toContainText('Saved');
    await expect(status(page)).toHaveAttribute('data-status', 'RELEASE');
    const saved = await apiData<Console>(request, 'get', `/api/operation/saved/${c.id}`);
    expect(saved).toMatchObject({ status: 'RELEASE', ddl: 'SELECT count(*) FROM orders' });

    // Later edits of a released console are auto-saved as release.
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText(' WHERE id > 10');
    await expect(status(page)).toHaveAttribute('data-dirty', 'true');
    await expect.poll(() => apiData<Console>(request, 'get', `/api/operation/saved/${c.id}`).then((x) => x.ddl), { timeout: 12_000 }).toBe('SELECT count(*) FROM orders WHERE id > 10');
    await expect(status(page)).toHaveAttribute('data-dirty', 'false');

    await page.reload();
    await expect.poll(() => editorText(page)).toBe('SELECT count(*) FROM orders WHERE id > 10');
    await expandTree(page, `ds:${b.dataSourceId}`);
    await expandTree(page, `ds:${b.dataSourceId}/consoles`);
    await expect(page.locator(`[data-testid=tree-node][data-type=SAVED_CONSOLE][data-title="${c.name}"]`)).toBeVisible();
    await page.screenshot({ path: shot('released-in-tree') });
  });

  test('nothing typed is lost when the page goes away before the server has the text', async ({ page, request }) => {
    const b = await demoBinding(request);
    const c = await openConsole(page, request, b);
    // The server is unreachable for saves: only the browser's own copy can keep the text.
    await page.route('**/api/operation/draft/set', (r) => r.abort('connectionreset'));
    await page.route('**/api/operation/saved/update', (r) => r.abort('connectionreset'));
    await insertSql(page, 'SELECT 1 AS typed_just_now');
    await page.reload();
    await expect.poll(() => editorText(page)).toBe('SELECT 1 AS typed_just_now');
    await page.unroute('**/api/operation/draft/set');
    await page.unroute('**/api/operation/saved/update');
    // It reaches the server on the next auto-save.
    await expect.poll(() => apiData<{ ddl: string } | null>(request, 'get', `/api/operation/draft/${c.id}`).then((d) => d?.ddl), { timeout: 12_000 }).toBe('SELECT 1 AS typed_just_now');
  });

  test('switching to another tab saves at once; closing a new console marks it not open and removes its draft', async ({ page, request }) => {
    const b = await demoBinding(request);
    const c1 = await createConsole(request, b, 'first');
    const c2 = await createConsole(request, b, 'second');
    await openTabs(page, [consoleTab(c1, b), consoleTab(c2, b)]);
    await insertSql(page, 'SELECT 11');
    await page.locator('[data-testid=workspace-tab][data-tab-id="console-' + c2.id + '"]').click();
    // Saved at once, well before the 5 s tick.
    await expect.poll(() => apiData<{ ddl: string } | null>(request, 'get', `/api/operation/draft/${c1.id}`).then((d) => d?.ddl), { timeout: 3000 }).toBe('SELECT 11');

    await insertSql(page, 'SELECT 22');
    await page.keyboard.press('ControlOrMeta+w');
    await expect(page.locator('[data-testid=workspace-tab][data-tab-id="console-' + c2.id + '"]')).toHaveCount(0);
    await expect.poll(() => apiData<Console>(request, 'get', `/api/operation/saved/${c2.id}`).then((x) => x.tabOpened)).toBe(false);
    expect(await apiData<{ ddl: string } | null>(request, 'get', `/api/operation/draft/${c2.id}`)).toBeNull();
    await expect.poll(() => page.evaluate((id) => localStorage.getItem(`askdb.console.text.${id}`), c2.id)).toBeNull();
    // The other console is still there with its text.
    await expect.poll(() => editorText(page)).toBe('SELECT 11');
  });

  test('two tabs on one console: the later save wins and the other tab is told', async ({ page, request, context }) => {
    const b = await demoBinding(request);
    const c = await createConsole(request, b, 'shared', 'SELECT 0');
    await apiData(request, 'post', '/api/operation/saved/update', { id: c.id, status: 'RELEASE' });
    await openTabs(page, [consoleTab(c, b)]);
    const other = await context.newPage();
    await openTabs(other, [consoleTab(c, b)]);

    // A saves; B, with nothing unsaved, shows A's text and says so.
    await setSql(page, 'SELECT 1 AS from_a');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(other.locator('.ant-message')).toContainText('saved in another tab');
    await expect.poll(() => editorText(other)).toBe('SELECT 1 AS from_a');

    // Both edit; A saves first, B is warned; B saves later and wins; A is told and shows B's text.
    await setSql(other, 'SELECT 2 AS from_b');
    // Two pages share one browser: bring each to the front before it takes keys, or its editor may not have focus.
    await page.bringToFront();
    await setSql(page, 'SELECT 3 AS from_a_again');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    await expect(other.locator('.ant-message')).toContainText('just saved in another tab');
    await other.bringToFront();
    await other.keyboard.press('ControlOrMeta+s');
    await expect(other.locator('.ant-message')).toContainText('your save replaced that version');
    await expect(page.locator('.ant-message')).toContainText('A later save in another tab replaced');
    await expect.poll(() => editorText(page)).toBe('SELECT 2 AS from_b');
    expect((await apiData<Console>(request, 'get', `/api/operation/saved/${c.id}`)).ddl).toBe('SELECT 2 AS from_b');
    await page.screenshot({ path: shot('conflict-told') });
    await other.close();
  });

  test('rename from the toolbar; open a local SQL file, edit it and save it under its name', async ({ page, request }) => {
    const b = await demoBinding(request);
    const c = await openConsole(page, request, b, { name: 'old name' });
    await page.getByTestId('console-name').locator('.ant-typography-edit').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Monthly revenue');
    await page.keyboard.press('Enter');
    await expect(page.locator(`[data-testid=workspace-tab][data-tab-id="console-${c.id}"]`)).toContainText('Monthly revenue');
    await expect.poll(() => apiData<Console>(request, 'get', `/api/operation/saved/${c.id}`).then((x) => x.name)).toBe('Monthly revenue');

    await page.getByTestId('console-file-input').setInputFiles({ name: 'report.sql', mimeType: 'application/sql', buffer: Buffer.from('SELECT 7 AS from_file;\n') });
    await expect(page.locator('[data-testid=workspace-tab][data-tab-type=LOCAL_SQL_FILE]')).toContainText('report.sql');
    await expect.poll(() => editorText(page)).toBe('SELECT 7 AS from_file;');
    await page.keyboard.press('ControlOrMeta+r');
    await expect(page.locator('.askdb-console:visible [data-testid="result-grid"]')).toContainText('from_file');
    await editorOf(page).locator('.view-lines').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText('-- edited');
    await expect(page.getByTestId('file-unsaved')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.keyboard.press('ControlOrMeta+s');
    const d = await download;
    expect(d.suggestedFilename()).toBe('report.sql');
    expect(fs.readFileSync(await d.path(), 'utf8')).toBe('SELECT 7 AS from_file;\n-- edited');
    await expect(page.getByTestId('file-unsaved')).toBeHidden();
    // The file tab keeps its text across a reload.
    await page.reload();
    await expect.poll(() => editorText(page)).toBe('SELECT 7 AS from_file;\n-- edited');
  });
});
