/**
 * GET /api/rdb/schema_object/list (issue 26): the tree's folders of types, sequences, partitions,
 * policies… list a schema's objects with the CREATE text a user can run.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSourceInput, runOnPgDatabase, testApp, PG_URL, type TestApp } from '../test/helpers.js';

const db = `askdb_objlist_${process.pid}_${Date.now().toString(36)}`;
interface Entry { kind: string; name: string; identity: string; table: string | null; ddl: string }

describe('GET /api/rdb/schema_object/list', () => {
  let t: TestApp;
  let id: number;
  const admin = new pg.Client({ connectionString: PG_URL });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${db}`);
    await runOnPgDatabase(db, `
      CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
      CREATE DOMAIN year AS integer CHECK (VALUE BETWEEN 1901 AND 2155);
      CREATE SEQUENCE invoice_no START 1000 INCREMENT 5;
      CREATE TABLE payment (id int, paid_on date NOT NULL, amount numeric) PARTITION BY RANGE (paid_on);
      CREATE TABLE payment_2024 PARTITION OF payment FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
      CREATE TABLE note (id int PRIMARY KEY, owner text);
      ALTER TABLE note ENABLE ROW LEVEL SECURITY;
      CREATE POLICY own_notes ON note USING (owner = current_user);`);
    t = await testApp({ demo: false });
    id = (await t.json('POST', '/api/connection/datasource/create', pgSourceInput('objects', db))).body.data as number;
  });
  afterAll(async () => {
    await t?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.end();
  });

  it('lists types, domains, sequences, partitions and policies, each with runnable CREATE text in the schema', async () => {
    const r = await t.json<Entry[]>('GET', `/api/rdb/schema_object/list?dataSourceId=${id}&databaseName=${db}&schemaName=public`);
    expect(r.status).toBe(200);
    const by = (kind: string, name: string) => r.body.data.find((e) => e.kind === kind && e.name === name);
    expect(by('type', 'mood')?.ddl).toMatch(/^CREATE TYPE public\.mood AS ENUM \('sad', 'ok', 'happy'\);/);
    expect(by('domain', 'year')?.ddl).toContain('CREATE DOMAIN public."year" AS integer');
    expect(by('sequence', 'invoice_no')?.ddl).toMatch(/CREATE SEQUENCE public\.invoice_no .*INCREMENT BY 5.*START WITH 1000/);
    expect(by('partition', 'payment_2024')).toMatchObject({ table: 'payment' });
    expect(by('partition', 'payment_2024')?.ddl).toContain("PARTITION OF public.payment FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')");
    expect(by('policy', 'own_notes')?.ddl).toContain('CREATE POLICY own_notes ON public.note');
    expect(r.body.data.every((e) => !e.ddl.includes('\u0000'))).toBe(true);
  });
});
