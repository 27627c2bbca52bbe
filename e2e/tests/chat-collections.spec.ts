import { expect, test, type Page } from '@playwright/test';
import { clearChats, configureAi, openApp, shot, startChatEnv, stopChatEnv, type ChatEnv } from './chat-helpers';

let env: ChatEnv;

/** Close an open antd select dropdown by clicking the modal title. */
async function closeDropdown(page: Page) {
  await page.getByTestId('ai-collection-add-modal').getByText('Add tables or views', { exact: true }).click();
}

test.describe.serial('AI data collections', () => {
  test.beforeAll(async () => {
    env = await startChatEnv();
  });
  test.afterAll(async () => {
    await stopChatEnv(env);
  });
  test.beforeEach(async ({ request }) => {
    await clearChats(request, env);
  });

  test('create, add tables and a view, rename, annotate, remove, and chat bound to the collection', async ({ page, request }) => {
    await configureAi(request, env);
    await openApp(page, env, `/chat?language=en-US`);
    const side = page.getByTestId('ai-collections');
    await expect(side).toContainText('No collections yet');

    // Create: the add dialog opens on the new collection, on the chat's data source.
    await side.getByTestId('ai-collection-create').click();
    await page.getByTestId('ai-collection-title-input').fill('Sales');
    await page.getByTestId('ai-collection-create-ok').click();
    const modal = page.getByTestId('ai-collection-add-modal');
    await expect(modal.getByTestId('ai-collection-add-ds')).toContainText('Demo shop');
    await expect(modal.getByTestId('ai-collection-add-db')).toContainText('main');
    await modal.getByTestId('ai-collection-add-tables').click();
    await page.locator('.ant-select-item-option[title="orders"]').click();
    await page.locator('.ant-select-item-option[title="customers"]').click();
    await page.locator('.ant-select-item-option[title="customer_order_totals"]').click();
    await closeDropdown(page);
    await page.screenshot({ path: shot('20-collection-add') });
    await modal.getByTestId('ai-collection-add-ok').click();
    await expect(modal).toBeHidden();

    const collection = side.getByTestId('ai-collection');
    await expect(collection).toHaveCount(1);
    await expect(collection.getByTestId('ai-collection-element-name')).toHaveText(['orders', 'customers', 'customer_order_totals']);
    await expect(collection.getByTestId('ai-collection-element').nth(2).getByLabel('View')).toBeVisible();

    // Tables already in the collection cannot be added twice.
    await collection.getByTestId('ai-collection-add').click();
    await modal.getByTestId('ai-collection-add-tables').click();
    await expect(page.locator('.ant-select-item-option[title="orders"]')).toHaveClass(/ant-select-item-option-disabled/);
    await closeDropdown(page);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Rename.
    await collection.getByTestId('ai-collection-title').getByRole('button', { name: 'Rename' }).click();
    await collection.getByRole('textbox').fill('Sales analytics');
    await collection.getByRole('textbox').press('Enter');
    await expect(collection.getByTestId('ai-collection-title')).toHaveText('Sales analytics');

    // Annotate a table for the AI.
    await collection.getByTestId('ai-collection-element-note').first().getByRole('button').click();
    await collection.getByRole('textbox').fill('One row per order; status is new, paid or shipped.');
    await collection.getByRole('textbox').press('Enter');
    await expect(collection.getByTestId('ai-collection-element-note').first()).toContainText('status is new, paid or shipped');

    // Remove one.
    await collection.getByTestId('ai-collection-element').nth(1).getByTestId('ai-collection-element-remove').click();
    await expect(collection.getByTestId('ai-collection-element-name')).toHaveText(['orders', 'customer_order_totals']);

    // It survives a reload (it lives on the server).
    await openApp(page, env, '/chat?language=en-US');
    await expect(side.getByTestId('ai-collection-title')).toHaveText('Sales analytics');
    await side.getByTestId('ai-collection-toggle').click();
    await expect(side.getByTestId('ai-collection-element-name')).toHaveText(['orders', 'customer_order_totals']);

    // Chat bound to the collection: the cascader shows it, @ offers its tables, the server gets its id.
    await side.getByTestId('ai-collection-chat').click();
    const chat = page.getByTestId('chat-panel');
    await expect(chat.getByTestId('chat-context-label')).toContainText('Sales analytics');
    const input = chat.getByTestId('chat-input');
    await input.pressSequentially('@');
    await expect(chat.getByTestId('chat-mention-option')).toHaveText(['orders', 'customer_order_totals']);
    await page.keyboard.press('Escape');
    env.llm.reply({ content: ['```sql\nSELECT status, COUNT(*) FROM orders GROUP BY status;\n```'] });
    await input.fill('orders per status');
    await input.press('Enter');
    await expect(chat.getByTestId('chat-answer').last()).toHaveAttribute('data-state', 'finish');
    await expect(chat.getByTestId('chat-sql-block')).toContainText('GROUP BY status');
    const prompt = env.llm.lastPromptText();
    expect(prompt).toContain('orders');
    expect(prompt).toContain('status is new, paid or shipped');
    await page.screenshot({ path: shot('21-collection-chat') });
  });

  test('the context cascader switches between a data source and a collection', async ({ page, request }) => {
    await configureAi(request, env);
    await openApp(page, env, `/workspace?language=en-US`);
    const panel = page.getByTestId('right-panel');
    const label = panel.getByTestId('chat-context-label');
    await panel.getByTestId('chat-context').click();
    await page.getByTestId('chat-ctx-collections').click();
    await page.getByText('Sales analytics', { exact: true }).last().click();
    await expect(label).toContainText('Sales analytics');
    await panel.getByTestId('chat-context').click();
    await page.getByTestId('chat-ctx-ds-1').click();
    // A data source alone is completed with its database when the popup closes.
    await page.keyboard.press('Escape');
    await expect(label).toContainText('Demo shop (SQLite) / main');
    await page.screenshot({ path: shot('22-context-cascader') });
  });

  test('an engine with databases and schemas gets both levels in the cascader (PostgreSQL)', async ({ page, request }) => {
    const pgUrl = new URL(process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    const created = await request.post(`${env.askdb.url}/api/connection/datasource/create`, {
      data: { alias: 'PG e2e', type: 'POSTGRESQL', host: pgUrl.hostname, port: Number(pgUrl.port || 5432), user: decodeURIComponent(pgUrl.username || 'postgres'), password: decodeURIComponent(pgUrl.password), databaseName: 'postgres' },
    });
    const id = (await created.json()).data as number;
    const reachable = (await request.get(`${env.askdb.url}/api/rdb/database/list?dataSourceId=${id}`)).ok();
    test.skip(!reachable && process.env.ASKDB_REQUIRE_SERVICES !== '1', 'PostgreSQL is not running');
    await openApp(page, env, `/workspace?language=en-US`);
    const panel = page.getByTestId('right-panel');
    await panel.getByTestId('chat-context').click();
    await page.getByTestId(`chat-ctx-ds-${id}`).click();
    await page.getByTestId('chat-ctx-db-postgres').click();
    await page.getByTestId('chat-ctx-sc-public').click();
    await expect(panel.getByTestId('chat-context-label')).toHaveText(/PG e2e \/ postgres \/ public/);
    await page.screenshot({ path: shot('23-context-pg') });
    // Only the data source: on closing, its configured database and the usual schema are chosen.
    await panel.getByTestId('chat-context').click();
    await page.getByTestId('chat-ctx-ds-1').click();
    await page.getByTestId('chat-ctx-db-main').click();
    await expect(panel.getByTestId('chat-context-label')).toHaveText(/Demo shop \(SQLite\) \/ main/);
    await panel.getByTestId('chat-context').click();
    await page.getByTestId(`chat-ctx-ds-${id}`).click();
    await page.keyboard.press('Escape');
    await expect(panel.getByTestId('chat-context-label')).toHaveText(/PG e2e \/ postgres \/ public/);
  });
});
