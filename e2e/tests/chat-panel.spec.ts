import { expect, test } from '@playwright/test';
import { clearChats, configureAi, openApp, inserted, recordInsertSql, shot, startChatEnv, stopChatEnv, type ChatEnv } from './chat-helpers';

const SQL = 'SELECT COUNT(*) AS customer_count\nFROM customers;';
let env: ChatEnv;

test.describe.serial('AI chat panel', () => {
  test.beforeAll(async () => {
    env = await startChatEnv();
  });
  test.afterAll(async () => {
    await stopChatEnv(env);
  });
  test.beforeEach(async ({ request }) => {
    await clearChats(request, env);
  });

  test('with no model configured the chat says how to configure one', async ({ page }) => {
    await openApp(page, env, `/workspace?language=en-US`);
    const panel = page.getByTestId('right-panel');
    await expect(panel.getByTestId('chat-not-configured')).toBeVisible();
    await expect(panel).toContainText('No AI model is configured');
    await expect(panel.getByTestId('chat-configure-ai')).toBeVisible();
    await page.screenshot({ path: shot('01-not-configured') });
    // Asking anyway: the answer says the same, with the way to configure.
    await panel.getByTestId('chat-input').fill('How many customers?');
    await panel.getByTestId('chat-input').press('Enter');
    const answer = panel.getByTestId('chat-answer').last();
    await expect(answer.getByTestId('chat-not-configured')).toBeVisible();
    await expect(answer).toContainText('No AI model is configured');
    await expect(answer.getByTestId('chat-configure-ai')).toBeVisible();
    await page.screenshot({ path: shot('01b-not-configured-answer') });
    // The link opens the Custom AI settings.
    await answer.getByTestId('chat-configure-ai').click();
    await expect(page.getByTestId('ai-settings-form')).toBeVisible();
    await expect(page.getByTestId('ai-settings-source')).toContainText('OpenAI-compatible');
  });

  test('when an administrator manages the AI, a member is told to ask the administrator', async ({ page }) => {
    // Server mode has no login yet, so the member's view of the settings (what GET returns to a
    // non-admin in a team deployment) is the one answer replaced here.
    await page.route('**/api/config/system_config/ai', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ json: { success: true, data: { aiSqlSource: null, apiKeyConfigured: false, adminManaged: true, canEdit: false, configured: false } } })
        : route.continue(),
    );
    await openApp(page, env, `/workspace?language=en-US`);
    const panel = page.getByTestId('right-panel');
    await expect(panel.getByTestId('chat-not-configured')).toHaveAttribute('data-admin', 'true');
    await expect(panel).toContainText('Please ask your administrator to configure a model.');
    await expect(panel.getByTestId('chat-configure-ai')).toHaveCount(0);
    await expect(panel.getByTestId('chat-ai-settings')).toHaveCount(0);
    await openApp(page, env, `/workspace?language=zh-CN`);
    await expect(panel).toContainText('请联系管理员配置模型');
    await page.screenshot({ path: shot('01c-admin-managed') });
  });

  test('configure the AI in the Custom AI settings: the key is write-only', async ({ page }) => {
    await openApp(page, env, `/workspace?language=en-US`);
    await page.getByTestId('settings-button').click();
    await page.getByRole('tab', { name: 'Custom AI' }).click();
    const form = page.getByTestId('ai-settings-form');
    await form.getByTestId('ai-settings-host').locator('input').fill(env.llm.url);
    await form.getByTestId('ai-settings-key').fill('sk-e2e-secret-key-123456');
    await form.getByTestId('ai-settings-model').locator('input').fill('test-model');
    await form.getByTestId('ai-settings-save').click();
    await expect(page.getByText('AI settings saved')).toBeVisible();
    await expect(form.getByTestId('ai-settings-key-configured')).toBeVisible();
    await expect(form.getByTestId('ai-settings-key')).toHaveValue('');
    await page.screenshot({ path: shot('02-settings-saved') });
    // The key never comes back to the browser.
    const cfg = await page.request.get(`${env.askdb.url}/api/config/system_config/ai`);
    expect(await cfg.text()).not.toContain('sk-e2e-secret-key-123456');
    // The key can be removed (local model servers need none).
    await form.getByTestId('ai-settings-key-remove').click();
    await expect(form.getByTestId('ai-settings-key-removing')).toBeVisible();
    await form.getByTestId('ai-settings-save').click();
    await expect(form.getByTestId('ai-settings-key-configured')).toHaveCount(0);
    await expect(form.getByTestId('ai-settings-key-removing')).toHaveCount(0);
    expect((await (await page.request.get(`${env.askdb.url}/api/config/system_config/ai`)).json()).data.apiKeyConfigured).toBe(false);
    await page.keyboard.press('Escape');
    // And the chat no longer asks for a configuration.
    await openApp(page, env, '/workspace?language=en-US');
    await expect(page.getByTestId('chat-empty')).toBeVisible();
    await expect(page.getByTestId('chat-model')).toContainText('test-model');
  });

  test('ask a question with the demo SQLite source as context: streamed answer with a SQL block to insert', async ({ page, request }) => {
    await configureAi(request, env);
    env.llm.reply({ content: ['Here is the query:\n\n', '```sql\n', 'SELECT COUNT(*) AS customer_count\n', 'FROM customers;\n', '```\n', '\nIt counts **all** customers.'], chunkDelayMs: 150 });
    await openApp(page, env, `/workspace?language=en-US`);
    await recordInsertSql(page);
    const panel = page.getByTestId('right-panel');
    await expect(panel.getByTestId('chat-context-label')).toContainText('Demo shop');
    // Cmd/Ctrl+K focuses the input; the placeholder names the shortcut.
    await page.locator('body').click();
    await page.keyboard.press('Control+k');
    const input = panel.getByTestId('chat-input');
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('placeholder', /Ctrl\+K/);
    // Empty input: send is blocked.
    await expect(panel.getByTestId('chat-send')).toBeDisabled();
    await input.fill('How many customers do we have?');
    await input.press('Enter');
    const answer = panel.getByTestId('chat-answer').last();
    await expect(panel.getByTestId('chat-stop')).toBeVisible();
    await expect(answer).toContainText('Here is the query');
    await page.screenshot({ path: shot('03-streaming') });
    await expect(answer.getByTestId('chat-sql-block')).toContainText('FROM customers');
    await expect(answer).toContainText('It counts all customers.');
    await expect(answer).toHaveAttribute('data-state', 'finish');
    await expect(panel.getByTestId('chat-send')).toBeVisible();
    await page.screenshot({ path: shot('04-answer') });

    // What the server sent to the model: the question, in the context of the demo database.
    const prompt = env.llm.lastPromptText();
    expect(prompt).toContain('How many customers do we have?');
    expect(prompt.toLowerCase()).toContain('customers');
    expect(JSON.stringify(env.llm.last().body)).not.toContain('sk-e2e-secret-key-123456');

    await answer.getByTestId('chat-sql-insert').click();
    await answer.getByTestId('chat-sql-run').click();
    expect(await inserted(page)).toEqual([
      { sql: SQL, run: false },
      { sql: SQL, run: true },
    ]);
  });

  test('stop a slow stream: the upstream request ends and the answer is marked stopped', async ({ page, request }) => {
    await configureAi(request, env);
    env.llm.reply({ forever: true, content: ['tick '], chunkDelayMs: 100 });
    await openApp(page, env, `/workspace?language=en-US`);
    const panel = page.getByTestId('right-panel');
    await panel.getByTestId('chat-input').fill('Write a very long essay');
    await panel.getByTestId('chat-send').click();
    const answer = panel.getByTestId('chat-answer').last();
    await expect(answer).toContainText('tick tick tick');
    // Sending is blocked while loading.
    await panel.getByTestId('chat-input').fill('another question');
    await panel.getByTestId('chat-input').press('Enter');
    await expect(panel.getByTestId('chat-question')).toHaveCount(1);
    await panel.getByTestId('chat-stop').click();
    await expect(answer.getByTestId('chat-stopped')).toBeVisible();
    await expect(answer).toHaveAttribute('data-state', 'finish');
    await expect(panel.getByTestId('chat-send')).toBeVisible();
    await expect.poll(() => env.llm.last().closedEarly, { timeout: 10_000 }).toBe(true);
    await page.screenshot({ path: shot('05-stopped') });
  });

  test('a 401 from the provider is shown as a clear error', async ({ page, request }) => {
    await configureAi(request, env);
    env.llm.reply({ status: 401, errorBody: { error: { message: 'Incorrect API key provided' } } });
    await openApp(page, env, `/workspace?language=en-US`);
    const panel = page.getByTestId('right-panel');
    await panel.getByTestId('chat-input').fill('count orders');
    await panel.getByTestId('chat-input').press('Enter');
    const error = panel.getByTestId('chat-answer').last().getByTestId('chat-error');
    // Spec 02 §8: the side chat says the AI service is abnormal; the provider-specific text stays as the detail.
    await expect(error.getByTestId('chat-error-message')).toHaveText('Error: AI service is abnormal, please try again');
    await expect(error.getByTestId('chat-error-detail')).toContainText('rejected the API key');
    await expect(error.getByTestId('chat-error-detail')).toContainText('AI_KEY_INVALID');
    await expect(panel.getByTestId('chat-answer').last()).toHaveAttribute('data-state', 'error');
    await page.screenshot({ path: shot('06-error-401') });
  });

  test('thinking is shown, collapsible, apart from the answer', async ({ page, request }) => {
    await configureAi(request, env);
    env.llm.reply({ content: ['<think>The user wants ', 'the orders table.</think>\n', 'Use `orders`.'], chunkDelayMs: 200 });
    await openApp(page, env, `/workspace?language=en-US`);
    const panel = page.getByTestId('right-panel');
    await panel.getByTestId('chat-input').fill('which table has orders?');
    await panel.getByTestId('chat-input').press('Enter');
    const answer = panel.getByTestId('chat-answer').last();
    await expect(answer.getByTestId('chat-thinking')).toContainText('Thinking');
    await expect(answer.getByTestId('chat-thinking').getByText('The user wants')).toBeVisible();
    await expect(answer).toContainText('Use orders.');
    await expect(answer.getByTestId('chat-thinking')).toContainText('Thought process');
    // Collapsed once the answer streams; a click opens it.
    const thought = answer.getByTestId('chat-thinking').getByText('The user wants the orders table.');
    await expect(thought).toBeHidden();
    await expect(answer.getByTestId('chat-answer-text')).not.toContainText('The user wants');
    await answer.getByTestId('chat-thinking').getByText('Thought process').click();
    await expect(thought).toBeVisible();
    await page.screenshot({ path: shot('07-thinking') });
  });

  test('@table mentions: popup, selection, Escape, removal with the text, the limit of 8', async ({ page, request }) => {
    await configureAi(request, env);
    await openApp(page, env, `/workspace?language=en-US`);
    const panel = page.getByTestId('right-panel');
    const input = panel.getByTestId('chat-input');
    await input.click();
    await input.pressSequentially('join @ord');
    const popup = panel.getByTestId('chat-mention-popup');
    await expect(popup.getByTestId('chat-mention-option')).toHaveText(['order_items', 'orders']);
    await page.screenshot({ path: shot('08-mention-popup') });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(popup).toBeHidden();
    await expect(input).toHaveValue('join @orders ');
    await expect(panel.getByTestId('chat-mentioned-table')).toHaveText(['orders']);
    // Escape closes the popup without choosing.
    await input.pressSequentially('and @cus');
    await expect(popup.getByTestId('chat-mention-option')).toHaveText(['customers']);
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    // Space closes it too.
    await input.pressSequentially('t');
    await input.press('End');
    await input.pressSequentially(' ');
    await expect(popup).toBeHidden();
    // Deleting the @name removes the table from the list.
    await input.fill('join ');
    await expect(panel.getByTestId('chat-mentioned-table')).toHaveCount(0);
    // At most 8 tables: the demo has four, add five more.
    const ddl = [1, 2, 3, 4, 5].map((n) => `CREATE TABLE extra_${n} (id INTEGER PRIMARY KEY)`).join(';\n');
    const created = await request.post(`${env.askdb.url}/api/rdb/dml/execute`, { data: { sql: ddl, dataSourceId: 1, databaseName: 'main' } });
    expect(created.ok()).toBe(true);
    await input.fill('');
    const names = ['customers', 'products', 'orders', 'order_items', 'extra_1', 'extra_2', 'extra_3', 'extra_4'];
    for (const name of names) {
      await input.pressSequentially(`@${name}`);
      await popup.getByTestId('chat-mention-option').filter({ hasText: new RegExp(`^${name}$`) }).click();
    }
    await expect(panel.getByTestId('chat-mentioned-table')).toHaveCount(8);
    await input.pressSequentially('@extra_5');
    await popup.getByTestId('chat-mention-option').filter({ hasText: /^extra_5$/ }).click();
    await expect(page.getByText('You can only select up to 8 tables')).toBeVisible();
    await expect(panel.getByTestId('chat-mentioned-table')).toHaveCount(8);
    await page.screenshot({ path: shot('09-eight-tables') });
    // The mentioned tables go to the server with the question.
    env.llm.reply({ content: ['ok'] });
    await input.fill(`${(await input.inputValue()).replace('@extra_5', '')}relate them`);
    await input.press('Enter');
    await expect(panel.getByTestId('chat-answer').last()).toHaveAttribute('data-state', 'finish');
    const prompt = env.llm.lastPromptText();
    for (const name of names) expect(prompt).toContain(name);
  });

  test('the console asks the assistant (askdb:ai): the panel sends the question in the console context', async ({ page, request }) => {
    await configureAi(request, env);
    env.llm.reply({ content: ['The column is `ordered_at`, not `orderdate`:\n\n```sql\nSELECT ordered_at FROM orders;\n```'] });
    await openApp(page, env, `/workspace?language=en-US`);
    const panel = page.getByTestId('right-panel');
    await expect(panel.getByTestId('chat-context-label')).toContainText('Demo shop');
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('askdb:ai', {
          detail: { questionType: 'SQL_DEBUG', input: 'SELECT orderdate FROM orders', context: { dataSourceId: 1, databaseName: 'main' }, errorMessage: 'no such column: orderdate' },
        }),
      ),
    );
    const answer = panel.getByTestId('chat-answer').last();
    await expect(answer.getByTestId('chat-sql-block')).toContainText('SELECT ordered_at FROM orders;');
    await expect(answer).toHaveAttribute('data-state', 'finish');
    await expect(answer.getByTestId('chat-sql-warnings')).toHaveCount(0);
    await expect(panel.getByTestId('chat-question').last()).toContainText('Repair SQL');
    const prompt = env.llm.lastPromptText();
    expect(prompt).toContain('SELECT orderdate FROM orders');
    expect(prompt).toContain('no such column: orderdate');
    await page.screenshot({ path: shot('10-repair') });
  });

  test('the server check flags unknown columns and data changes on the SQL blocks', async ({ page, request }) => {
    await configureAi(request, env);
    // First answer uses a column that does not exist; the server asks once more and gets an UPDATE.
    env.llm.reply(
      { content: ['```sql\nSELECT nonexistent_col FROM orders;\n```'] },
      { content: ['Fixed:\n\n```sql\nUPDATE orders SET status = \'shipped\' WHERE id = 1;\n```'] },
    );
    await openApp(page, env, `/workspace?language=en-US`);
    const panel = page.getByTestId('right-panel');
    await panel.getByTestId('chat-input').fill('mark order 1 as shipped');
    await panel.getByTestId('chat-input').press('Enter');
    const answer = panel.getByTestId('chat-answer').last();
    await expect(answer).toHaveAttribute('data-state', 'finish');
    const blocks = answer.getByTestId('chat-sql-block');
    await expect(blocks).toHaveCount(2);
    await expect(blocks.nth(0).getByTestId('chat-sql-warnings')).toContainText('Unknown column: nonexistent_col');
    await expect(blocks.nth(1).getByTestId('chat-sql-warnings')).toContainText('Changes data');
    await expect(blocks.nth(1)).toHaveAttribute('data-effect', 'data');
    await page.screenshot({ path: shot('11-checks') });
  });

  test('a follow-up question carries the conversation; a new conversation does not', async ({ page, request }) => {
    await configureAi(request, env);
    env.llm.reply({ content: ['```sql\nSELECT COUNT(*) FROM orders;\n```'] }, { content: ['```sql\nSELECT status, COUNT(*) FROM orders GROUP BY status;\n```'] }, { content: ['fresh'] });
    await openApp(page, env, `/workspace?language=en-US`);
    const panel = page.getByTestId('right-panel');
    const input = panel.getByTestId('chat-input');
    await input.fill('How many orders are there?');
    await input.press('Enter');
    await expect(panel.getByTestId('chat-answer').last()).toHaveAttribute('data-state', 'finish');
    await input.fill('And per status?');
    await input.press('Enter');
    await expect(panel.getByTestId('chat-answer')).toHaveCount(2);
    await expect(panel.getByTestId('chat-answer').last()).toHaveAttribute('data-state', 'finish');
    const followUp = env.llm.lastPromptText();
    expect(followUp).toContain('How many orders are there?');
    expect(followUp).toContain('SELECT COUNT(*) FROM orders;');
    expect(followUp).toContain('And per status?');
    await panel.getByTestId('chat-clear').click();
    await expect(panel.getByTestId('chat-answer')).toHaveCount(0);
    await input.fill('Something else');
    await input.press('Enter');
    await expect(panel.getByTestId('chat-answer').last()).toHaveAttribute('data-state', 'finish');
    expect(env.llm.lastPromptText()).not.toContain('How many orders are there?');
  });

  test('conversations are saved: a reload brings the latest back; history opens and deletes them', async ({ page, request }) => {
    await configureAi(request, env);
    env.llm.reply({ content: ['```sql\nSELECT COUNT(*) FROM orders;\n```'] }, { content: ['Products: 42'] });
    await openApp(page, env, `/workspace?language=en-US`);
    const panel = page.getByTestId('right-panel');
    const input = panel.getByTestId('chat-input');
    await input.fill('How many orders are there?');
    await input.press('Enter');
    await expect(panel.getByTestId('chat-answer').last()).toHaveAttribute('data-state', 'finish');
    // After a reload the conversation is still there, SQL block included.
    await expect.poll(async () => (await request.get(`${env.askdb.url}/api/ai/chat/list`).then((r) => r.json())).data.total).toBe(1);
    await openApp(page, env, `/workspace?language=en-US`);
    await expect(panel.getByTestId('chat-answer')).toHaveCount(1);
    await expect(panel.getByTestId('chat-answer')).toContainText('SELECT COUNT(*) FROM orders;');
    await expect(panel.getByText('How many orders are there?')).toBeVisible();
    // A follow-up extends the same saved conversation.
    await input.fill('And products?');
    await input.press('Enter');
    await expect(panel.getByTestId('chat-answer')).toHaveCount(2);
    await expect(panel.getByTestId('chat-answer').last()).toHaveAttribute('data-state', 'finish');
    await expect.poll(async () => (await request.get(`${env.askdb.url}/api/ai/chat/list`).then((r) => r.json())).data.data[0].messageCount).toBe(4);
    // A new conversation is empty; history opens the saved one again.
    await panel.getByTestId('chat-clear').click();
    await expect(panel.getByTestId('chat-answer')).toHaveCount(0);
    await panel.getByTestId('chat-history').click();
    const item = page.getByTestId('chat-history-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('How many orders are there?');
    await expect(item).toContainText('4 messages');
    await page.screenshot({ path: shot('10-history') });
    await item.click();
    await expect(panel.getByTestId('chat-answer')).toHaveCount(2);
    await expect(panel.getByTestId('chat-answer').last()).toContainText('Products: 42');
    // Delete it: the list is empty and a reload starts empty.
    await panel.getByTestId('chat-history').click();
    await page.getByTestId('chat-history-delete').click();
    await expect(page.getByTestId('chat-history-list')).toContainText('No saved conversations yet');
    await openApp(page, env, `/workspace?language=en-US`);
    await expect(page.getByTestId('chat-empty')).toBeVisible();
  });

  test('the chat speaks Chinese and Japanese', async ({ page }) => {
    await openApp(page, env, `/workspace?language=zh-CN`);
    await expect(page.getByTestId('chat-input')).toHaveAttribute('placeholder', /向 AI 提问/);
    await openApp(page, env, `/workspace?language=ja-JP`);
    await expect(page.getByTestId('chat-input')).toHaveAttribute('placeholder', /AI に質問/);
  });
});
