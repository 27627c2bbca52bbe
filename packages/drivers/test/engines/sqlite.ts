import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { EngineFixture } from './fixture.js';
import { uniqueName } from '../services.js';

export const sqliteFixture: EngineFixture = {
  name: 'SQLite',
  type: 'SQLITE',
  available: async () => true,
  async sandbox() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-sqlite-'));
    const file = path.join(dir, `${uniqueName('t')}.db`);
    new Database(file).close();
    return {
      config: { alias: 'sqlite', type: 'SQLITE', filePath: file },
      loc: { databaseName: 'main' },
      cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  },
  values: [
    { type: 'INTEGER', literal: '9007199254740993', expected: '9007199254740993', dataType: 'NUMERIC' },
    { type: 'REAL', literal: '0.1', expected: '0.1', dataType: 'NUMERIC' },
    { type: 'REAL', literal: '1.0', expected: '1.0', dataType: 'NUMERIC' },
    { type: 'decimal(10,2)', literal: '12.50', expected: '12.5', dataType: 'NUMERIC' },
    { type: 'DATE', literal: "'2024-02-29'", expected: '2024-02-29', dataType: 'DATETIME' },
    { type: 'TIMESTAMP', literal: "'2024-02-29 23:59:59.123+08:00'", expected: '2024-02-29 23:59:59.123+08:00', dataType: 'DATETIME' },
    { type: 'JSON', literal: `'{"b": 1, "a": [1, 2.50]}'`, expected: '{"b": 1, "a": [1, 2.50]}', dataType: 'DOCUMENT' },
    { type: 'BLOB', literal: "X'DEADBEEF'", expected: '0xdeadbeef', dataType: 'BINARY' },
    { type: 'TEXT', literal: 'NULL', expected: null },
    { type: 'TEXT', literal: "'NULL'", expected: 'NULL' },
    { type: 'TEXT', literal: "'😀 中文 日本語'", expected: '😀 中文 日本語', dataType: 'STRING' },
    { type: 'BOOLEAN', literal: 'TRUE', expected: '1', dataType: 'BOOLEAN' },
  ],
  manyRows: (n) => `WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ${n}) SELECT n, 'row ' || n FROM g`,
  // Endless rows: better-sqlite3 cannot interrupt a step, so cancel is proven on a row stream.
  longQuery: 'WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g) SELECT n, hex(randomblob(16)) FROM g',
  malformed: { sql: 'SELECT 1,\n  2 FRM orders', messageIncludes: /near "orders": syntax error/, position: { line: 2, column: 9 } },
  schemaScript: `
CREATE TABLE customers (id INTEGER PRIMARY KEY AUTOINCREMENT, email varchar(200) NOT NULL UNIQUE, name text,
  created_at timestamp DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  total numeric(12,2) CHECK (total >= 0), status text DEFAULT 'new');
CREATE INDEX orders_customer_idx ON orders (customer_id, total DESC) WHERE status <> 'void';
CREATE VIEW big_orders AS SELECT id, total FROM orders WHERE total > 100;
CREATE TRIGGER orders_touch BEFORE INSERT ON orders BEGIN SELECT RAISE(ABORT, 'negative') WHERE NEW.total < 0; END;
`,
  features: { comments: false, checkConstraints: true, partialIndexes: true, descIndexes: true, fkActions: true, functions: false, procedures: false, triggers: true },
  missingFile: { alias: 'sqlite', type: 'SQLITE', filePath: path.join(os.tmpdir(), 'askdb-no-such-dir', 'missing.db') },
};
