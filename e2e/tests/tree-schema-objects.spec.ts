/**
 * Issue 26: the tree lists a PostgreSQL schema's types, sequences, partitions and policies in folders
 * of their own, and double-clicking one opens its CREATE text.
 */
import { expect, test } from '@playwright/test';
import pg from 'pg';

const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = `askdb_e2e_tree_obj_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
let available = true;
let dsId = 0;

async function onPg(database: string, sql: string) {
  const u = new URL(PG_URL);
  u.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
}

test.beforeAll(async ({ request }) => {
  try {
    await onPg('postgres', `CREATE DATABASE ${DB}`);
  } catch (e) {
    if (process.env.ASKDB_REQUIRE_SERVICES === '1') throw e;
    available = false;
    return;
  }
  await onPg(DB, `
    CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
    CREATE DOMAIN year AS integer CHECK (VALUE BETWEEN 1901 AND 2155);
    CREATE SEQUENCE invoice_no START 1000;
    CREATE TABLE payment (id int, paid_on date NOT NULL) PARTITION BY RANGE (paid_on);
    CREATE TABLE payment_2024 PARTITION OF payment FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');`);
  const u = new URL(PG_URL);
  const res = await request.post('/api/connection/datasource/create', { data: { alias: DB, type: 'POSTGRESQL', host: u.hostname, port: Number(u.port || 5432), user: decodeURIComponent(u.username || 'postgres'), databaseName: DB } });
  dsId = (await res.json()).data as number;
});

test.afterAll(async ({ request }) => {
  if (dsId) await request.delete(`/api/connection/datasource/${dsId}`).catch(() => {});
  if (available) await onPg('postgres', `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
});

test('types, sequences and partitions appear under the schema; a type opens its CREATE text', async ({ page }) => {
  test.skip(!available, 'PostgreSQL is not running');
  await page.goto('/?language=en-US');
  const node = (key: string) => page.locator(`[data-testid=tree-node][data-key="${key}"]`);
  const schema = `ds:${dsId}/db:${DB}/sc:public`;
  await node(`ds:${dsId}`).click();
  await node(`ds:${dsId}/db:${DB}`).click();
  await node(schema).click();
  const types = node(`${schema}/objects:type`);
  await expect(types).toContainText('Types');
  await expect(node(`${schema}/objects:sequence`)).toContainText('Sequences');
  await types.click();
  await expect(page.locator(`[data-testid=tree-node][data-type=SCHEMA_OBJECT][data-title=mood]`)).toBeVisible();
  await expect(page.locator(`[data-testid=tree-node][data-type=SCHEMA_OBJECT][data-title=year]`)).toContainText('domain');
  await node(`${schema}/objects:partition`).click();
  await expect(page.locator(`[data-testid=tree-node][data-type=SCHEMA_OBJECT][data-title=payment_2024]`)).toContainText('ON payment');
  await page.screenshot({ path: test.info().outputPath('tree-schema-objects.png') });

  await page.locator(`[data-testid=tree-node][data-type=SCHEMA_OBJECT][data-title=mood]`).dblclick();
  await expect(page.locator('.view-lines').filter({ hasText: 'CREATE TYPE' }).first()).toContainText("CREATE TYPE public.mood AS ENUM ('sad', 'ok', 'happy');");
  await page.screenshot({ path: test.info().outputPath('tree-schema-object-ddl.png') });
});
