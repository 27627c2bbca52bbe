import mysql from 'mysql2/promise';
import type { EngineFixture } from './fixture.js';
import { MYSQL_URL, serviceAvailable, uniqueName } from '../services.js';

const server = new URL(MYSQL_URL);
const base = { alias: 'mariadb', type: 'MARIADB' as const, host: server.hostname, port: Number(server.port || 3306), user: decodeURIComponent(server.username || 'root'), password: decodeURIComponent(server.password) };

async function admin(sql: string): Promise<void> {
  const c = await mysql.createConnection({ host: base.host, port: base.port, user: base.user, password: base.password });
  try { await c.query(sql); } finally { await c.end(); }
}

export const mariadbFixture: EngineFixture = {
  name: 'MariaDB',
  type: 'MARIADB',
  available: () => serviceAvailable('MariaDB', MYSQL_URL, 3306),
  async sandbox() {
    const db = uniqueName('askdb_t');
    await admin(`CREATE DATABASE ${db} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    return {
      config: { ...base, databaseName: db },
      loc: { databaseName: db },
      cleanup: () => admin(`DROP DATABASE IF EXISTS ${db}`),
    };
  },
  sessionSetup: ["SET time_zone = '+00:00'"],
  values: [
    { type: 'bigint', literal: '9007199254740993', expected: '9007199254740993', dataType: 'NUMERIC' },
    { type: 'bigint unsigned', literal: '18446744073709551615', expected: '18446744073709551615', dataType: 'NUMERIC' },
    { type: 'decimal(38,10)', literal: '1234567890123456789012345678.1234567890', expected: '1234567890123456789012345678.1234567890', dataType: 'NUMERIC' },
    { type: 'datetime(6)', literal: "'2024-02-29 23:59:59.123456'", expected: '2024-02-29 23:59:59.123456', dataType: 'DATETIME' },
    { type: 'timestamp(6)', literal: "'2024-02-29 23:59:59.123456'", expected: '2024-02-29 23:59:59.123456', dataType: 'DATETIME' },
    { type: 'date', literal: "'2024-02-29'", expected: '2024-02-29', dataType: 'DATETIME' },
    { type: 'time(3)', literal: "'-838:59:59.000'", expected: '-838:59:59.000', dataType: 'DATETIME' },
    { type: 'json', literal: `'{"b": 1, "a": [1, 2.50]}'`, expected: '{"b": 1, "a": [1, 2.50]}' },
    { type: 'uuid', literal: "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'", expected: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', dataType: 'STRING' },
    { type: 'blob', literal: "X'DEADBEEF'", expected: '0xdeadbeef', dataType: 'BINARY' },
    { type: 'varbinary(8)', literal: "X'00FF'", expected: '0x00ff', dataType: 'BINARY' },
    { type: 'bit(8)', literal: "b'101'", expected: '0x05', dataType: 'BINARY' },
    { type: 'text', literal: 'NULL', expected: null },
    { type: 'text', literal: "'NULL'", expected: 'NULL' },
    { type: 'varchar(50)', literal: "'😀 中文 日本語'", expected: '😀 中文 日本語', dataType: 'STRING' },
    { type: 'double', literal: '0.1', expected: '0.1', dataType: 'NUMERIC' },
    { type: 'float', literal: '3.14', expected: '3.14', dataType: 'NUMERIC' },
    { type: 'year', literal: '2024', expected: '2024' },
    { type: "enum('a','b')", literal: "'b'", expected: 'b' },
    { type: 'tinyint(1)', literal: '1', expected: '1' },
  ],
  manyRows: (n) => `SELECT seq, CONCAT('row ', seq) FROM seq_1_to_${n}`,
  longQuery: 'SELECT SLEEP(30)',
  malformed: { sql: 'SELECT 1,\n  2 FRM orders', messageIncludes: /ERROR 1064 \(42000\): You have an error in your SQL syntax.*near 'orders'/, position: { line: 2, column: 9 } },
  schemaScript: `
CREATE TABLE customers (id bigint AUTO_INCREMENT PRIMARY KEY, email varchar(200) NOT NULL UNIQUE COMMENT 'Login e-mail',
  name text, created_at timestamp DEFAULT current_timestamp) COMMENT='People who buy 买家';
CREATE TABLE orders (id int AUTO_INCREMENT PRIMARY KEY, customer_id bigint NOT NULL, total decimal(12,2) CHECK (total >= 0),
  status varchar(20) DEFAULT 'new',
  CONSTRAINT orders_customer_fk FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE,
  INDEX orders_customer_idx (customer_id, total DESC));
CREATE VIEW big_orders AS SELECT id, total FROM orders WHERE total > 100;
CREATE FUNCTION order_count(cust bigint) RETURNS bigint READS SQL DATA RETURN (SELECT count(*) FROM orders WHERE customer_id = cust);
CREATE PROCEDURE reset_status(IN new_status varchar(20)) UPDATE orders SET status = new_status;
CREATE TRIGGER orders_touch BEFORE INSERT ON orders FOR EACH ROW SET NEW.status = COALESCE(NEW.status, 'new');
`,
  dropRoutines: 'DROP FUNCTION order_count; DROP PROCEDURE reset_status;',
  features: { comments: true, checkConstraints: true, partialIndexes: false, descIndexes: true, fkActions: true, functions: true, procedures: true, triggers: true },
  kill: { processIdSql: 'SELECT CONNECTION_ID()', killSql: (id) => `KILL ${Number(id)}` },
  connectErrors: {
    badAuth: { ...base, password: 'definitely-wrong' },
    refused: { ...base, port: 1 },
    unknownHost: { ...base, host: 'no-such-host.invalid' },
    timeout: (port) => ({ ...base, host: '127.0.0.1', port, connectTimeoutMs: 1500 }),
    tlsMismatch: { ...base, ssl: { mode: 'require' } },
    unknownDatabase: { ...base, databaseName: 'askdb_no_such_database' },
  },
};
