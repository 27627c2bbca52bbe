/**
 * A PostgreSQL data source created through the connection dialog: the server's exact message for a bad
 * connection (nothing saved), the connection string filling the fields, the database → schema → table
 * levels, typed cell editors, the table editor, the ER diagram, edit/clone/delete of the connection.
 */
import { expect, test, type Page } from '@playwright/test';
import type pg from 'pg';
import { apiData, contextMenu, expand, onPg, openWorkspace, treeNode, uid } from './workspace-helpers';
import { editorText } from './console-lib';

const dbName = `askdb_ws_${uid()}`;
const alias = `PG ${dbName}`;
let available = true;

/** On the scratch database by default. */
const onDb = <T>(fn: (c: pg.Client) => Promise<T>, database = dbName) => onPg(fn, database);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  try {
    await onPg((c) => c.query(`CREATE DATABASE ${dbName}`));
  } catch (e) {
    if (process.env.ASKDB_REQUIRE_SERVICES === '1') throw e;
    available = false;
    return;
  }
  await onDb(async (c) => {
    await c.query(`CREATE TABLE customers (id serial PRIMARY KEY, name text NOT NULL, vip boolean NOT NULL DEFAULT false, profile jsonb, joined timestamp)`);
    await c.query(`COMMENT ON TABLE customers IS 'People who buy things'`);
    await c.query(`CREATE TABLE orders (id serial PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id), total numeric(10,2) NOT NULL)`);
    await c.query(`INSERT INTO customers (name, profile, joined) VALUES ('Ada', '{"lang":"en"}', '2024-01-02 03:04:05'), ('Grace', NULL, NULL)`);
    await c.query(`INSERT INTO orders (customer_id, total) VALUES (1, 10.50), (2, 99.99)`);
    await c.query(`CREATE FUNCTION twice(x int) RETURNS int LANGUAGE sql AS $$ SELECT x * 2 $$`);
    await c.query(`CREATE FUNCTION twice(x text) RETURNS text LANGUAGE sql AS $$ SELECT x || x $$`);
    await c.query(`CREATE PROCEDURE archive_orders(before date) LANGUAGE sql AS $$ DELETE FROM orders WHERE false $$`);
  });
});

