/**
 * Schema sync end to end (spec 01 §2, §4, §5, §8): two real PostgreSQL databases with different
 * tables, two data sources, the dialog from the header button: pick, diff, edit the SQL, execute on
 * the target, read the per-statement results, ask AI to repair a failure, and check with pg that the
 * target now has the source's structure.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const SRC = `askdb_e2e_sync_src_${tag}`;
const TGT = `askdb_e2e_sync_tgt_${tag}`;
const LITE_FILE = path.join(os.tmpdir(), `askdb-e2e-sync-${tag}.sqlite`);

const SOURCE_DDL = `
CREATE TABLE customers (id serial PRIMARY KEY, name varchar(100) NOT NULL, email text, created_at timestamptz DEFAULT now());
CREATE UNIQUE INDEX customers_email_idx ON customers (email);
CREATE TABLE orders (id bigserial PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id) ON DELETE CASCADE, total numeric(10,2) NOT NULL DEFAULT 0);
CREATE INDEX orders_customer_idx ON orders (customer_id);`;
const TARGET_DDL = `
CREATE TABLE customers (id serial PRIMARY KEY, name varchar(50));
INSERT INTO customers (name) VALUES ('Ada'), ('Grace');
CREATE TABLE legacy_stuff (id int PRIMARY KEY, note text);`;

let pgAvailable = true;
const dataSourceIds: number[] = [];

function pgUrl(database: string): string {
  const u = new URL(PG_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withPg<T>(database: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: pgUrl(database) });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Everything about a schema's structure that sync must make equal: columns, constraints, indexes. */
async function structure(database: string) {
  return withPg(database, async (c) => {
    const columns = await c.query(
      `SELECT table_name, column_name, data_type, is_nullable, character_maximum_length, numeric_precision, numeric_scale
         FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`,
    );
    const constraints = await c.query(
      `SELECT conrelid::regclass::text AS table_name, contype, pg_get_constraintdef(oid) AS def
         FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2, 3`,
    );
    const indexes = await c.query(`SELECT tablename, regexp_replace(indexdef, '^.* USING ', '') AS def FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`);
    return { columns: columns.rows, constraints: constraints.rows, indexes: indexes.rows };
  });
}

async function createDataSource(request: APIRequestContext, alias: string, databaseName: string): Promise<number> {
  const u = new URL(PG_URL);
  return create(request, { alias, type: 'POSTGRESQL', host: u.hostname, port: Number(u.port || 5432), user: decodeURIComponent(u.username || 'postgres'), password: decodeURIComponent(u.password) || undefined, databaseName });
}

async function create(request: APIRequestContext, data: Record<string, unknown>): Promise<number> {
  const res = await request.post('/api/connection/datasource/create', { data });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  dataSourceIds.push(body.data);
  return body.data as number;
}

