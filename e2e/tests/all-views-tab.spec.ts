/** Issue 29 item 2: the Views folder's menu offers "View all views" (spec 01 §2 tab types): name, comment, definition preview. */
import { expect, test } from '@playwright/test';
import { contextMenu, demoId, expand, openWorkspace, sql, uid } from './workspace-helpers';

test('"View all views" on the Views folder lists the views with a definition preview; a row opens the definition', async ({ page, request }) => {
  const ds = await demoId(request);
  const view = `v_all_views_${uid()}`;
  await sql(request, ds, `CREATE VIEW ${view} AS SELECT id, status FROM orders WHERE status = 'paid'`, 'main');
  try {
    await openWorkspace(page);
    await contextMenu(page.locator(`[data-key="ds:${ds}"]`), 'Refresh');
    await expand(page.locator(`[data-key="ds:${ds}"]`));
    await expand(page.locator(`[data-key="ds:${ds}/db:main"]`));
    const folder = page.locator(`[data-testid=tree-node][data-type=VIEWS]`).first();
    await contextMenu(folder, 'View all views');
    const tab = page.getByTestId('all-views-tab');
    await expect(page.getByTestId('workspace-tabs')).toContainText('Views of main');
    const row = tab.locator(`[data-testid=all-views-row][data-name="${view}"]`);
    await expect(row.getByRole('link', { name: view })).toBeVisible();
    await expect(row.getByTestId('all-views-definition')).toContainText("status = 'paid'");
    await expect(tab.getByTestId('all-views-count')).toContainText('views');
    await page.screenshot({ path: 'test-results/h29-all-views.png' });
    await row.getByRole('button', { name: 'View definition' }).click();
    await expect(page.getByTestId('console-toolbar')).toHaveAttribute('data-editor-type', 'VIEW');
  } finally {
    await sql(request, ds, `DROP VIEW ${view}`, 'main');
  }
});
