import pg from 'pg';
import type { EngineFixture } from './fixture.js';
import { PG_URL, serviceAvailable, uniqueName } from '../services.js';

const server = new URL(PG_URL);
const base = { alias: 'pg', type: 'POSTGRESQL' as const, host: server.hostname, port: Number(server.port || 5432), user: decodeURIComponent(server.username || 'postgres'), password: decodeURIComponent(server.password) };

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try { return await fn(c); } finally { await c.end(); }
}

export const postgresFixture: EngineFixture = {
  name: 'PostgreSQL',
  type: 'POSTGRESQL',
  available: () => serviceAvailable('PostgreSQL', PG_URL, 5432),
  async sandbox() {
    const db = uniqueName('askdb_t');
    await admin((c) => c.query(`CREATE DATABASE ${db}`));
    return {
      config: { ...base, databaseName: db },
      loc: { databaseName: db, schemaName: 'shop' },
      cleanup: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`)).then(() => undefined),
    };
  },
  sessionSetup: ["SET TIME ZONE 'UTC'"],
  values: [
    { type: 'bigint', literal: '9007199254740993', expected: '9007199254740993', dataType: 'NUMERIC' },
    { type: 'numeric(38,10)', literal: '1234567890123456789012345678.1234567890', expected: '1234567890123456789012345678.1234567890', dataType: 'NUMERIC' },
    { type: 'timestamptz', literal: "'2024-02-29 23:59:59.123456+08'", expected: '2024-02-29 15:59:59.123456+00', dataType: 'DATETIME' },
    { type: 'timestamp(3)', literal: "'2024-02-29 23:59:59.123'", expected: '2024-02-29 23:59:59.123', dataType: 'DATETIME' },
    { type: 'date', literal: "'2024-02-29'", expected: '2024-02-29', dataType: 'DATETIME' },
    { type: 'interval', literal: "'1 year 2 mons 3 days 04:05:06.789'", expected: '1 year 2 mons 3 days 04:05:06.789' },
    { type: 'uuid', literal: "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'", expected: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' },
    { type: 'json', literal: `'{"b": 1, "a": [1, 2.50]}'`, expected: '{"b": 1, "a": [1, 2.50]}', dataType: 'DOCUMENT' },
    { type: 'jsonb', literal: `'{"b": 1, "a": [1, 2.50]}'`, expected: '{"a": [1, 2.50], "b": 1}', dataType: 'DOCUMENT' },
    { type: 'integer[]', literal: "'{1,2,3}'", expected: '{1,2,3}', dataType: 'ARRAY' },
    { type: 'text[]', literal: "ARRAY['a b', NULL, 'c']", expected: '{"a b",NULL,c}', dataType: 'ARRAY' },
    { type: 'bytea', literal: "'\\xdeadbeef'", expected: '0xdeadbeef', dataType: 'BINARY' },
    { type: 'text', literal: 'NULL', expected: null },
    { type: 'text', literal: "'NULL'", expected: 'NULL' },
    { type: 'text', literal: "'😀 中文 日本語'", expected: '😀 中文 日本語', dataType: 'STRING' },
    { type: 'boolean', literal: 'true', expected: 't', dataType: 'BOOLEAN' },
    { type: 'double precision', literal: '0.1', expected: '0.1' },
    { type: 'real', literal: '3.14', expected: '3.14' },
  ],
  manyRows: (n) => `SELECT g, 'row ' || g FROM generate_series(1, ${n}) g`,
  longQuery: 'SELECT pg_sleep(30)',
  malformed: { sql: 'SELECT 1,\n  2 FRM orders', messageIncludes: /syntax error at or near "orders"/, position: { line: 2, column: 9 } },
  schemaScript: `
CREATE SCHEMA shop;
CREATE TABLE shop.customers (id bigserial PRIMARY KEY, email varchar(200) NOT NULL UNIQUE, name text, created_at timestamptz DEFAULT now());
COMMENT ON TABLE shop.customers IS 'People who buy 买家';
COMMENT ON COLUMN shop.customers.email IS 'Login e-mail';
CREATE TABLE shop.orders (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES shop.customers(id) ON DELETE CASCADE,
  total numeric(12,2) CHECK (total >= 0),
  status text DEFAULT 'new');
CREATE INDEX orders_customer_idx ON shop.orders (customer_id, total DESC) WHERE status <> 'void';
CREATE VIEW shop.big_orders AS SELECT id, total FROM shop.orders WHERE total > 100;
COMMENT ON VIEW shop.big_orders IS 'Orders over 100';
CREATE FUNCTION shop.order_count(cust bigint) RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM shop.orders WHERE customer_id = cust $$;
CREATE PROCEDURE shop.reset_status(new_status text) LANGUAGE sql AS $$ UPDATE shop.orders SET status = new_status $$;
CREATE FUNCTION shop.touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.status := coalesce(NEW.status, 'new'); RETURN NEW; END $$;
CREATE TRIGGER orders_touch BEFORE INSERT OR UPDATE ON shop.orders FOR EACH ROW EXECUTE FUNCTION shop.touch();
`,
  dropRoutines: 'DROP FUNCTION shop.order_count(bigint); DROP PROCEDURE shop.reset_status(text);',
  features: { comments: true, checkConstraints: true, partialIndexes: true, descIndexes: true, fkActions: true, functions: true, procedures: true, triggers: true },
  kill: { processIdSql: 'SELECT pg_backend_pid()', killSql: (pid) => `SELECT pg_terminate_backend(${Number(pid)})` },
  connectErrors: {
    badAuth: { ...base, user: 'askdb_no_such_role', password: 'wrong' },
    refused: { ...base, port: 1 },
    unknownHost: { ...base, host: 'no-such-host.invalid' },
    timeout: (port) => ({ ...base, host: '127.0.0.1', port, connectTimeoutMs: 1500 }),
    tlsMismatch: { ...base, ssl: { mode: 'require' } },
    unknownDatabase: { ...base, databaseName: 'askdb_no_such_database' },
  },
};
