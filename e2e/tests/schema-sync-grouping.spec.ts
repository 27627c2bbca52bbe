/**
 * Schema sync dialog, issue 26: the changes grouped by kind, destructive drops (objects only the target
 * has) unticked by default with their count; ticking and unticking changes the script, and executing
 * it leaves alone what stayed unticked. Two SQLite files, so no server is needed.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), `askdb-e2e-group-${tag}-`));
const ids: number[] = [];

async function sqliteSource(request: APIRequestContext, alias: string, sql: string): Promise<number> {
  const res = await request.post('/api/connection/datasource/create', { data: { alias, type: 'SQLITE', filePath: path.join(dir, `${alias}.sqlite`), options: { create: 'true' } } });
  const id = (await res.json()).data as number;
  ids.push(id);
  const run = await request.post('/api/rdb/dml/execute', { data: { dataSourceId: id, databaseName: 'main', sql, errorContinue: true } });
  expect(((await run.json()).data as { success: boolean }[]).every((r) => r.success)).toBe(true);
  return id;
}

async function objectsOf(request: APIRequestContext, id: number): Promise<string[]> {
  const res = await request.post('/api/rdb/dml/execute', { data: { dataSourceId: id, databaseName: 'main', sql: "SELECT type || ' ' || name FROM sqlite_master WHERE name NOT LIKE 'sqlite%' ORDER BY 1" } });
  return ((await res.json()).data[0].dataList as string[][]).map((r) => r[0]!);
}

async function choose(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text, visible: true }).last().click();
  await expect(page.getByTestId(testId)).toContainText(text);
}

test.afterAll(async ({ request }) => {
  for (const id of ids) await request.delete(`/api/connection/datasource/${id}`).catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

test('groups changes by kind; destructive drops start unticked and counted; unticking removes a statement from the script', async ({ page, request }) => {
  const src = `grp-src-${tag}`;
  const tgt = `grp-tgt-${tag}`;
  await sqliteSource(request, src, `
    CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT NOT NULL);
    CREATE TABLE log (id INTEGER PRIMARY KEY, msg TEXT);
    CREATE TRIGGER items_log AFTER INSERT ON items BEGIN INSERT INTO log (msg) VALUES (new.label); END;
    CREATE VIEW item_labels AS SELECT label FROM items;`);
  const target = await sqliteSource(request, tgt, `
    CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT NOT NULL);
    CREATE TABLE old_stuff (id INTEGER PRIMARY KEY, note TEXT);
    CREATE VIEW old_view AS SELECT note FROM old_stuff;
    CREATE TRIGGER old_trigger AFTER INSERT ON items BEGIN SELECT 1; END;`);

  await page.goto('/?language=en-US');
  await page.getByTestId('schema-sync-button').click();
  await choose(page, 'sync-source-datasource', src);
  await choose(page, 'sync-target-datasource', tgt);
  await page.getByTestId('sync-start-diff').click();
  await expect(page.getByTestId('sync-dialog')).toHaveAttribute('data-step', '1');

  const groups = page.getByTestId('sync-group');
  await expect(groups).toHaveCount(3);
  expect((await groups.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).sort()).toEqual(['table', 'trigger', 'view']);
  await expect(groups.first()).toContainText('Tables');
  const banner = page.getByTestId('sync-destructive-banner');
  await expect(banner).toContainText('3 destructive drops of objects that exist only in the target are unticked');
  const destructive = page.locator('[data-testid=sync-change][data-destructive=true]');
  await expect(destructive).toHaveCount(3);
  for (const box of await destructive.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
  await expect(destructive.getByTestId('sync-change-destructive').first()).toHaveText('destructive');
  const editor = page.getByTestId('sync-sql-editor').locator('.view-lines');
  await expect(editor).toContainText('CREATE TRIGGER items_log');
  await expect(editor).not.toContainText('old_stuff');
  await page.screenshot({ path: test.info().outputPath('grouped-destructive-unticked.png') });

  // Ticking one destructive drop puts it in the script; unticking the trigger group takes its CREATE out.
  await destructive.filter({ hasText: 'DROP TRIGGER' }).getByRole('checkbox').check();
  await expect(editor).toContainText('DROP TRIGGER "old_trigger"');
  await expect(banner).toContainText('1 destructive drops of objects that exist only in the target are in the script');
  const triggers = page.locator('[data-testid=sync-group][data-kind=trigger]');
  await triggers.locator('[data-testid=sync-change][data-destructive=false]').getByRole('checkbox').uncheck();
  await expect(editor).not.toContainText('CREATE TRIGGER items_log');
  await expect(page.locator('[data-testid=sync-group][data-kind=trigger] [data-testid=sync-group-count]')).toHaveText(' 1/2');
  await page.screenshot({ path: test.info().outputPath('grouped-ticked.png') });

  await page.getByTestId('sync-start-execute').click();
  await expect(page.getByTestId('sync-dialog')).toHaveAttribute('data-step', '2', { timeout: 30_000 });
  await expect(page.getByTestId('sync-summary')).toContainText('0 failed');
  // What stayed unticked is untouched: the target-only table and view remain, the new trigger was not made.
  expect(await objectsOf(request, target)).toEqual(['table items', 'table log', 'table old_stuff', 'view item_labels', 'view old_view']);
});