/** Choose an option of an antd Select the way a user would: open it, search, click the match. */
async function choose(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  // The previous picker's dropdown may still be closing: the newest one is last in the DOM.
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text, visible: true }).last().click();
  await expect(page.getByTestId(testId)).toContainText(text);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test.describe('schema sync dialog', () => {
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    try {
      await withPg('postgres', async (c) => {
        await c.query(`CREATE DATABASE ${SRC}`);
        await c.query(`CREATE DATABASE ${TGT}`);
      });
    } catch (e) {
      if (process.env.ASKDB_REQUIRE_SERVICES === '1') throw e;
      pgAvailable = false;
      return;
    }
    await withPg(SRC, (c) => c.query(SOURCE_DDL));
    await withPg(TGT, (c) => c.query(TARGET_DDL));
  });

  test.afterAll(async ({ request }) => {
    test.setTimeout(180_000); // DROP DATABASE waits its turn behind other suites' on a busy machine
    for (const id of dataSourceIds) await request.delete(`/api/connection/datasource/${id}`).catch(() => {});
    fs.rmSync(LITE_FILE, { force: true });
    if (!pgAvailable) return;
    await withPg('postgres', async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${SRC} WITH (FORCE)`);
      await c.query(`DROP DATABASE IF EXISTS ${TGT} WITH (FORCE)`);
    });
  });

  test('diff two PostgreSQL databases, edit the SQL, execute it on the target, and the target matches', async ({ page, request }) => {
    test.skip(!pgAvailable, 'PostgreSQL is not running on 127.0.0.1:5432');
    const srcAlias = `sync-src-${tag}`;
    const tgtAlias = `sync-tgt-${tag}`;
    await createDataSource(request, srcAlias, SRC);
    await createDataSource(request, tgtAlias, TGT);

    await page.goto('/?language=en-US');
    await page.getByTestId('schema-sync-button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Schema sync');
    // Spec 01 §2: 800 px wide (measured once the opening animation has finished).
    await expect.poll(async () => Math.round((await page.locator('.ant-modal').first().boundingBox())!.width)).toBe(800);
    const startDiff = page.getByTestId('sync-start-diff');
    await expect(startDiff).toBeDisabled();

    // Source: the data source's own database and the first schema are chosen for us (spec 01 §5).
    await choose(page, 'sync-source-datasource', srcAlias);
    await expect(page.getByTestId('sync-source-database')).toContainText(SRC);
    await expect(page.getByTestId('sync-source-schema')).toContainText('public');
    await expect(startDiff).toBeDisabled(); // the target is still missing

    await choose(page, 'sync-target-datasource', tgtAlias);
    await expect(page.getByTestId('sync-target-database')).toContainText(TGT);
    await expect(page.getByTestId('sync-target-schema')).toContainText('public');
    await expect(startDiff).toBeEnabled();
    await expect(page.getByTestId('sync-option-includeViews')).toBeChecked();
    await expect(page.getByTestId('sync-option-noDrops')).not.toBeChecked();
    await shot(page, 'step0-picked');

    await startDiff.click();
    await expect(page.getByTestId('sync-dialog')).toHaveAttribute('data-step', '1');
    await expect(page.getByTestId('sync-sql-hint')).toContainText(`${tgtAlias} / ${TGT} / public`);
    const editor = page.getByTestId('sync-sql-editor');
    await expect(editor.locator('.view-lines')).toContainText('orders');
    // Dropping the target-only table is destructive: unticked until the user ticks it (issue 26).
    await expect(editor.locator('.view-lines')).not.toContainText('legacy_stuff');
    await page.getByTestId('sync-destructive-all').click();
    await expect(editor.locator('.view-lines')).toContainText('legacy_stuff');
    await shot(page, 'step1-sql');

    // The user adds two statements of their own: one that works, one that fails.
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('INSERT INTO public.customers (name) VALUES ', { delay: 5 });
    await page.keyboard.insertText("('Linus');\nALTER TABLE public.no_such_table ADD COLUMN x int;");
    await expect(editor.locator('.view-lines')).toContainText('no_such_table');

    await page.getByTestId('sync-start-execute').click();
    await expect(page.getByTestId('sync-dialog')).toHaveAttribute('data-step', '2', { timeout: 30_000 });
    const rows = page.getByTestId('sync-result-row');
    const ok = page.locator('[data-testid=sync-result-row][data-status=success]');
    const bad = page.locator('[data-testid=sync-result-row][data-status=failure]');
    await expect(bad).toHaveCount(1);
    const total = await rows.count();
    expect(total).toBeGreaterThanOrEqual(4);
    await expect(ok).toHaveCount(total - 1);
    await expect(ok.first().getByTestId('sync-result-message')).toContainText('successful');
    await expect(rows.filter({ hasText: 'INSERT INTO public.customers' }).getByTestId('sync-result-message')).toHaveText('successful, affected rows: 1');
    await expect(bad.getByTestId('sync-result-message')).toContainText('failure');
    await expect(bad.getByTestId('sync-result-message')).toContainText('no_such_table');
    await expect(page.getByTestId('sync-summary')).toHaveText(`${total - 1} successful, 1 failed`);
    // A cell shows its whole text in a tooltip after 800 ms of hover (spec 01 §2).
    await rows.filter({ hasText: 'CREATE TABLE public.orders' }).locator('.askdb-sync-cell').first().hover();
    await expect(page.locator('.ant-tooltip').filter({ visible: true })).toContainText('numeric(10,2)');
    await shot(page, 'step2-results');
    await page.mouse.move(0, 0);

    // The target now has the source's structure, kept its rows, and the user's own statement ran too.
    expect(await structure(TGT)).toEqual(await structure(SRC));
    const names = await withPg(TGT, async (c) => (await c.query('SELECT name FROM customers ORDER BY id')).rows.map((r) => r.name));
    expect(names).toEqual(['Ada', 'Grace', 'Linus']);

    // 'Use AI to repair' sends a SQL_DEBUG question about the failed statement, bound to the target.
    await page.evaluate(() => {
      window.addEventListener('askdb:ai', (e) => ((window as unknown as { __aiAsk: unknown }).__aiAsk = (e as CustomEvent).detail), { once: true });
    });
    await bad.getByTestId('sync-ai-repair').click();
    const asked = (await page.evaluate(() => (window as unknown as { __aiAsk: unknown }).__aiAsk)) as Record<string, unknown>;
    expect(asked).toMatchObject({ questionType: 'SQL_DEBUG', input: 'ALTER TABLE public.no_such_table ADD COLUMN x int', context: { dataSourceId: dataSourceIds[1], databaseName: TGT, schemaName: 'public' } });
    expect(String(asked.errorMessage)).toContain('no_such_table');
    await expect(page.getByTestId('sync-dialog')).toBeHidden();

    // Reopening shows the same results; comparing again finds nothing left to do.
    await page.getByTestId('schema-sync-button').click();
    await expect(page.getByTestId('sync-dialog')).toHaveAttribute('data-step', '2');
    await expect(bad).toHaveCount(1);
    await page.getByTestId('sync-diff-again').click();
    await expect(page.getByTestId('sync-no-differences')).toContainText('No differences');
    await expect(page.getByTestId('sync-start-execute')).toBeDisabled();
    await shot(page, 'step1-no-differences');

    // Close starts over but keeps the chosen sides.
    await page.getByTestId('sync-close').click();
    await page.getByTestId('schema-sync-button').click();
    await expect(page.getByTestId('sync-dialog')).toHaveAttribute('data-step', '0');
    await expect(page.getByTestId('sync-target-database')).toContainText(TGT);
  });

  test('the same source and target gives the server\'s message, in the chosen language', async ({ page, request }) => {
    test.skip(!pgAvailable, 'PostgreSQL is not running on 127.0.0.1:5432');
    const alias = `sync-same-${tag}`;
    await createDataSource(request, alias, SRC);
    await page.goto('/?language=zh-CN');
    await page.getByTestId('schema-sync-button').click();
    await expect(page.getByRole('dialog')).toContainText('结构同步');
    await choose(page, 'sync-source-datasource', alias);
    await choose(page, 'sync-target-datasource', alias);
    await expect(page.getByTestId('sync-target-schema')).toContainText('public');
    await page.getByTestId('sync-start-diff').click();
    const error = page.getByTestId('sync-error');
    await expect(error).toBeVisible();
    await expect(error).toContainText('无法对比这两个结构');
    await expect(error).toContainText('源和目标是同一个数据库'); // the server's own message, in Chinese
    await expect(page.getByTestId('sync-dialog')).toHaveAttribute('data-step', '0');
    await shot(page, 'same-source-target-zh');
  });

  test('engines that differ give the server\'s message; a database-only engine shows no schema picker', async ({ page, request }) => {
    test.skip(!pgAvailable, 'PostgreSQL is not running on 127.0.0.1:5432');
    const pgAlias = `sync-pg-${tag}`;
    const liteAlias = `sync-lite-${tag}`;
    await createDataSource(request, pgAlias, SRC);
    fs.writeFileSync(LITE_FILE, ''); // an empty file is an empty SQLite database
    await create(request, { alias: liteAlias, type: 'SQLITE', filePath: LITE_FILE });
    await page.goto('/?language=en-US');
    await page.getByTestId('schema-sync-button').click();
    await choose(page, 'sync-source-datasource', pgAlias);
    await choose(page, 'sync-target-datasource', liteAlias);
    await expect(page.getByTestId('sync-target-database')).toContainText('main');
    await expect(page.getByTestId('sync-target-schema')).toHaveCount(0);
    await expect(page.getByTestId('sync-source-schema')).toContainText('public');
    await page.getByTestId('sync-start-diff').click();
    const error = page.getByTestId('sync-error');
    await expect(error).toContainText('Could not compare the two schemas');
    await expect(error).toContainText('different database types');
    await shot(page, 'engines-differ-en');
  });
});
