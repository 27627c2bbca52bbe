/**
 * SQL audit (issue 13 point 4): on a server-mode AskDB, a team's super admin runs statements, opens
 * Team → SQL audit and finds them — filtered by type and text, the failure with its message — and
 * exports them as CSV. An ADMIN of the team has no SQL audit entry and the API refuses them.
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { startServerModeServer, type ServerModeServer } from '../server';
import { pickOption } from './accounts-helpers';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

let server: ServerModeServer;
const stamp = Date.now();
const NAV = { timeout: 30_000 };
const PASSWORD = 'Secret123';
const PG = new URL(process.env.ASKDB_E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServerModeServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function call<T>(request: APIRequestContext, url: string, body?: unknown): Promise<T> {
  const res = body === undefined ? await request.get(`${server.url}${url}`) : await request.post(`${server.url}${url}`, { data: body });
  const env = await res.json();
  if (!env.success) throw new Error(`${url}: ${env.errorMessage}`);
  return env.data as T;
}

test('the super admin finds the statements run in the team on the SQL audit page and exports them', async ({ browser }) => {
  const ctx = await browser.newContext({ locale: 'en-US', acceptDownloads: true });
  try {
    const page = await ctx.newPage();
    const r = ctx.request;
    await call(r, '/api/oauth/register_a', { email: `owner.${stamp}@example.com`, password: PASSWORD, displayName: 'Olivia Owner' });
    const team = await call<{ id: number }>(r, '/api/organization/create', { name: `Audit Crew ${stamp % 10000}`, agree: true });
    await call(r, '/api/organization/switch_org', { organizationId: team.id });
    const ds = await call<number>(r, '/api/connection/datasource/create', {
      alias: 'warehouse', type: 'POSTGRESQL', host: PG.hostname, port: Number(PG.port || 5432), user: decodeURIComponent(PG.username || 'postgres'), password: decodeURIComponent(PG.password), databaseName: 'postgres',
    });
    const marker = `ae2e_${stamp % 100000}`;
    await call(r, '/api/rdb/dml/execute', { dataSourceId: ds, sql: `select '${marker}' as marker, g from generate_series(1, 3) g; select * from ${marker}_missing` });

    await page.goto(`${server.url}/team?language=en-US`);
    await page.getByTestId('team-menu-audit').click();
    const table = page.getByTestId('audit-table');
    await expect(table).toContainText(`select '${marker}' as marker`, NAV);
    await expect(table).toContainText(`${marker}_missing`);
    await expect(page.getByTestId('audit-failed')).toHaveCount(1);
    // Issue 25 item 9: at 1440 px the Result and Client columns are whole, inside the table's visible box.
    const frame = (await table.locator('.ant-table-container').boundingBox())!;
    for (const name of ['Rows', 'Result', 'Client address']) {
      const th = (await table.locator('thead th', { hasText: name }).first().boundingBox())!;
      expect(th.x, name).toBeGreaterThanOrEqual(frame.x - 1);
      expect(th.x + th.width, name).toBeLessThanOrEqual(frame.x + frame.width + 1);
      expect(th.width, name).toBeGreaterThanOrEqual(60);
    }
    await expect(table.getByTestId('audit-client').first()).toBeInViewport({ ratio: 1 });
    // Nothing hidden behind a horizontal scroll.
    expect(await table.locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await page.screenshot({ path: '/tmp/askdb-sql-audit.png' });

    // Text filter narrows to the one query; the type filter to SELECTs.
    await page.getByTestId('audit-filter-text').locator('input').fill('generate_series');
    await page.getByTestId('audit-filter-text').locator('input').press('Enter');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(table).toContainText('Olivia Owner');
    await expect(table).toContainText('warehouse');
    await expect(table.getByTestId('audit-type')).toHaveText('SELECT');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^sql-audit_\d{14}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(`select '${marker}' as marker`);
    expect(csv).not.toContain(`${marker}_missing`);

    // The deployment's operator (the first account) sets the retention on the same page.
    await expect(page.getByTestId('audit-retention')).toContainText('rows written');
    await page.locator('input[data-testid="audit-retention-days"], [data-testid="audit-retention-days"] input').first().fill('90');
    await page.getByTestId('audit-retention-save').click();
    await expect(page.getByText('Saved: older rows are deleted within the hour')).toBeVisible();
    expect((await call<{ retentionDays: number }>(r, '/api/admin/audit')).retentionDays).toBe(90);

    // The type filter: no DELETE matches.
    await pickOption(page, 'audit-filter-type', 'DELETE');
    await expect(table).toContainText('No statements match these filters');
  } finally {
    await ctx.close();
  }
});

test('an ADMIN of the team has no SQL audit entry and the API refuses them', async ({ browser }) => {
  const owner = await browser.newContext({ locale: 'en-US' });
  await call(owner.request, '/api/oauth/login_a', { loginType: 'EMAIL_PASSWORD', account: `owner.${stamp}@example.com`, password: PASSWORD });
  const org = await call<{ id: number; teamCode: string }>(owner.request, '/api/organization');
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  const me = await call<{ id: number }>(ctx.request, '/api/oauth/register_a', { email: `admin.${stamp}@example.com`, password: PASSWORD, displayName: 'Adam Admin' });
  const { approvalId } = await call<{ approvalId: number }>(ctx.request, '/api/organization/join', { teamCode: org.teamCode, name: 'Adam Admin' });
  await call(owner.request, '/api/organization/join_requests/approve', { id: approvalId });
  await call(owner.request, '/api/organization/update_user_role', { organizationId: org.id, userId: me.id, roleCode: 'ADMIN' });
  await call(ctx.request, '/api/organization/switch_org', { organizationId: org.id });
  await page.goto(`${server.url}/team?language=en-US`);
  await expect(page.getByTestId('team-menu-members')).toBeVisible(NAV);
  await expect(page.getByTestId('team-menu-audit')).toHaveCount(0);
  const res = await ctx.request.get(`${server.url}/api/audit/sql/list`);
  expect(res.status()).toBe(403);
  await owner.close();
  await ctx.close();
});
