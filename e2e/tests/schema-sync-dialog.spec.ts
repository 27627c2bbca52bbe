/**
 * Schema sync end to end (spec 01 §2, §4, §5, §8): two real PostgreSQL databases with different
 * tables, two data sources, the dialog from the header button: pick, diff, edit the SQL, execute on
 * the target, read the per-statement results, ask AI to repair a failure, and check with pg that the
 * target now has the source's structure.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';

const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const SRC = `askdb_e2e_sync_src_${tag}`;
const TGT = `askdb_e2e_sync_tgt_${tag}`;

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
  const res = await request.post('/api/connection/datasource/create', {
    data: { alias, type: 'POSTGRESQL', host: u.hostname, port: Number(u.port || 5432), user: decodeURIComponent(u.username || 'postgres'), password: decodeURIComponent(u.password) || undefined, databaseName },
  });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  dataSourceIds.push(body.data);
  return body.data as number;
}

/** Choose an option of an antd Select by its visible text. */
async function choose(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first().click();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test.describe('schema sync dialog', () => {
  test.beforeAll(async () => {
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
    for (const id of dataSourceIds) await request.delete(`/api/connection/datasource/${id}`).catch(() => {});
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
    await expect(editor.locator('.view-lines')).toContainText('legacy_stuff');
    await shot(page, 'step1-sql');

    // The user adds two statements of their own: one that works, one that fails.
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type("COMMENT ON TABLE public.orders IS 'synced by askdb';");
    await page.keyboard.press('Enter');
    await page.keyboard.type('ALTER TABLE public.no_such_table ADD COLUMN x int;');
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
    await expect(bad.getByTestId('sync-result-message')).toContainText('failure');
    await expect(bad.getByTestId('sync-result-message')).toContainText('no_such_table');
    await expect(page.getByTestId('sync-summary')).toHaveText(`${total - 1} successful, 1 failed`);
    await shot(page, 'step2-results');

    // The target now has the source's structure (and kept its rows), and our own edit ran too.
    expect(await structure(TGT)).toEqual(await structure(SRC));
    const after = await withPg(TGT, async (c) => ({
      names: (await c.query('SELECT name FROM customers ORDER BY id')).rows.map((r) => r.name),
      comment: (await c.query("SELECT obj_description('public.orders'::regclass, 'pg_class') AS c")).rows[0].c,
    }));
    expect(after).toEqual({ names: ['Ada', 'Grace'], comment: 'synced by askdb' });

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
    await expect(page.getByTestId('sync-dialog')).toHaveAttribute('data-step', '0');
    await shot(page, 'same-source-target-zh');
  });
});
