import { expect, test } from '@playwright/test';
import { configureAi, openApp, shot, startChatEnv, stopChatEnv, type ChatEnv } from './chat-helpers';

let env: ChatEnv;

test.describe.serial('named chats over an Excel/CSV file', () => {
  test.beforeAll(async () => {
    env = await startChatEnv();
  });
  test.afterAll(async () => {
    await stopChatEnv(env);
  });

  test('chat list, Excel header wizard with the load progress, a question answered with SQL over the file', async ({ page, request }) => {
    await configureAi(request, env);
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    env.llm.handle(() => ({ content: ['```sql\nSELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region\n```'] }));
    await openApp(page, env, '/chat?language=en-US');
    const list = page.getByTestId('named-chat-list');
    await expect(list).toContainText('No chats yet');

    await page.getByTestId('named-chat-new').click();
    // The name is required.
    await page.getByTestId('named-chat-create').click();
    await expect(page.getByText('This field is required!').first()).toBeVisible();
    await page.getByTestId('named-chat-name').fill('Sales by region');
    await page.getByTestId('named-chat-source').getByText('Excel / CSV file').click();
    const wizard = page.getByTestId('excel-wizard');
    await wizard.locator('input[type=file]').setInputFiles({ name: 'sales.csv', mimeType: 'text/csv', buffer: Buffer.from('Sales report\nregion,amount\nnorth,10\nsouth,20\nnorth,5\n') });
    const preview = page.getByTestId('excel-preview');
    await expect(preview).toContainText('Sales report');
    // The header is on line 2 (line 1 is a title).
    await page.getByTestId('excel-header-from').locator('xpath=descendant-or-self::input').fill('2');
    await page.getByTestId('excel-header-to').locator('xpath=descendant-or-self::input').fill('2');
    await expect(preview.locator('.askdb-named-preview-header').first()).toHaveText('region');
    await page.screenshot({ path: shot('40-excel-wizard') });
    await page.getByTestId('named-chat-create').click();

    // Loaded: the conversation opens on the new chat, and the list has it.
    const conv = page.getByTestId('named-conversation');
    await expect(conv).toContainText('sales (3)');
    await expect(list).toContainText('Sales by region');

    await page.getByTestId('named-chat-input').fill('Total amount per region?');
    await page.getByTestId('named-chat-send').click();
    const result = conv.getByTestId('part-RESULT');
    await expect(result).toHaveAttribute('data-status', 'SUCCESS');
    await expect(result.getByTestId('answer-result')).toContainText('north');
    await expect(result.getByTestId('answer-result')).toContainText('15');
    await expect(conv.getByTestId('answer-sql')).toContainText('GROUP BY region');
    await expect(conv.getByTestId('part-CHART')).toHaveAttribute('data-status', 'SUCCESS');
    await expect(conv.getByTestId('answer-chart').locator('canvas')).toBeVisible();
    await expect(conv.getByTestId('part-SUMMARY')).toHaveAttribute('data-status', 'SUCCESS');
    await page.screenshot({ path: shot('41-excel-answer') });

    // Slash magic: only the table.
    await page.getByTestId('named-chat-input').fill('/query_table regions');
    await page.getByTestId('named-chat-send').click();
    await expect(conv.getByTestId('part-CHART').last()).toHaveAttribute('data-status', 'SKIPPED');

    // The SQL edited by hand runs again from the result step.
    await conv.getByTestId('part-edit-sql').first().click();
    await page.getByTestId('answer-sql-edit').fill("SELECT region, amount FROM sales WHERE region = 'south'");
    await page.getByRole('button', { name: 'Run' }).click();
    const first = conv.getByTestId('part-RESULT').first();
    await expect(first.getByTestId('answer-result')).not.toContainText('north');
    await expect(first.getByTestId('answer-result')).toContainText('south');
    await expect(conv.getByTestId('answer-sql').first()).toContainText("region = 'south'");

    // Share: the dialog gives a link.
    await page.getByTestId('named-chat-share').click();
    await expect(page.getByRole('dialog').getByText('Share with')).toBeVisible();
    await expect(async () => {
      await page.getByTestId('share-save').click();
      await expect(page.getByTestId('share-link')).toHaveValue(/\/chat\?share=/, { timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    await page.screenshot({ path: shot('42-excel-share') });
  });

  test('the share link of a deleted chat says the chat was deleted', async ({ page, request }) => {
    const base = env.askdb.url;
    const up = await request.post(`${base}/api/ai/chat/excel`, { multipart: { file: { name: 'gone.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') } } });
    const uploadId = ((await up.json()) as { data: { uploadId: string } }).data.uploadId;
    const created = await request.post(`${base}/api/ai/chat/create`, { data: { name: 'Soon gone', sourceType: 'EXCEL', uploadId } });
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    const shared = await request.post(`${base}/api/ai/chat/share`, { data: { id, scope: 'ALL_MEMBERS', permission: 'VIEW', collaboratorIds: [] } });
    const { token } = ((await shared.json()) as { data: { token: string } }).data;
    expect((await request.delete(`${base}/api/ai/chat/delete?id=${id}`)).ok()).toBe(true);
    await openApp(page, env, `/chat?share=${token}&language=en-US`);
    await expect(page.getByTestId('share-link-error')).toContainText('This chat has been deleted');
    await expect(page.getByTestId('named-chat-list')).not.toContainText('Soon gone');
    await page.screenshot({ path: shot('43-deleted-share-link') });
  });
});
