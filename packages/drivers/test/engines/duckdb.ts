import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EngineFixture } from './fixture.js';
import { uniqueName } from '../services.js';

export const duckdbFixture: EngineFixture = {
  name: 'DuckDB',
  type: 'DUCKDB',
  available: async () => true,
  async sandbox() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-duckdb-'));
    const name = uniqueName('t');
    return {
      config: { alias: 'duckdb', type: 'DUCKDB', filePath: path.join(dir, `${name}.duckdb`), options: { create: 'true' } },
      loc: { databaseName: name, schemaName: 'shop' },
      cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  },
  values: [
    { type: 'BIGINT', literal: '9007199254740993', expected: '9007199254740993', dataType: 'NUMERIC' },
    { type: 'HUGEINT', literal: '170141183460469231731687303715884105727', expected: '170141183460469231731687303715884105727', dataType: 'NUMERIC' },
    { type: 'DECIMAL(38,10)', literal: '1234567890123456789012345678.1234567890', expected: '1234567890123456789012345678.1234567890', dataType: 'NUMERIC' },
    { type: 'TIMESTAMPTZ', literal: "'2024-02-29 23:59:59.123456+08'", expected: '2024-02-29 15:59:59.123456+00', dataType: 'DATETIME' },
    { type: 'TIMESTAMP', literal: "'2024-02-29 23:59:59.123456'", expected: '2024-02-29 23:59:59.123456', dataType: 'DATETIME' },
    { type: 'DATE', literal: "'2024-02-29'", expected: '2024-02-29', dataType: 'DATETIME' },
    { type: 'INTERVAL', literal: "INTERVAL '1 year 2 months 3 days 04:05:06.789'", expected: '1 year 2 months 3 days 04:05:06.789' },
    { type: 'UUID', literal: "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'", expected: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' },
    { type: 'INTEGER[]', literal: '[1, 2, 3]', expected: '[1, 2, 3]', dataType: 'ARRAY' },
    { type: 'BLOB', literal: "'\\xDE\\xAD\\xBE\\xEF'::BLOB", expected: '0xdeadbeef', dataType: 'BINARY' },
    { type: 'STRUCT(x INTEGER, y VARCHAR)', literal: "{'x': 1, 'y': 's'}", expected: "{'x': 1, 'y': 's'}", dataType: 'STRUCT' },
    { type: 'VARCHAR', literal: 'NULL', expected: null },
    { type: 'VARCHAR', literal: "'NULL'", expected: 'NULL' },
    { type: 'VARCHAR', literal: "'😀 中文 日本語'", expected: '😀 中文 日本語', dataType: 'STRING' },
    { type: 'DOUBLE', literal: '1.0', expected: '1.0', dataType: 'NUMERIC' },
    { type: 'DOUBLE', literal: '0.1', expected: '0.1', dataType: 'NUMERIC' },
    { type: 'FLOAT', literal: '3.14', expected: '3.14', dataType: 'NUMERIC' },
    { type: 'BOOLEAN', literal: 'true', expected: 'true', dataType: 'BOOLEAN' },
  ],
  manyRows: (n) => `SELECT range + 1, 'row ' || (range + 1) FROM range(${n})`,
  longQuery: 'SELECT sum(a.range * b.range) FROM range(100000000) a, range(1000) b',
  malformed: { sql: 'SELECT 1,\n  2 FRM orders', messageIncludes: /syntax error at or near "orders"/, position: { line: 2, column: 9 } },
  schemaScript: `
CREATE SCHEMA shop;
CREATE SEQUENCE shop.customers_id_seq;
CREATE TABLE shop.customers (id BIGINT PRIMARY KEY DEFAULT nextval('shop.customers_id_seq'), email VARCHAR(200) NOT NULL UNIQUE,
  name TEXT, created_at TIMESTAMPTZ DEFAULT current_timestamp);
COMMENT ON TABLE shop.customers IS 'People who buy 买家';
COMMENT ON COLUMN shop.customers.email IS 'Login e-mail';
CREATE TABLE shop.orders (id INTEGER PRIMARY KEY, customer_id BIGINT NOT NULL REFERENCES shop.customers(id),
  total DECIMAL(12,2) CHECK (total >= 0), status VARCHAR DEFAULT 'new');
CREATE INDEX orders_customer_idx ON shop.orders (customer_id, total);
CREATE VIEW shop.big_orders AS SELECT id, total FROM shop.orders WHERE total > 100;
COMMENT ON VIEW shop.big_orders IS 'Orders over 100';
CREATE MACRO shop.order_count(cust) AS (SELECT count(*) FROM shop.orders WHERE customer_id = cust);
`,
  dropRoutines: 'DROP MACRO shop.order_count;',
  features: { comments: true, checkConstraints: true, partialIndexes: false, descIndexes: false, fkActions: false, functions: true, procedures: false, triggers: false },
  missingFile: { alias: 'duckdb', type: 'DUCKDB', filePath: path.join(os.tmpdir(), 'askdb-no-such-dir', 'missing.db') },
};
