/**
 * Issue 25 item 4: completion helps without Ctrl+Space. Real statements are typed key by key in a
 * console that has been used (run, cleared): the list opens by itself after `FROM `, `JOIN `, `ON `,
 * `WHERE `, `,` in a select list and `alias.`, and a statement's first letters offer the statement
 * keywords (`upd` → UPDATE, `sel` → SELECT), not the table list fetched earlier. Demo SQLite source.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { demoBinding, editorOf, openConsole } from './console-lib';

const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });

const suggest = (page: Page) => editorOf(page).locator('.suggest-widget.visible');
const labels = (page: Page) => suggest(page).locator('.monaco-list-row .label-name');

/** Types like a user, one key at a time, then checks the list is open (never pressing Ctrl+Space) and shows `want`. */
async function typeThenList(page: Page, text: string, want: string[]) {
  await page.keyboard.type(text, { delay: 40 });
  await expect(suggest(page), `list after "${text}"`).toBeVisible();
  for (const w of want) await expect(labels(page).filter({ hasText: new RegExp(`^${w}$`) }).first(), `"${w}" after "${text}"`).toBeVisible();
}

async function clearEditor(page: Page) {
  await editorOf(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Escape');
}

test('in a used console, statement keywords at the start and the list at each trigger point open by themselves', async ({ page, request }) => {
  const b = await demoBinding(request);
  await openConsole(page, request, b);
  // Use the console: a statement with a FROM (its table list gets cached) and a run.
  await editorOf(page).locator('.view-lines').click();
  await typeThenList(page, 'SELECT * FROM ', ['customers']);
  await page.keyboard.press('Escape');
  await page.keyboard.type('customers LIMIT 1;', { delay: 20 });
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+r');
  await expect(page.getByTestId('result-tab-0').or(page.getByTestId('result-grid')).first()).toBeVisible();

  // Cleared: the first letters of a statement get the statement keywords.
  await clearEditor(page);
  await typeThenList(page, 'upd', ['UPDATE']);
  await page.screenshot({ path: `${SHOTS}/completion-upd.png` });
  await clearEditor(page);
  // The keyword and the snippets that start a query.
  await typeThenList(page, 'sel', ['SELECT', 'sel']);
  await page.screenshot({ path: `${SHOTS}/completion-sel.png` });
  await clearEditor(page);

  // A statement typed key by key: the list opens at every trigger point.
  await typeThenList(page, 'SELECT id,', []);
  await page.keyboard.press('Escape');
  await typeThenList(page, ' ', []);
  await page.keyboard.press('Escape');
  await page.keyboard.type('first_name', { delay: 20 });
  await page.keyboard.press('Escape');
  await typeThenList(page, ' FROM ', ['customers', 'orders']);
  await page.screenshot({ path: `${SHOTS}/completion-from.png` });
  await page.keyboard.press('Escape');
  await page.keyboard.type('customers c', { delay: 20 });
  await page.keyboard.press('Escape');
  await typeThenList(page, ' JOIN ', ['orders']);
  await page.keyboard.press('Escape');
  await page.keyboard.type('orders o', { delay: 20 });
  await page.keyboard.press('Escape');
  await typeThenList(page, ' ON ', []);
  await page.keyboard.press('Escape');
  await typeThenList(page, 'o.', ['customer_id']);
  await page.screenshot({ path: `${SHOTS}/completion-alias-dot.png` });
  await page.keyboard.press('Escape');
  await page.keyboard.type('customer_id = c.id', { delay: 20 });
  await page.keyboard.press('Escape');
  await typeThenList(page, ' WHERE ', ['status']);
  await page.keyboard.press('Escape');
  await typeThenList(page, 'c.', ['first_name']);
  await page.keyboard.press('Escape');

  // A second statement after the first: its first word gets keywords again.
  await page.keyboard.type("first_name = 'x';", { delay: 20 });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await typeThenList(page, 'del', ['DELETE FROM']);
  await page.keyboard.press('Escape');
});