test.afterAll(async ({ request }) => {
  if (!available) return;
  const list = await apiData<{ data: { id: number; alias: string }[] }>(request, 'GET', '/api/connection/datasource/list?pageNo=1&pageSize=1000');
  for (const d of list.data.filter((x) => x.alias.startsWith(alias))) await apiData(request, 'DELETE', `/api/connection/datasource/${d.id}`);
  await onPg((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
});

async function dsId(page: Page): Promise<number> {
  const key = await treeNode(page, 'DATA_SOURCE', alias).getAttribute('data-key');
  return Number(key!.slice(3));
}

/** Opens the workspace and expands the source → database → public schema; returns the schema's tree key. */
async function openPublicSchema(page: Page): Promise<string> {
  await openWorkspace(page);
  const ds = await dsId(page);
  await expand(treeNode(page, 'DATA_SOURCE', alias));
  await expand(page.locator(`[data-key="ds:${ds}/db:${dbName}"]`));
  const key = `ds:${ds}/db:${dbName}/sc:public`;
  await expand(page.locator(`[data-key="${key}"]`));
  return key;
}

test('connection dialog: a failing connection shows the server message and saves nothing; the connection string fills the fields; save', async ({ page, request }) => {
  test.skip(!available, 'PostgreSQL is not running');
  await openWorkspace(page);
  await page.getByTestId('new-connection').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('New PostgreSQL connection');
  await page.getByTestId('conn-alias').fill(alias);
  await page.getByTestId('conn-host').fill('127.0.0.1');
  await page.getByTestId('conn-port').fill('1');
  await page.getByTestId('conn-test').click();
  // The exact message the server gives for this input.
  const res = await request.post('/api/connection/datasource/pre_connect', { data: { alias, type: 'POSTGRESQL', host: '127.0.0.1', port: 1, user: 'postgres' } });
  const expected = ((await res.json()) as { errorMessage: string }).errorMessage;
  expect(expected).toBeTruthy();
  await expect(page.getByTestId('conn-result')).toContainText(expected);
  await page.getByTestId('conn-save').click();
  await expect(page.getByTestId('conn-save-anyway')).toBeVisible();
  await expect(page.getByTestId('conn-result')).toContainText('Nothing was saved');
  const list = await apiData<{ data: { alias: string }[] }>(request, 'GET', '/api/connection/datasource/list?pageNo=1&pageSize=1000');
  expect(list.data.some((d) => d.alias === alias)).toBe(false);
  // A connection string fills host, port, user and database.
  await page.getByTestId('conn-url').fill(`postgresql://postgres@127.0.0.1:5432/${dbName}`);
  await expect(page.getByTestId('conn-port')).toHaveValue('5432');
  await expect(page.getByTestId('conn-database')).toHaveValue(dbName);
  await expect(page.getByTestId('conn-user')).toHaveValue('postgres');
  await page.getByTestId('conn-test').click();
  await expect(page.getByTestId('conn-result')).toHaveText('Connection succeeded');
  await page.screenshot({ path: '/tmp/askdb-ws-connection.png' });
  await page.getByTestId('conn-save').click();
  await expect(dialog).toBeHidden();
  await expect(treeNode(page, 'DATA_SOURCE', alias)).toBeVisible();
});

test('browses database → schema → tables with comments, edits a row with typed editors', async ({ page }) => {
  test.skip(!available, 'PostgreSQL is not running');
  const sc = await openPublicSchema(page);
  const tables = page.locator(`[data-key="${sc}/tables"]`);
  await expand(tables);
  const customers = page.locator(`[data-key="${sc}/tables/t:customers"]`);
  await expect(customers.getByTestId('tree-comment')).toHaveText('People who buy things');
  await page.screenshot({ path: '/tmp/askdb-ws-pg-tree.png' });
  await customers.dblclick();
  const row = (i: number) => page.getByTestId('grid-row').nth(i);
  await expect(row(0).locator('[data-column=name]')).toHaveText('Ada');
  // Boolean: a list of true / false.
  await row(1).locator('[data-column=vip]').dblclick();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^true$/ }).click();
  // JSON: checked before it is kept.
  await row(1).locator('[data-column=profile]').dblclick();
  await page.getByTestId('text-editor').fill('{"lang": "fr",');
  await page.getByTestId('text-editor-ok').click();
  await expect(page.getByTestId('json-error')).toBeVisible();
  await page.getByTestId('text-editor').fill('{"lang":"fr","tags":["a"]}');
  await page.getByTestId('json-format').click();
  await expect(page.getByTestId('text-editor')).toHaveValue('{\n  "lang": "fr",\n  "tags": [\n    "a"\n  ]\n}');
  await page.getByTestId('text-editor-ok').click();
  // Timestamp: text with a date picker beside it.
  await row(1).locator('[data-column=joined]').dblclick();
  await expect(page.locator('.askdb-cell-editor .askdb-cell-btn .anticon-calendar')).toBeVisible();
  await page.getByTestId('cell-editor').fill('2025-05-06 07:08:09');
  await page.getByTestId('cell-editor').press('Enter');
  await page.getByTestId('changes-submit').click();
  await expect(page.getByTestId('changes-sql')).toContainText(`UPDATE public.customers SET vip = 't', profile = '{\n  "lang": "fr",`);
  await expect(page.getByTestId('changes-sql')).toContainText(`joined = '2025-05-06 07:08:09' WHERE id = 2;`);
  await page.screenshot({ path: '/tmp/askdb-ws-pg-review.png' });
  await page.getByTestId('changes-apply').click();
  await expect(page.getByText('1 statements applied')).toBeVisible();
  const r = await onDb((c) => c.query(`SELECT vip, profile, joined::text FROM customers WHERE id = 2`));
  expect(r.rows[0]).toEqual({ vip: true, profile: { lang: 'fr', tags: ['a'] }, joined: '2025-05-06 07:08:09' });
});

test('creates a table with the editor in the schema and sees it in the tree; ER diagram shows the foreign key', async ({ page }) => {
  test.skip(!available, 'PostgreSQL is not running');
  const sc = await openPublicSchema(page);
  const schema = page.locator(`[data-key="${sc}"]`);
  const tables = page.locator(`[data-key="${sc}/tables"]`);
  await expand(tables);
  await contextMenu(schema, 'Create table');
  await page.getByTestId('table-name').fill('Invoices');
  await page.getByTestId('table-comment').fill('Billing documents');
  await page.getByTestId('col-name').nth(1).fill('amount');
  await page.getByTestId('col-type').nth(1).locator('input').fill('numeric');
  // The id column's integer takes no size: amount's numeric has the only size field.
  await page.getByTestId('col-size').first().fill('12,2');
  await page.getByTestId('col-nullable').nth(1).uncheck();
  await page.getByTestId('col-comment').nth(1).fill('in euros');
  const preview = page.getByTestId('ddl-preview');
  await expect(preview).toContainText('CREATE TABLE public."Invoices" (\n  id integer GENERATED BY DEFAULT AS IDENTITY NOT NULL,\n  amount numeric(12,2) NOT NULL,\n  PRIMARY KEY (id)\n);');
  await expect(preview).toContainText(`COMMENT ON TABLE public."Invoices" IS 'Billing documents';`);
  await expect(preview).toContainText(`COMMENT ON COLUMN public."Invoices".amount IS 'in euros';`);
  await page.getByTestId('table-apply').click();
  const node = page.locator(`[data-key="${sc}/tables/t:Invoices"]`);
  await expect(node).toBeVisible();
  await expect(node.getByTestId('tree-comment')).toHaveText('Billing documents');
  const r = await onDb((c) => c.query(`SELECT column_name, is_identity, data_type FROM information_schema.columns WHERE table_name = 'Invoices' ORDER BY ordinal_position`));
  expect(r.rows).toEqual([{ column_name: 'id', is_identity: 'YES', data_type: 'integer' }, { column_name: 'amount', is_identity: 'NO', data_type: 'numeric' }]);

  await contextMenu(schema, 'ER diagram');
  await expect(page.getByTestId('er-table')).toHaveCount(3);
  await expect(page.getByTestId('er-edge')).toHaveCount(1);
  const customersBox = await page.locator('[data-testid=er-table][data-name=customers]').boundingBox();
  const ordersBox = await page.locator('[data-testid=er-table][data-name=orders]').boundingBox();
  expect(customersBox!.x).toBeLessThan(ordersBox!.x);
  await page.screenshot({ path: '/tmp/askdb-ws-pg-er.png' });
});

