/**
 * Deleting finished import / export tasks from the task drawer (issue 28 point 1): a finished export
 * is deleted after a confirm that says its files go too, leaves the list (drawer and API) and its
 * download answers 404; a running task offers Cancel and no Delete until it has stopped.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { TaskView } from '@askdb/contracts';
import { apiData, contextMenu, createPgSource, demoId, demoTable, openDemoTables, openWorkspace, uid } from './workspace-helpers';

let pgId = 0;
let slowTaskId = 0;

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ request }) => {
  // A failed run could leave the slow export going (it would hold the server's shutdown): stop it.
  if (slowTaskId) await request.post('/api/task/cancel', { data: { id: slowTaskId } }).catch(() => undefined);
  if (pgId) await apiData(request, 'DELETE', `/api/connection/datasource/${pgId}`).catch(() => undefined);
});

const listedIds = async (request: import('@playwright/test').APIRequestContext) =>
  (await apiData<{ data: TaskView[] }>(request, 'GET', '/api/task/list?pageNo=1&pageSize=100')).data.map((t) => t.id);

/** Opens the confirm of a row's Delete, checks what it says, and confirms. */
async function confirmDelete(page: Page, row: Locator, screenshot?: string): Promise<void> {
  await row.getByTestId('task-delete').click();
  const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Its export file and any uploaded file go too' });
  await expect(confirm).toBeVisible();
  if (screenshot) await page.screenshot({ path: screenshot });
  await confirm.getByTestId('task-delete-confirm').click();
}

test('a finished export is deleted from the drawer with its file', async ({ page, request }) => {
  await openWorkspace(page);
  const demo = await demoId(request);
  await openDemoTables(page, demo);
  await contextMenu(demoTable(page, demo, 'categories'), 'Export table…');
  await page.getByTestId('export-format-csv').click();
  const started = page.waitForResponse((r) => r.url().includes('/api/task/export') && r.request().method() === 'POST');
  await page.getByTestId('export-start').click();
  const id = ((await (await started).json()) as { data: TaskView }).data.id;

  const drawer = page.getByTestId('task-drawer');
  const row = drawer.getByTestId(`task-${id}`);
  await expect(row).toHaveAttribute('data-state', 'DONE');
  await expect(row.getByTestId('task-cancel')).toHaveCount(0);
  expect((await request.get(`/api/task/download?id=${id}`)).status()).toBe(200);

  await confirmDelete(page, row, '/tmp/askdb-tasks-delete-confirm.png');
  await expect(page.getByText('Task deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.screenshot({ path: '/tmp/askdb-tasks-delete-after.png' });

  expect(await listedIds(request)).not.toContain(id);
  expect((await request.get(`/api/task/download?id=${id}`)).status()).toBe(404);
  expect((await request.get(`/api/task/get?id=${id}`)).status()).toBe(404);
});

test('a running task offers Cancel, not Delete; once stopped it can be deleted', async ({ page, request }) => {
  pgId = await createPgSource(request, `Tasks delete ${uid()}`, 'postgres');
  // Slow on purpose (about 1 ms a row, far longer than the test): it stays RUNNING until cancelled.
  const task = await apiData<TaskView>(request, 'POST', '/api/task/export', {
    dataSourceId: pgId, databaseName: 'postgres', schemaName: 'public', target: 'query', format: 'csv',
    sql: 'SELECT g, pg_sleep(0.001) FROM generate_series(1, 1000000) AS g',
  });
  slowTaskId = task.id;
  await openWorkspace(page);
  await page.getByTestId('tasks-button').click();
  const row = page.getByTestId('task-drawer').getByTestId(`task-${task.id}`);
  await expect(row).toHaveAttribute('data-state', /^(INITIALIZING|RUNNING)$/);
  await expect(row.getByTestId('task-cancel')).toBeVisible();
  await expect(row.getByTestId('task-delete')).toHaveCount(0);
  // The server refuses too: an unfinished task cannot be deleted.
  expect((await request.post('/api/task/delete', { data: { id: task.id } })).status()).toBe(409);

  await row.getByTestId('task-cancel').click();
  await page.locator('.ant-popconfirm').filter({ hasText: 'Stop this task?' }).locator('.ant-btn-primary').click();
  // The export stops after the batch it is writing (it checks every 5000 rows).
  await expect(row).toHaveAttribute('data-state', 'STOPPED', { timeout: 40_000 });
  await expect(row.getByTestId('task-cancel')).toHaveCount(0);

  await confirmDelete(page, row);
  await expect(row).toHaveCount(0);
  expect(await listedIds(request)).not.toContain(task.id);
});

test('deleting a task that is already gone says so and refreshes the list', async ({ page, request }) => {
  const demo = await demoId(request);
  const task = await apiData<TaskView>(request, 'POST', '/api/task/export', { dataSourceId: demo, databaseName: 'main', target: 'table', tableName: 'categories', format: 'json' });
  await openWorkspace(page);
  await page.getByTestId('tasks-button').click();
  const row = page.getByTestId('task-drawer').getByTestId(`task-${task.id}`);
  await expect(row).toHaveAttribute('data-state', 'DONE');
  // Deleted elsewhere (another tab) while this list still shows it.
  expect((await request.post('/api/task/delete', { data: { id: task.id } })).status()).toBe(200);

  await confirmDelete(page, row);
  await expect(page.locator('.ant-notification').getByText(`Task ${task.id} not found`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
