/**
 * Local SQL files through the File System Access API (issue 18 point 5, desktop): where the browser has
 * showOpenFilePicker, the file opens with its handle and Ctrl+S writes back into the same file — no
 * download. The picker is stubbed (headless Chromium shows no dialog); it hands out a handle whose
 * writable records what AskDB writes.
 */
import { expect, test } from '@playwright/test';
import { demoBinding, editorOf, editorText, openConsole } from './console-lib';

test('a file picked with its handle is saved back into the same file', async ({ page, request }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __written: string[]; __downloads: number; showOpenFilePicker: unknown };
    w.__written = [];
    w.showOpenFilePicker = async () => [{
      name: 'picked.sql',
      getFile: async () => new File(['SELECT 3 AS picked;\n'], 'picked.sql', { type: 'application/sql' }),
      createWritable: async () => {
        let buf = '';
        return { write: async (d: string) => { buf += d; }, close: async () => { w.__written.push(buf); } };
      },
    }];
  });
  const b = await demoBinding(request);
  await openConsole(page, request, b);
  let downloads = 0;
  page.on('download', () => { downloads++; });
  await page.getByTestId('console-open-file').click();
  await expect(page.locator('[data-testid=workspace-tab][data-tab-type=LOCAL_SQL_FILE]')).toContainText('picked.sql');
  await expect.poll(() => editorText(page)).toBe('SELECT 3 AS picked;');
  await editorOf(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('-- kept');
  await expect(page.getByTestId('file-unsaved')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByTestId('file-unsaved')).toBeHidden();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __written: string[] }).__written)).toEqual(['SELECT 3 AS picked;\n-- kept']);
  expect(downloads).toBe(0);
});