test('functions and procedures open their CREATE text in an editor tab, one tab per overload', async ({ page }) => {
  test.skip(!available, 'PostgreSQL is not running');
  const sc = await openPublicSchema(page);
  await expand(page.locator(`[data-key="${sc}/functions"]`));
  const overloads = treeNode(page, 'FUNCTION', 'twice');
  await expect(overloads).toHaveCount(2);
  const textOne = overloads.filter({ hasText: '(text) text' });
  await expect(textOne).toBeVisible();
  await textOne.dblclick();
  await expect.poll(() => editorText(page)).toContain('CREATE OR REPLACE FUNCTION public.twice(x text)');
  expect(await editorText(page)).toContain('x || x');
  expect(await editorText(page)).not.toContain('x * 2');
  await overloads.filter({ hasText: '(integer) integer' }).dblclick();
  await expect.poll(() => editorText(page)).toContain('x * 2');
  await expect(page.locator('[data-testid=workspace-tab][data-tab-type=FUNCTION]', { hasText: 'twice' })).toHaveCount(2);

  await expand(page.locator(`[data-key="${sc}/procedures"]`));
  await contextMenu(treeNode(page, 'PROCEDURE', 'archive_orders'), 'View definition');
  await expect.poll(() => editorText(page)).toContain('CREATE OR REPLACE PROCEDURE public.archive_orders');
  await page.screenshot({ path: '/tmp/askdb-ws-pg-routine.png' });
});

test('edit keeps the stored password when the field is empty; clone; delete asks first', async ({ page, request }) => {
  test.skip(!available, 'PostgreSQL is not running');
  await openWorkspace(page);
  const ds = await dsId(page);
  // Give the stored source a password (trust auth ignores it), then edit the alias only.
  await apiData(request, 'POST', '/api/connection/datasource/update', { id: ds, password: 'kept-secret' });
  await contextMenu(treeNode(page, 'DATA_SOURCE', alias), 'Edit connection');
  await expect(page.getByTestId('conn-alias')).toHaveValue(alias);
  await expect(page.getByTestId('conn-password')).toHaveValue('');
  await expect(page.getByTestId('conn-password')).toHaveAttribute('placeholder', /Unchanged/);
  await page.getByTestId('conn-alias').fill(`${alias} edited`);
  await page.getByTestId('conn-save').click();
  await expect(treeNode(page, 'DATA_SOURCE', `${alias} edited`)).toBeVisible();
  const got = await apiData<{ hasPassword: boolean }>(request, 'GET', `/api/connection/datasource/${ds}`);
  expect(got.hasPassword).toBe(true);
  // Clone opens the copy for editing.
  await contextMenu(treeNode(page, 'DATA_SOURCE', `${alias} edited`), 'Clone');
  await expect(page.getByTestId('conn-alias')).toHaveValue(`${alias} edited (copy)`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  const copy = treeNode(page, 'DATA_SOURCE', `${alias} edited (copy)`);
  await expect(copy).toBeVisible();
  await contextMenu(copy, 'Delete');
  await expect(page.getByRole('dialog')).toContainText('The database itself is not touched');
  await page.getByTestId('confirm-ok').click();
  await expect(copy).toHaveCount(0);
  await expect(treeNode(page, 'DATA_SOURCE', `${alias} edited`)).toBeVisible();
  // Put the alias back for the clean-up.
  await apiData(request, 'POST', '/api/connection/datasource/update', { id: ds, alias });
});
