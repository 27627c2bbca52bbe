/** Editing table data on the demo SQLite source: filter, sort, cells, NULL vs '', new and deleted rows, the SQL shown, one transaction, conflicts. */
import { expect, test, type Page } from '@playwright/test';
import { contextMenu, demoId, demoTable, openDemoTables, openWorkspace, sql, uid } from './workspace-helpers';

const cell = (page: Page, row: number, column: string) => page.getByTestId('grid-row').nth(row).locator(`[data-testid=grid-cell][data-column="${column}"]`);

async function openData(page: Page, ds: number, table: string) {
  await openWorkspace(page);
  await openDemoTables(page, ds);
  await demoTable(page, ds, table).dblclick();
  await expect(page.getByTestId('table-data-tab')).toBeVisible();
  await expect(page.getByTestId('grid-row').first()).toBeVisible();
}

async function editCell(page: Page, row: number, column: string, text: string) {
  await cell(page, row, column).dblclick();
  const input = page.getByTestId('cell-editor');
  await input.fill(text);
  await input.press('Enter');
}

test('paged grid of a demo table with a WHERE filter and sorting by a header', async ({ page, request }) => {
  const ds = await demoId(request);
  await openData(page, ds, 'orders');
  await expect(page.getByTestId('data-status')).toContainText(/Rows 1–100 of [\d,]+/);
  await page.getByTestId('page-next').click();
  await expect(page.getByTestId('data-status')).toContainText('Rows 101–200');
  await expect(cell(page, 0, 'id')).toHaveText('101');
  await page.getByTestId('where-input').fill("status = 'paid' AND total > 1000");
  await page.getByTestId('where-input').press('Enter');
  await expect(page.getByTestId('data-status')).toContainText('Rows 1–');
  for (let i = 0; i < 5; i++) await expect(cell(page, i, 'status')).toHaveText('paid');
  // The sorted page arrives after the click: wait until the first rows are in order (unsorted rows rarely are).
  const firstTotals = async () => Promise.all([0, 1, 2, 3, 4].map(async (i) => Number(await cell(page, i, 'total').textContent())));
  const ordered = (xs: number[], desc: boolean) => xs.every((x, i) => i === 0 || (desc ? xs[i - 1]! >= x : xs[i - 1]! <= x));
  await page.locator('[data-testid=grid-header][data-column=total]').click();
  await expect.poll(async () => ordered(await firstTotals(), false)).toBe(true);
  await page.locator('[data-testid=grid-header][data-column=total]').click();
  await expect.poll(async () => ordered(await firstTotals(), true)).toBe(true);
  // A broken filter shows the database's message.
  await page.getByTestId('where-input').fill('no_such_column = 1');
  await page.getByTestId('where-input').press('Enter');
  await expect(page.getByTestId('data-error')).toContainText('no_such_column');
});

test('edits cells, keeps NULL and empty apart, adds and deletes rows, shows the SQL, applies it in one transaction', async ({ page, request }) => {
  const ds = await demoId(request);
  const t = `ws_data_${uid()}`;
  await sql(request, ds, `CREATE TABLE ${t} (id INTEGER PRIMARY KEY, name TEXT, note TEXT, qty INTEGER); INSERT INTO ${t} (name, note, qty) VALUES ('alpha', 'x', 1), ('beta', NULL, 2), ('gamma', '', 3)`, 'main');
  await openData(page, ds, t);
  // NULL and '' look different.
  await expect(cell(page, 1, 'note')).toHaveText('NULL');
  await expect(cell(page, 1, 'note')).toHaveAttribute('data-null', 'true');
  await expect(cell(page, 2, 'note')).toHaveText('');
  await expect(cell(page, 2, 'note')).not.toHaveAttribute('data-null', 'true');
  // Cell text is text, never HTML.
  await editCell(page, 0, 'name', "<b>O'Brien</b>");
  await expect(cell(page, 0, 'name')).toHaveText("<b>O'Brien</b>");
  await expect(cell(page, 0, 'name').locator('b')).toHaveCount(0);
  // NULL ↔ ''.
  await cell(page, 1, 'note').click({ button: 'right' });
  await page.getByRole('menuitem', { name: "Set empty string ('')" }).click();
  await cell(page, 2, 'note').dblclick();
  await page.getByTestId('cell-set-null').click();
  // A new row and a deleted one.
  await page.getByTestId('row-add').click();
  const newRow = page.locator('[data-testid=grid-row][data-row="new:0"]');
  await newRow.locator('[data-column=name]').dblclick();
  await page.getByTestId('cell-editor').fill('delta');
  await page.getByTestId('cell-editor').press('Tab');
  await page.getByTestId('cell-editor').fill('new');
  await page.getByTestId('cell-editor').press('Tab');
  await page.getByTestId('cell-editor').fill('4');
  await page.getByTestId('cell-editor').press('Enter');
  await page.getByTestId('grid-row').nth(0).locator('.askdb-tdg-rownum').click();
  await page.getByTestId('row-delete').click();
  await expect(page.getByTestId('grid-row').nth(0)).toHaveClass(/is-deleted/);
  await expect(page.getByTestId('changes-submit')).toHaveText(/\(4\)/);
  await page.getByTestId('changes-submit').click();
  await expect(page.getByTestId('changes-sql')).toHaveText(
    [
      `DELETE FROM ${t} WHERE id = 1;`,
      `UPDATE ${t} SET note = '' WHERE id = 2;`,
      `UPDATE ${t} SET note = NULL WHERE id = 3;`,
      `INSERT INTO ${t} (name, note, qty) VALUES ('delta', 'new', 4);`,
    ].join('\n'),
  );
  await page.getByTestId('changes-apply').click();
  await expect(page.getByText('4 statements applied')).toBeVisible();
  const rows = (await sql(request, ds, `SELECT id, name, note, qty FROM ${t} ORDER BY id`, 'main'))[0]!.dataList;
  expect(rows).toEqual([['2', 'beta', '', '2'], ['3', 'gamma', null, '3'], ['4', 'delta', 'new', '4']]);
  await expect(cell(page, 0, 'name')).toHaveText('beta');
  await sql(request, ds, `DROP TABLE ${t}`, 'main');
});

