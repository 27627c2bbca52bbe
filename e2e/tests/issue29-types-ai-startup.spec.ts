/**
 * Issue 29 items 4 and 19 in the browser (local mode):
 * - the connection dialog offers every type of the spec; a type without a driver in this build says
 *   so at once (Test and Save off), a wire-compatible one (Kingbase) does not;
 * - the AI settings' Test action calls the provider the form describes — here Wenxin, a scripted
 *   server speaking Qianfan's own protocol — and shows "API interface test failed" with the
 *   provider's words, or the model's reply;
 * - when the start data cannot be loaded the app says "Service startup failed…".
 */
import { expect, test, type Page } from '@playwright/test';
import { startScriptedWenxinServer, type ScriptedWenxinServer } from '../../packages/ai/test/scripted-wenxin-server';
import { openWorkspace, pickConnectionType } from './workspace-helpers';
import { openSettingsSection, pickOption } from './accounts-helpers';

const PAIR = { apiKey: 'AKe2e29', secretKey: 'SKe2e29-secret' };
let wenxin: ScriptedWenxinServer;
test.beforeAll(async () => {
  wenxin = await startScriptedWenxinServer(PAIR);
});
test.afterAll(async () => {
  await wenxin?.close();
});


test('the connection dialog offers every spec type and says before connecting which have no driver', async ({ page }) => {
  await openWorkspace(page);
  await page.getByTestId('new-connection').click();
  await expect(page.getByTestId('connection-form')).toBeVisible();
  await expect(page.getByTestId('conn-no-driver')).toHaveCount(0);
  for (const label of ['DB2', 'Snowflake', 'Hive', 'Presto', 'DM (Dameng)', 'H2', 'Elasticsearch', 'SUNDB', 'Kylin', 'XuguDB', 'TDengine', 'BigQuery', 'Informix', 'GBase 8s', 'OceanBase (Oracle mode)']) {
    await pickConnectionType(page, label);
    await expect(page.getByTestId('conn-no-driver'), label).toHaveText(`${label} has no driver in this build: AskDB cannot connect to it yet. Test and Save are off.`);
    await expect(page.getByTestId('conn-test'), label).toBeDisabled();
    await expect(page.getByTestId('conn-save'), label).toBeDisabled();
  }
  await page.screenshot({ path: '/tmp/issue29-no-driver.png' });
  for (const label of ['Kingbase', 'TiDB', 'openGauss', 'StarRocks']) {
    await pickConnectionType(page, label);
    await expect(page.getByTestId('conn-no-driver'), label).toHaveCount(0);
    await expect(page.getByTestId('conn-test'), label).toBeEnabled();
  }
});

test('AI settings: Test shows "API interface test failed" with the provider detail, then the reply', async ({ page }) => {
  await openWorkspace(page);
  await openSettingsSection(page, 'customAi');
  await expect(page.getByTestId('ai-settings-form')).toBeVisible();
  await pickOption(page, 'ai-settings-source', 'Baidu Wenxin (ERNIE)');
  await page.getByTestId('ai-settings-host').locator('input').fill(wenxin.url);
  await page.getByTestId('ai-settings-key').fill(`${PAIR.apiKey}:not-the-secret`);
  await page.getByTestId('ai-settings-test').click();
  const result = page.getByTestId('ai-settings-test-result');
  await expect(result).toContainText('API interface test failed');
  await expect(result).toContainText('invalid_client');
  await page.screenshot({ path: '/tmp/issue29-ai-test-failed.png' });

  wenxin.reply({ chunks: ['O', 'K'] });
  await page.getByTestId('ai-settings-key').fill(`${PAIR.apiKey}:${PAIR.secretKey}`);
  await page.getByTestId('ai-settings-test').click();
  await expect(result).toHaveText('The API answered: OK');
});

test('start data that cannot be loaded: "Service startup failed. Please try refreshing the page..."', async ({ page }) => {
  await page.route('**/api/system', (route) => route.abort('connectionrefused'));
  await page.goto('/workspace?language=en-US');
  await expect(page.getByTestId('startup-failed')).toContainText('Service startup failed. Please try refreshing the page...');
  await page.unroute('**/api/system');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('explorer')).toBeVisible();
});
