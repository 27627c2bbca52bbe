/**
 * Issue 25 point 5, as the user did it: the '/' box in the editor writes the AI's SQL into the
 * editor at the cursor, shown as a diff (added lines marked, Accept / Reject) — not into the side
 * chat; and the side chat's context follows the active console, and says so. Uses the scripted
 * OpenAI-compatible server of the chat tests.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PG } from './console-lib';
import { configureAi, clearChats, openApp, startChatEnv, stopChatEnv, SHOT_DIR, type ChatEnv } from './chat-helpers';

let env: ChatEnv;
const SQL = 'SELECT id, name\nFROM customers\nORDER BY id DESC\nLIMIT 10';

test.describe.serial("the '/' inline AI and the chat's context", () => {
  test.beforeAll(async () => {
    env = await startChatEnv();
  });
  test.afterAll(() => stopChatEnv(env));

  const data = async <T>(request: APIRequestContext, method: 'get' | 'post', path: string, body?: unknown): Promise<T> => {
    const r = method === 'get' ? await request.get(env.askdb.url + path) : await request.post(env.askdb.url + path, { data: body });
    return ((await r.json()) as { data: T }).data;
  };
  const consoleOn = async (request: APIRequestContext, b: Record<string, unknown>, name: string) => {
    const id = await data<number>(request, 'post', '/api/operation/saved/create', { name, ddl: '', status: 'DRAFT', tabOpened: true, operationType: 'CONSOLE', ...b, type: b.databaseType });
    return { id: `console-${id}`, type: 'CONSOLE', title: name, consoleId: id, ...b };
  };
  const demo = async (request: APIRequestContext) => {
    const list = await data<{ data: { id: number; alias: string; type: string }[] }>(request, 'get', '/api/connection/datasource/list?pageNo=1&pageSize=100');
    const d = list.data.find((x) => x.type === 'SQLITE')!;
    return { dataSourceId: d.id, dataSourceName: d.alias, databaseType: 'SQLITE', databaseName: 'main', schemaName: null };
  };
  const openTabs = async (page: Page, tabs: object[]) => {
    await openApp(page, env, '/workspace?language=en-US');
    await page.evaluate((t) => localStorage.setItem('askdb.workspace.tabs', JSON.stringify({ tabs: t, activeId: (t[0] as { id: string }).id })), tabs);
    await page.reload();
  };
  const editor = (page: Page) => page.locator('.askdb-console:visible [data-testid="sql-editor"] .monaco-editor');
  const lines = (page: Page) => editor(page).locator('.view-lines').innerText().then((s) => s.replace(/\u00a0/g, ' '));

  test("'/' → question → the SQL is written in the editor at the cursor as a diff; Reject removes it, Accept keeps it", async ({ page, request }) => {
    await configureAi(request, env);
    await clearChats(request, env);
    env.llm.handle(() => ({ content: ['Here you are:\n\n```sql\n', `${SQL}\n`, '```\n'] }));
    const b = await demo(request);
    await openTabs(page, [await consoleOn(request, b, 'Inline AI')]);
    await expect(editor(page)).toBeVisible({ timeout: 20_000 });
    await editor(page).locator('.view-lines').click();
    await page.keyboard.insertText('SELECT 1;\n');
    await page.keyboard.press('/');
    await page.getByTestId('inline-ai-input').fill('ten newest customers');
    await page.keyboard.press('Enter');

    const diff = page.getByTestId('inline-ai-diff');
    await expect(diff).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => lines(page)).toContain('ORDER BY id DESC');
    expect(await lines(page)).toMatch(/SELECT 1;\s*SELECT id, name/);
    await expect(editor(page).locator('.view-overlays .askdb-inline-ai-added')).toHaveCount(4);
    // Not in the side chat.
    await expect(page.getByTestId('right-panel').getByText('ten newest customers')).toHaveCount(0);
    const asked = env.llm.requests.filter((r) => r.method === 'POST').pop()!;
    expect(JSON.stringify(asked.body)).toContain('ten newest customers');
    await page.screenshot({ path: `${SHOT_DIR}/inline-ai-diff.png` });

    await diff.getByTestId('inline-ai-reject').click();
    await expect(diff).toBeHidden();
    await expect.poll(() => lines(page)).not.toContain('customers');
    await expect(editor(page).locator('.view-overlays .askdb-inline-ai-added')).toHaveCount(0);

    await page.keyboard.press('/');
    await page.getByTestId('inline-ai-input').fill('ten newest customers');
    await page.keyboard.press('Enter');
    await expect(diff).toBeVisible({ timeout: 20_000 });
    await diff.getByTestId('inline-ai-accept').click();
    await expect(diff).toBeHidden();
    await expect(editor(page).locator('.view-overlays .askdb-inline-ai-added')).toHaveCount(0);
    expect(await lines(page)).toContain('LIMIT 10');
  });

  test('an AI error stays in the box, and nothing is written', async ({ page, request }) => {
    await configureAi(request, env);
    env.llm.handle(() => ({ status: 401, errorBody: { error: { message: 'bad key' } } }));
    const b = await demo(request);
    await openTabs(page, [await consoleOn(request, b, 'Inline AI error')]);
    await expect(editor(page)).toBeVisible({ timeout: 20_000 });
    await editor(page).locator('.view-lines').click();
    await page.keyboard.press('/');
    await page.getByTestId('inline-ai-input').fill('anything');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('inline-ai-error')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('inline-ai-diff')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('inline-ai')).toBeHidden();
  });

  test("the side chat's context follows the active console and says so", async ({ page, request }) => {
    await configureAi(request, env);
    await clearChats(request, env);
    const b = await demo(request);
    const pgId = await data<number>(request, 'post', '/api/connection/datasource/create', { alias: 'Follow PG', type: 'POSTGRESQL', host: PG.host, port: PG.port, user: PG.user, databaseName: 'postgres' });
    const pgB = { dataSourceId: pgId, dataSourceName: 'Follow PG', databaseType: 'POSTGRESQL', databaseName: 'postgres', schemaName: 'public' };
    await openTabs(page, [await consoleOn(request, b, 'Shop console'), await consoleOn(request, pgB, 'PG console')]);
    const panel = page.getByTestId('right-panel');
    await expect(panel.getByTestId('chat-context-label')).toContainText(b.dataSourceName, { timeout: 20_000 });
    await expect(panel.getByTestId('chat-context-follows')).toContainText('Shop console');
    await page.locator('[data-testid="workspace-tab"][data-tab-id^="console-"]').filter({ hasText: 'PG console' }).click();
    await expect(panel.getByTestId('chat-context-label')).toHaveText(/Follow PG \/ postgres \/ public/);
    await expect(panel.getByTestId('chat-context-follows')).toContainText('PG console');
    await page.screenshot({ path: `${SHOT_DIR}/chat-follows-console.png` });
    await page.locator('[data-testid="workspace-tab"]').filter({ hasText: 'Shop console' }).click();
    await expect(panel.getByTestId('chat-context-label')).toContainText(b.dataSourceName);
    await request.delete(`${env.askdb.url}/api/connection/datasource/${pgId}`);
  });
});
