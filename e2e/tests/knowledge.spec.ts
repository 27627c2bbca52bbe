/**
 * Knowledge management (issue 17 point 4) on a local server of its own: Settings → Knowledge opens
 * the table; a new row must be complete before saving and saved before any other action; inline
 * edit; batch import of an xlsx (per-row errors for a bad file), kind filter, batch delete after
 * confirming the count; Settings → MCP shows the client configuration to copy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from '../server';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let server: RunningServer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-knowledge-e2e-'));

async function xlsx(name: string, rows: string[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Knowledge');
  ws.addRow(['Kind', 'Name', 'Content', 'Data source', 'Table']);
  for (const r of rows) ws.addRow(r);
  const file = path.join(dir, name);
  await wb.xlsx.writeFile(file);
  return file;
}

async function openKnowledge(page: Page) {
  await page.goto(`${server.url}/workspace?language=en-US`);
  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-tab-knowledge').click();
  await page.getByTestId('knowledge-open').click();
  await expect(page.getByTestId('knowledge-table')).toBeVisible();
}

test.beforeAll(async () => {
  server = await startServer({ ASKDB_DEMO: '0' });
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('add and edit inline: complete before saving, save before anything else', async ({ page }) => {
  await openKnowledge(page);
  const table = page.getByTestId('knowledge-table');
  await page.getByTestId('knowledge-add').click();
  await page.getByTestId('knowledge-edit-name').fill('GMV');
  await page.getByTestId('knowledge-save').click();
  await expect(page.getByText('Please fill in complete information before saving')).toBeVisible();
  await page.getByTestId('knowledge-export').click();
  await expect(page.getByText('Please save first')).toBeVisible();
  await page.getByTestId('knowledge-edit-content').fill('Gross merchandise value: sum of paid orders');
  await page.getByTestId('knowledge-save').click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const row = table.locator('tr', { hasText: 'GMV' });
  await expect(row).toContainText('Terminology');
  await expect(row).toContainText('Gross merchandise value: sum of paid orders');
  await expect(row).toContainText('Global');

  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByTestId('knowledge-edit-content').fill('Gross merchandise value, before refunds');
  await page.getByTestId('knowledge-save').click();
  await expect(table.locator('tr', { hasText: 'GMV' })).toContainText('Gross merchandise value, before refunds');

  await page.getByTestId('knowledge-batch-delete').click();
  await expect(page.getByText('Please select items first')).toBeVisible();
});

test('batch import (per-row errors first), kind filter, batch delete with the count confirmed; MCP config', async ({ page }) => {
  await openKnowledge(page);
  const table = page.getByTestId('knowledge-table');

  await page.getByTestId('knowledge-import-file').setInputFiles(await xlsx('bad.xlsx', [
    ['TERMINOLOGY', 'churn', 'No order in 90 days', '', ''],
    ['TABLE_ANNOTATION', 'orders', 'one row per checkout', '', ''],
    ['GLOSSARY', 'x', 'y', '', ''],
  ]));
  const errors = page.getByTestId('knowledge-import-errors');
  await expect(errors).toContainText('Row 3: A table annotation needs the table it annotates');
  await expect(errors).toContainText('Row 4: Unknown kind "GLOSSARY"');
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(table.locator('tr', { hasText: 'churn' })).toHaveCount(0);

  await page.getByTestId('knowledge-import-file').setInputFiles(await xlsx('good.xlsx', [
    ['TERMINOLOGY', 'churn', 'No order in 90 days', '', ''],
    ['TABLE_ANNOTATION', 'orders', 'one row per checkout', '', 'orders'],
  ]));
  await expect(page.getByText('Imported 2 items')).toBeVisible();
  await expect(table.locator('tr', { hasText: 'churn' })).toHaveCount(1);
  await expect(table.locator('tr', { hasText: 'one row per checkout' })).toContainText('Table annotation');
  await page.screenshot({ path: '/tmp/askdb-knowledge-table.png' });

  await page.getByTestId('knowledge-kind-filter').click();
  await page.locator('.ant-select-item-option', { hasText: 'Table annotation' }).click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await page.getByTestId('knowledge-kind-filter').click();
  await page.locator('.ant-select-item-option', { hasText: 'All kinds' }).click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);

  await table.locator('tr', { hasText: 'churn' }).locator('input[type=checkbox]').check();
  await table.locator('tr', { hasText: 'one row per checkout' }).locator('input[type=checkbox]').check();
  await page.getByTestId('knowledge-batch-delete').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('Are you sure to delete the selected 2?');
  await page.getByTestId('knowledge-confirm-delete').click();
  await expect(page.getByText('Deleted 2')).toBeVisible();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(table.locator('tr', { hasText: 'GMV' })).toHaveCount(1);

  await page.getByRole('dialog', { name: 'Knowledge management' }).getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('settings-tab-mcp').click();
  await expect(page.getByTestId('mcp-config')).toContainText('"mcpServers"');
  await expect(page.getByTestId('mcp-endpoint')).toHaveText(`${server.url}/api/mcp`);
  await page.getByTestId('mcp-copy').click();
  await expect(page.getByText(/MCP config copied|Could not copy/)).toBeVisible();
  await page.screenshot({ path: '/tmp/askdb-knowledge-mcp.png' });
});
