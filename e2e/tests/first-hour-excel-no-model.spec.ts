/**
 * Issue 25 point 5, last part: an Excel/CSV chat created with no AI model configured warns at
 * creation, and the user can still query the uploaded table with SQL (a SELECT typed as the question).
 */
import { expect, test } from '@playwright/test';
import { openApp, startChatEnv, stopChatEnv, SHOT_DIR, type ChatEnv } from './chat-helpers';

let env: ChatEnv;

test.describe.serial('an Excel/CSV chat without an AI model', () => {
  test.beforeAll(async () => {
    env = await startChatEnv();
  });
  test.afterAll(() => stopChatEnv(env));

  test('warns at creation, and a SELECT typed as the question runs over the uploaded table', async ({ page }) => {
    const ai = await (await page.request.get(`${env.askdb.url}/api/config/system_config/ai`)).json();
    expect(ai.data.configured).toBe(false);
    await openApp(page, env, '/chat?language=en-US');
    await page.getByTestId('named-chat-new').click();
    await page.getByTestId('named-chat-name').fill('Sales without AI');
    await page.getByTestId('named-chat-source').getByText('Excel / CSV file').click();
    await expect(page.getByTestId('named-chat-no-model')).toContainText('No AI model is configured');
    const wizard = page.getByTestId('excel-wizard');
    await wizard.locator('input[type=file]').setInputFiles({ name: 'sales.csv', mimeType: 'text/csv', buffer: Buffer.from('region,amount\nnorth,10\nsouth,20\nnorth,5\n') });
    await expect(page.getByTestId('excel-preview')).toContainText('north');
    await page.screenshot({ path: `${SHOT_DIR}/excel-no-model-create.png` });
    await page.getByTestId('named-chat-create').click();

    const conv = page.getByTestId('named-conversation');
    await expect(conv).toContainText('sales (3)', { timeout: 30_000 });
    await expect(conv.getByTestId('named-chat-no-model')).toContainText('SELECT');
    await page.getByTestId('named-chat-input').fill('SELECT region, SUM(amount) AS total FROM sales GROUP BY region ORDER BY region');
    await page.getByTestId('named-chat-send').click();
    const result = conv.getByTestId('part-RESULT').last();
    await expect(result).toHaveAttribute('data-status', 'SUCCESS', { timeout: 30_000 });
    await expect(result.getByTestId('answer-result')).toContainText('north');
    await expect(result.getByTestId('answer-result')).toContainText('15');
    await expect(conv.getByTestId('answer-sql').last()).toContainText('GROUP BY region');
    await page.screenshot({ path: `${SHOT_DIR}/excel-no-model-answer.png` });
  });
});