test('a row changed or deleted by someone else is reported and nothing is applied', async ({ page, request }) => {
  const ds = await demoId(request);
  const t = `ws_conflict_${uid()}`;
  await sql(request, ds, `CREATE TABLE ${t} (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO ${t} (name) VALUES ('one'), ('two')`, 'main');
  await openData(page, ds, t);
  await editCell(page, 0, 'name', 'ONE');
  await editCell(page, 1, 'name', 'TWO');
  // Meanwhile another session deletes row 2.
  await sql(request, ds, `DELETE FROM ${t} WHERE id = 2`, 'main');
  await page.getByTestId('changes-submit').click();
  await page.getByTestId('changes-apply').click();
  await expect(page.getByTestId('changes-error')).toContainText('changed or deleted by someone else');
  await expect(page.getByTestId('changes-error')).toContainText('rolled back');
  // The first update, which did match, was rolled back too.
  expect((await sql(request, ds, `SELECT name FROM ${t}`, 'main'))[0]!.dataList).toEqual([['one']]);
  await sql(request, ds, `DROP TABLE ${t}`, 'main');
});

test('a table without a primary key warns before editing, then changes exactly one of two identical rows', async ({ page, request }) => {
  const ds = await demoId(request);
  const t = `ws_nokey_${uid()}`;
  await sql(request, ds, `CREATE TABLE ${t} (name TEXT, qty INTEGER); INSERT INTO ${t} VALUES ('same', 1), ('same', 1)`, 'main');
  await openData(page, ds, t);
  await expect(page.getByTestId('no-key-warning')).toBeVisible();
  await cell(page, 0, 'qty').dblclick();
  await expect(page.getByRole('dialog')).toContainText('Edit a table without a primary key?');
  await page.getByRole('button', { name: 'Edit anyway' }).click();
  await cell(page, 0, 'qty').dblclick();
  await page.getByTestId('cell-editor').fill('5');
  await page.getByTestId('cell-editor').press('Enter');
  await page.getByTestId('changes-submit').click();
  await expect(page.getByTestId('changes-sql')).toHaveText(`UPDATE ${t} SET qty = 5 WHERE rowid IN (SELECT rowid FROM ${t} WHERE name = 'same' AND qty = 1 LIMIT 1);`);
  await page.getByTestId('changes-apply').click();
  await expect(page.getByText('1 statements applied')).toBeVisible();
  expect((await sql(request, ds, `SELECT qty FROM ${t} ORDER BY qty`, 'main'))[0]!.dataList).toEqual([['1'], ['5']]);
  await sql(request, ds, `DROP TABLE ${t}`, 'main');
});

test('views open read-only', async ({ page, request }) => {
  const ds = await demoId(request);
  const v = `ws_view_${uid()}`;
  await sql(request, ds, `CREATE VIEW ${v} AS SELECT id, status FROM orders WHERE id <= 3`, 'main');
  await openWorkspace(page);
  await openDemoTables(page, ds);
  const views = page.locator(`[data-key="ds:${ds}/db:main/views"]`);
  await views.locator('.askdb-tree-caret').click();
  await contextMenu(page.locator(`[data-key="ds:${ds}/db:main/views/v:${v}"]`), 'Open view data');
  await expect(page.getByTestId('grid-row')).toHaveCount(3);
  await expect(page.getByTestId('row-add')).toHaveCount(0);
  await cell(page, 0, 'status').dblclick();
  await expect(page.getByTestId('cell-editor')).toHaveCount(0);
  await sql(request, ds, `DROP VIEW ${v}`, 'main');
});
