/**
 * Issue 25 item 1: work not applied yet is never thrown away without a word. Closing a table-data tab
 * showing "Review & apply (n)", or a table editor with a pending ALTER, asks (apply, discard, cancel);
 * so do leaving the workspace and closing or reloading the window. Demo SQLite source, real database.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { contextMenu, demoId, demoTable, openDemoTables, openWorkspace, sql, uid } from './workspace-helpers';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });

const cell = (page: Page, row: number, column: string) => page.getByTestId('grid-row').nth(row).locator(`[data-testid=grid-cell][data-column="${column}"]`);
const tabOfType = (page: Page, type: string) => page.locator(`[data-testid=workspace-tab][data-tab-type=${type}]`);
const closeTab = (page: Page, type: string) => tabOfType(page, type).locator('xpath=ancestor::div[contains(@class,"ant-tabs-tab")]').getByRole('button', { name: /remove|close/i }).click();

/** Waits until the dialog's opening animation is over, so a screenshot shows it. */
const settled = (page: Page) => expect.poll(() => page.getByTestId('pending-dialog').evaluate((el) => getComputedStyle(el.closest('.ant-modal') ?? el).opacity)).toBe('1');

async function openData(page: Page, ds: number, table: string) {
  await openWorkspace(page);
  await openDemoTables(page, ds);
  await demoTable(page, ds, table).dblclick();
  await expect(page.getByTestId('table-data-tab')).toBeVisible();
  await expect(page.getByTestId('grid-row').first()).toBeVisible();
}

async function editName(page: Page, row: number, text: string) {
  await cell(page, row, 'name').dblclick();
  await page.getByTestId('cell-editor').fill(text);
  await page.getByTestId('cell-editor').press('Enter');
}

test('closing a table-data tab with pending edits asks: cancel keeps them, discard drops them, apply writes them', async ({ page, request }) => {
  const ds = await demoId(request);
  const t = `fh_pending_${uid()}`;
  await sql(request, ds, `CREATE TABLE ${t} (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO ${t} (name) VALUES ('one'), ('two')`, 'main');
  const names = async () => (await sql(request, ds, `SELECT name FROM ${t} ORDER BY id`, 'main'))[0]!.dataList.map((r) => r[0]);
  try {
    await openData(page, ds, t);
    await editName(page, 0, 'ONE');
    await expect(page.getByTestId('changes-submit')).toHaveText(/Review & apply \(1\)/);

    // Close: the question, naming the tab and the count.
    await closeTab(page, 'EDIT_TABLE_DATA');
    const dialog = page.getByTestId('pending-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Apply the changes in ${t}?`);
    await expect(dialog).toContainText('1 pending change');
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/pending-close-data-tab.png` });

    // Cancel: the tab and its edit stay.
    await page.getByTestId('pending-cancel').click();
    await expect(dialog).toBeHidden();
    await expect(tabOfType(page, 'EDIT_TABLE_DATA')).toBeVisible();
    await expect(page.getByTestId('changes-submit')).toHaveText(/\(1\)/);
    await expect(cell(page, 0, 'name')).toHaveText('ONE');

    // Discard: the tab closes and the database is untouched.
    await closeTab(page, 'EDIT_TABLE_DATA');
    await page.getByTestId('pending-discard').click();
    await expect(tabOfType(page, 'EDIT_TABLE_DATA')).toHaveCount(0);
    expect(await names()).toEqual(['one', 'two']);

    // Apply: the edits are written, then the tab closes.
    await demoTable(page, ds, t).dblclick();
    await expect(page.getByTestId('grid-row').first()).toBeVisible();
    await editName(page, 1, 'TWO');
    await closeTab(page, 'EDIT_TABLE_DATA');
    await page.getByTestId('pending-apply').click();
    await expect(tabOfType(page, 'EDIT_TABLE_DATA')).toHaveCount(0);
    expect(await names()).toEqual(['one', 'TWO']);
  } finally {
    await sql(request, ds, `DROP TABLE IF EXISTS ${t}`, 'main');
  }
});

test('a table editor with a pending ALTER asks before closing, and apply runs the ALTER', async ({ page, request }) => {
  const ds = await demoId(request);
  const t = `fh_alter_${uid()}`;
  await sql(request, ds, `CREATE TABLE ${t} (id INTEGER PRIMARY KEY, name TEXT)`, 'main');
  try {
    await openWorkspace(page);
    await openDemoTables(page, ds);
    await contextMenu(demoTable(page, ds, t), 'Edit table');
    await expect(page.getByTestId('table-editor-tab')).toBeVisible();
    // Untouched: closing asks nothing.
    await closeTab(page, 'EDIT_TABLE');
    await expect(tabOfType(page, 'EDIT_TABLE')).toHaveCount(0);
    await expect(page.getByTestId('pending-dialog')).toHaveCount(0);

    await contextMenu(demoTable(page, ds, t), 'Edit table');
    await page.getByTestId('col-add').click();
    await page.getByTestId('col-name').nth(2).fill('note');
    await expect(page.getByTestId('ddl-preview')).toContainText(`ALTER TABLE ${t} ADD COLUMN note TEXT;`);
    await closeTab(page, 'EDIT_TABLE');
    await expect(page.getByTestId('pending-dialog')).toContainText(`Apply the changes in Edit ${t}?`);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/pending-close-table-editor.png` });
    await page.getByTestId('pending-apply').click();
    await expect(tabOfType(page, 'EDIT_TABLE')).toHaveCount(0);
    const cols = (await sql(request, ds, `SELECT name FROM pragma_table_info('${t}') ORDER BY cid`, 'main'))[0]!.dataList.map((r) => r[0]);
    expect(cols).toEqual(['id', 'name', 'note']);
  } finally {
    await sql(request, ds, `DROP TABLE IF EXISTS ${t}`, 'main');
  }
});

test('leaving the workspace or closing the window with pending edits asks first', async ({ page, request }) => {
  const ds = await demoId(request);
  const t = `fh_leave_${uid()}`;
  await sql(request, ds, `CREATE TABLE ${t} (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO ${t} (name) VALUES ('one')`, 'main');
  try {
    await openData(page, ds, t);
    await editName(page, 0, 'ONE');
    // Another main tab would unmount the grid: asked, cancelled, still here.
    await page.getByTestId('main-tab-dashboard').click();
    await expect(page.getByTestId('pending-dialog')).toBeVisible();
    await page.getByTestId('pending-cancel').click();
    await expect(page.getByTestId('table-data-tab')).toBeVisible();
    await expect(page.getByTestId('changes-submit')).toHaveText(/\(1\)/);

    // Closing the window: the browser's own question (beforeunload); dismissing it keeps the page.
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => { resolve(d.type()); void d.dismiss(); }));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
    await expect(page.getByTestId('changes-submit')).toHaveText(/\(1\)/);

    // Once discarded, nothing holds the window.
    await page.getByTestId('changes-discard').click();
    let dialogs = 0;
    page.on('dialog', (d) => { dialogs++; void d.accept(); });
    await page.getByTestId('main-tab-dashboard').click();
    await expect(page.getByTestId('page-dashboard')).toBeVisible();
    expect(dialogs).toBe(0);
  } finally {
    await sql(request, ds, `DROP TABLE IF EXISTS ${t}`, 'main');
  }
});
