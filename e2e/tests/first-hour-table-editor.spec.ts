/**
 * Issue 25 item 2: the table editor never writes invalid SQL. Clicking into a column's type and typing
 * replaces it (the field selects its text on focus) instead of giving "character timestampvarying";
 * picking timestamp after varchar(100) drops the 100; the size field shows only for types that take
 * one, and an impossible size is refused before the preview. PostgreSQL scratch database.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiData, contextMenu, createPgSource, expand, onPg, openWorkspace, uid } from './workspace-helpers';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });
const dbName = `askdb_fh_te_${uid()}`;
const alias = `PG ${dbName}`;
let ds = 0;

test.beforeAll(async ({ request }) => {
  await onPg((c) => c.query(`CREATE DATABASE ${dbName}`));
  await onPg((c) => c.query(`CREATE TABLE people (id serial PRIMARY KEY, nickname character varying(100), born date)`), dbName);
  ds = await createPgSource(request, alias, dbName);
});

test.afterAll(async ({ request }) => {
  if (ds) await apiData(request, 'DELETE', `/api/connection/datasource/${ds}`);
  await onPg((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
});

/** The field `testId` in the columns grid's row `i` (0: id, 1: nickname, 2: born). */
const inRow = (page: Page, i: number, testId: string) => page.getByTestId('columns-editor').locator('tr.ant-table-row').nth(i).getByTestId(testId);

async function editPeople(page: Page) {
  await openWorkspace(page);
  await expand(page.locator(`[data-key="ds:${ds}"]`));
  await expand(page.locator(`[data-key="ds:${ds}/db:${dbName}"]`));
  const sc = `ds:${ds}/db:${dbName}/sc:public`;
  await expand(page.locator(`[data-key="${sc}"]`));
  await expand(page.locator(`[data-key="${sc}/tables"]`));
  await contextMenu(page.locator(`[data-key="${sc}/tables/t:people"]`), 'Edit table');
  await expect(page.getByTestId('table-editor-tab')).toBeVisible();
  await expect(inRow(page, 1, 'col-name')).toHaveValue('nickname');
}

test('typing into a type replaces it, the old size goes, and only types with a size show the field', async ({ page }) => {
  await editPeople(page);
  const typeInput = inRow(page, 1, 'col-type').locator('input');
  await expect(typeInput).toHaveValue('character varying');
  await expect(inRow(page, 1, 'col-size')).toHaveValue('100');
  // date takes no size: no field to type one into.
  await expect(inRow(page, 2, 'col-type').locator('input')).toHaveValue('date');
  await expect(page.getByTestId('col-size-none')).toHaveCount(2);

  // Click into the middle of the text, as the user did, and type.
  const box = (await typeInput.boundingBox())!;
  // A person's click: the button is released a moment after it went down.
  await typeInput.click({ position: { x: box.width / 2, y: box.height / 2 }, delay: 150 });
  // The list shows the engine's types, not only those matching the current text.
  const options = page.locator('.ant-select-dropdown:visible [data-testid=col-type-option]');
  await expect.poll(() => options.count()).toBeGreaterThan(5);
  await page.screenshot({ path: `${SHOTS}/table-editor-type-list.png` });
  await page.keyboard.type('timestamp');
  await expect(typeInput).toHaveValue('timestamp');
  await expect(options.first()).toHaveText('timestamp');
  await page.keyboard.press('Escape');
  // varchar's 100 does not become timestamp(100).
  await expect(inRow(page, 1, 'col-size')).toHaveValue('');
  const preview = page.getByTestId('ddl-preview');
  await expect(preview).toContainText('ALTER TABLE public.people ALTER COLUMN nickname TYPE timestamp');
  await expect(preview).not.toContainText('timestamp(100)');
  await expect(preview).not.toContainText('varying');
  await page.screenshot({ path: `${SHOTS}/table-editor-timestamp.png` });

  // A precision too big for timestamp is refused before any SQL is shown.
  await inRow(page, 1, 'col-size').fill('100');
  await expect(page.getByTestId('table-problems')).toContainText('timestamp: the length or precision must be between 0 and 6.');
  await expect(preview).toHaveText('');
  await expect(page.getByTestId('table-apply')).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/table-editor-size-refused.png` });
  await inRow(page, 1, 'col-size').fill('3');
  await expect(preview).toContainText('TYPE timestamp(3)');

  // Picking from the list: text takes no size, so the field goes away.
  await typeInput.click();
  await page.keyboard.type('tex');
  await page.locator('.ant-select-dropdown:visible [data-testid=col-type-option]', { hasText: /^text$/ }).click();
  await expect(typeInput).toHaveValue('text');
  await expect(page.getByTestId('col-size-none')).toHaveCount(3);
  await expect(preview).toContainText('ALTER COLUMN nickname TYPE text');
});

test('a made-up type of several words is refused; the real one and a user-defined name are not', async ({ page }) => {
  await editPeople(page);
  const typeInput = inRow(page, 1, 'col-type').locator('input');
  await typeInput.fill('character timestampvarying');
  await expect(page.getByTestId('table-problems')).toContainText('"character timestampvarying" is not a type of this database.');
  await expect(page.getByTestId('ddl-preview')).toHaveText('');
  await typeInput.fill('double precision');
  await expect(page.getByTestId('table-problems')).toHaveCount(0);
  await expect(page.getByTestId('ddl-preview')).toContainText('TYPE double precision');
});
