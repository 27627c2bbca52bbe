import { describe, expect, it } from 'vitest';
import { dialectFor } from '../dialects/registry.js';
import { parseSql } from './parse-script.js';
import { pgCatalog, shopCatalog } from '../../test/shop-catalog.js';

const markers = (sql: string, type = 'MYSQL', catalog = null as ReturnType<typeof shopCatalog> | null, schemaName?: string) =>
  parseSql(sql, dialectFor(type), { catalog, schemaName }).markMessageList;

describe('parseSql: valid SQL stays clean', () => {
  const valid: Record<string, string[]> = {
    MYSQL: [
      "SELECT c.id, c.name, COUNT(o.id) AS n FROM customers c LEFT JOIN orders o ON o.customer_id = c.id WHERE c.created_at >= NOW() - INTERVAL 30 DAY GROUP BY c.id, c.name HAVING n > 2 ORDER BY n DESC LIMIT 10",
      "SELECT DATE_FORMAT(created_at, '%Y-%m') m, SUM(total) FROM orders GROUP BY m WITH ROLLUP",
      "INSERT INTO products (name, price) VALUES ('a', 1.5), ('b', 2) ON DUPLICATE KEY UPDATE price = VALUES(price)",
      "UPDATE orders o JOIN customers c ON c.id = o.customer_id SET o.status = 'x' WHERE c.id = 1",
      "DELETE o FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.name = 'x'",
      "SELECT GROUP_CONCAT(DISTINCT name ORDER BY name SEPARATOR ', ') FROM products",
      'SELECT CAST(price AS DECIMAL(10,2)), CONVERT(name USING utf8mb4), BINARY name FROM products',
      "SELECT * FROM orders WHERE status IN ('a','b') AND total BETWEEN 1 AND 10 AND NOT (id = 3) OR status IS NOT NULL",
      "SELECT IF(total > 100, 'big', 'small'), LEFT(status, 2), REPLACE(status, 'a', 'b') FROM orders",
      'SELECT EXTRACT(YEAR FROM created_at), TIMESTAMPDIFF(DAY, created_at, NOW()), DATE_ADD(created_at, INTERVAL 1 MONTH) FROM orders',
      'WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 5) SELECT n FROM t',
      'SELECT ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY created_at DESC) rn, LAG(total, 1, 0) OVER w FROM orders WINDOW w AS (ORDER BY id)',
      'SELECT * FROM (SELECT id, total FROM orders) d WHERE d.total > 5',
      "CREATE TABLE x (id INT PRIMARY KEY AUTO_INCREMENT, name VARCHAR(20) NOT NULL DEFAULT '', KEY k (name)) ENGINE=InnoDB",
      'SHOW TABLES', 'USE shop', 'SET NAMES utf8mb4', 'DESC orders', 'SELECT @a := 1, @@version',
      "SELECT `order`.`id` FROM `orders` AS `order` WHERE `order`.status = \"paid\"",
      'SELECT id FROM orders ORDER BY id LIMIT 5, 10',
      'SELECT a.* FROM orders a WHERE EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = a.id)',
      "SELECT JSON_EXTRACT(x, '$.a'), MATCH (name) AGAINST ('foo' IN BOOLEAN MODE) FROM products",
      'SELECT CASE status WHEN \'a\' THEN 1 WHEN \'b\' THEN 2 ELSE 0 END AS s FROM orders',
      "REPLACE INTO t (a) VALUES (1)",
      'SELECT * FROM orders FOR UPDATE',
      'SELECT 1 + -1, 2 * (3 - 1) / 4 % 3, 5 DIV 2, 7 MOD 3',
    ],
    POSTGRESQL: [
      "SELECT o.id, o.total::numeric(10,2), o.created_at AT TIME ZONE 'UTC' FROM orders o WHERE o.status = ANY(ARRAY['a','b']) AND o.note ILIKE '%x%' ORDER BY 1 NULLS LAST LIMIT 5 OFFSET 10",
      'INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = EXCLUDED.a RETURNING *',
      'SELECT DISTINCT ON (customer_id) customer_id, total FROM orders ORDER BY customer_id, created_at DESC',
      "SELECT jsonb_build_object('a', 1) -> 'a', data->>'x', data #> '{a,b}', data @> '{}'::jsonb, data ? 'k' FROM t",
      'SELECT count(*) FILTER (WHERE total > 1), percentile_cont(0.5) WITHIN GROUP (ORDER BY total) FROM orders',
      'SELECT * FROM generate_series(1, 10) g(n) CROSS JOIN LATERAL (SELECT n * 2 AS m) x',
      'UPDATE orders SET total = total * 1.1 FROM customers c WHERE c.id = orders.customer_id',
      'DELETE FROM orders USING customers c WHERE c.id = orders.customer_id RETURNING orders.id',
      "SELECT $1::int, now() - interval '1 day', EXTRACT(epoch FROM now()), date_trunc('month', now())",
      'SELECT a FROM t WHERE a IS DISTINCT FROM b AND c IS NOT NULL AND d NOTNULL',
      'SELECT (ARRAY[1,2,3])[1], (ARRAY[1,2])[1:2], ARRAY(SELECT 1)',
      'SELECT FROM t',
      'SELECT x FROM t FOR UPDATE SKIP LOCKED',
      "SELECT string_agg(name, ', ' ORDER BY name), substring(name FROM 2 FOR 3), trim(BOTH 'x' FROM name), position('a' IN name) FROM products",
      'BEGIN', 'COMMIT', 'VACUUM ANALYZE orders', 'CREATE INDEX CONCURRENTLY IF NOT EXISTS i ON orders (customer_id)',
      'CREATE OR REPLACE VIEW v AS SELECT id FROM orders WHERE total > 0 WITH CHECK OPTION',
      "SELECT * FROM t WHERE name SIMILAR TO 'a%' ESCAPE '!' AND x NOT BETWEEN SYMMETRIC 1 AND 2",
      'WITH a AS MATERIALIZED (SELECT 1 AS x), b AS (SELECT x FROM a) SELECT * FROM b UNION SELECT 2 ORDER BY 1',
      'SELECT "Weird Name".id FROM "Weird Name"',
      'TABLE orders',
      'SELECT 1 FROM a JOIN b USING (id) NATURAL JOIN c',
    ],
    SQLSERVER: [
      "SELECT TOP 10 o.id, ISNULL(o.note, '') AS note FROM dbo.orders o WITH (NOLOCK) WHERE o.created_at > DATEADD(day, -7, GETDATE()) ORDER BY o.id OFFSET 0 ROWS FETCH NEXT 10 ROWS ONLY",
      'SELECT [order id] FROM [my table]',
      'DECLARE @x INT = 1',
      "SELECT CONVERT(varchar(10), GETDATE(), 120), DATEDIFF(day, a, b), DATEPART(month, a) FROM t",
      'UPDATE o SET o.total = 0 FROM orders o JOIN customers c ON c.id = o.customer_id',
      'SELECT * FROM t CROSS APPLY OPENJSON(t.data) j',
      'INSERT INTO t (a) OUTPUT inserted.a VALUES (1)',
      'EXEC sp_who',
      'DELETE orders WHERE id = 1',
      'SELECT TOP (5) PERCENT * FROM t',
      "SELECT STRING_AGG(name, ',') WITHIN GROUP (ORDER BY name) FROM t",
    ],
    SQLITE: [
      "SELECT strftime('%Y', created_at) FROM orders WHERE rowid > 5",
      'INSERT OR REPLACE INTO t (a) VALUES (1)',
      "SELECT * FROM t WHERE name GLOB 'a*'",
      'PRAGMA table_info(orders)',
      "SELECT json_extract(x, '$.a') AS a FROM t WHERE a > 1",
      'SELECT [a b] FROM t',
      'CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE s SET n = n + 1; END',
    ],
    ORACLE: [
      'SELECT * FROM orders WHERE ROWNUM <= 10',
      'SELECT sysdate FROM dual',
      "SELECT LISTAGG(name, ',') WITHIN GROUP (ORDER BY name) FROM t",
      'SELECT employee_id FROM employees START WITH manager_id IS NULL CONNECT BY PRIOR employee_id = manager_id',
      'BEGIN NULL; END;',
      'SELECT a FROM t MINUS SELECT a FROM u',
      'SELECT * FROM t FETCH FIRST 5 ROWS ONLY',
      'DELETE orders WHERE id = 1',
    ],
  };
  for (const [type, list] of Object.entries(valid)) {
    it(`${type}: no markers on ${list.length} valid statements`, () => {
      for (const sql of list) {
        const r = parseSql(sql, dialectFor(type));
        expect(r.markMessageList, sql).toEqual([]);
        expect(r.sqlStatementList.every((s) => s.statementType === 'valid'), sql).toBe(true);
      }
    });
  }
});

describe('parseSql: syntax errors at exact positions', () => {
  const cases: [string, string, number, number, number, RegExp][] = [
    // sql, type, line, startCol, endCol, message
    ['SELEC * FROM t', 'MYSQL', 1, 1, 6, /Unknown statement 'SELEC'/],
    ['SELECT * FROM', 'MYSQL', 1, 10, 14, /Expected a table name/],
    ['SELECT a, FROM t', 'MYSQL', 1, 11, 15, /Expected an expression near 'FROM'/],
    ['SELECT * FROM t WHERE', 'POSTGRESQL', 1, 17, 22, /Expected an expression/],
    ['SELECT (a + b FROM t', 'MYSQL', 1, 15, 19, /Expected '\)' near 'FROM'/],
    ['SELECT a FROM t)', 'MYSQL', 1, 16, 17, /Unmatched '\)'/],
    ['SELECT a FROM t WHERE a = 1 GROUP BY a WHERE b = 2', 'MYSQL', 1, 40, 45, /WHERE is not allowed here/],
    ['SELECT a b c FROM t', 'MYSQL', 1, 12, 13, /Syntax error near 'c'/],
    ['SELECT * FROM a LEFT JOIN b WHERE x = 1', 'MYSQL', 1, 29, 34, /JOIN is missing its ON condition/],
    ["SELECT 'abc", 'MYSQL', 1, 8, 9, /Unterminated string/],
    ['SELECT CASE WHEN a THEN 1 FROM t', 'MYSQL', 1, 27, 31, /Expected END/],
    ['UPDATE t WHERE a = 1', 'POSTGRESQL', 1, 10, 15, /Expected SET/],
    ['SELECT * FROM t WHERE a BETWEEN 1 OR 2', 'MYSQL', 1, 35, 37, /BETWEEN needs AND/],
    ['SELECT *\nFROM orders\nWHERE', 'SQLSERVER', 3, 1, 6, /Expected an expression/],
    ['SELECT * FROM t /* open', 'POSTGRESQL', 1, 17, 19, /Unterminated comment/],
    ['SELECT count(* FROM t', 'SQLITE', 1, 16, 20, /Expected '\)' near 'FROM'/],
    ['INSERT INTO t (a, b) VALUES (1, 2', 'MYSQL', 1, 29, 30, /Missing closing parenthesis/],
    ['SELECT a FROM t ORDER a', 'MYSQL', 1, 23, 24, /Expected BY/],
    ['SELECT * FORM orders', 'MYSQL', 1, 10, 14, /Syntax error near 'FORM'/],
    ['UPDATE orders SET WHERE id = 1', 'MYSQL', 1, 19, 24, /Expected a column name near 'WHERE'/],
    ['DELETE orders WHERE id = 1', 'MYSQL', 1, 15, 20, /Expected FROM/],
    ['SELECT * FROM customers c WHERE c.', 'POSTGRESQL', 1, 34, 35, /Expected a name/],
  ];
  for (const [sql, type, line, c1, c2, msg] of cases) {
    it(`${type}: ${sql.replace(/\n/g, ' ')}`, () => {
      const r = parseSql(sql, dialectFor(type));
      expect(r.markMessageList).toHaveLength(1);
      const m = r.markMessageList[0]!;
      expect(m.message).toMatch(msg);
      expect([m.startLineNum, m.startColNum, m.endLineNum, m.endColNum]).toEqual([line, c1, line, c2]);
      if (!/Unterminated comment/.test(m.message)) expect(r.sqlStatementList[0]!.statementType).toBe('invalid');
    });
  }

  it('marks only the bad statement of a script and keeps statement ranges', () => {
    const sql = 'SELECT 1;\nSELECT * FROM;\nSELECT 2';
    const r = parseSql(sql, dialectFor('POSTGRESQL'));
    expect(r.sqlStatementList.map((s) => [s.statementType, s.sqlStartRowNum, s.sqlStartColNum, s.sqlEndRowNum, s.sqlEndColNum])).toEqual([
      ['valid', 1, 1, 1, 9], ['invalid', 2, 1, 2, 14], ['valid', 3, 1, 3, 9],
    ]);
    expect(r.markMessageList.map((m) => m.startLineNum)).toEqual([2]);
  });

  it('translates markers', () => {
    const [zh] = parseSql('SELECT * FROM', dialectFor('MYSQL'), { language: 'zh-CN' }).markMessageList;
    const [ja] = parseSql('SELECT * FROM', dialectFor('MYSQL'), { language: 'ja-JP' }).markMessageList;
    expect(zh!.message).toBe("'FROM' 附近缺少表名");
    expect(ja!.message).toBe("'FROM' 付近にテーブル名が必要です");
  });

  it('follows spec 01 §5: empty and ≥ 50,000 characters are not parsed', () => {
    expect(parseSql('   \n ', dialectFor('MYSQL'))).toEqual({ sqlStatementList: [], markMessageList: [] });
    const big = 'SELECT * FROM;'.repeat(Math.ceil(50_000 / 14));
    expect(big.length).toBeGreaterThanOrEqual(50_000);
    expect(parseSql(big, dialectFor('MYSQL'))).toEqual({ sqlStatementList: [], markMessageList: [] });
    const justUnder = 'SELECT 1;'.repeat(5555);
    expect(justUnder.length).toBeLessThan(50_000);
    expect(parseSql(justUnder, dialectFor('MYSQL')).sqlStatementList).toHaveLength(5555);
  });
});

describe('parseSql: tables and columns missing from the schema', () => {
  const shop = shopCatalog();
  const one = (sql: string, type = 'MYSQL') => markers(sql, type, shop);
  it('reports unknown tables and columns with exact positions', () => {
    expect(one('SELECT * FROM custmers')).toEqual([{ message: "Table 'custmers' does not exist", startLineNum: 1, startColNum: 15, endLineNum: 1, endColNum: 23 }]);
    expect(one('SELECT nme FROM customers')).toEqual([{ message: "Column 'nme' does not exist", startLineNum: 1, startColNum: 8, endLineNum: 1, endColNum: 11 }]);
    expect(one('SELECT c.nme\nFROM customers c')).toEqual([{ message: "Column 'nme' does not exist in 'c'", startLineNum: 1, startColNum: 10, endLineNum: 1, endColNum: 13 }]);
    expect(one('SELECT x.id FROM customers c')[0]!.message).toBe("Unknown table or alias 'x'");
    expect(one('SELECT d.total FROM (SELECT id FROM orders) d')[0]!.message).toBe("Column 'total' does not exist in 'd'");
    expect(one('WITH t AS (SELECT id, total FROM orders) SELECT t.total, t.nope FROM t').map((m) => m.message)).toEqual(["Column 'nope' does not exist in 't'"]);
    expect(one('INSERT INTO orders (id, nope) VALUES (1, 2)').map((m) => [m.message, m.startColNum])).toEqual([["Column 'nope' does not exist in 'orders'", 25]]);
    expect(one('UPDATE orders SET nope = 1 WHERE id = 2').map((m) => m.message)).toEqual(["Column 'nope' does not exist in 'orders'"]);
    expect(one('SELECT id FROM orders WHERE totl > 1').map((m) => m.message)).toEqual(["Column 'totl' does not exist"]);
  });

  it('does not report what may legitimately exist', () => {
    const clean = [
      'SELECT total AS t FROM orders ORDER BY t',
      'SELECT status, count(*) AS n FROM orders GROUP BY status HAVING n > 1',
      'SELECT id FROM orders WHERE EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = orders.id)',
      'SELECT * FROM information_schema.tables',
      'SELECT ID, Name FROM Customers',
      'SELECT c.id FROM customers AS c JOIN orders o ON o.customer_id = c.id',
      'SELECT order_id, amount FROM order_summary',
      'SELECT y.a, x.email FROM (SELECT * FROM customers) x JOIN (SELECT 1 AS a) y ON 1 = 1',
      'SELECT d.name FROM (SELECT * FROM customers) d',
      'SELECT n FROM (SELECT count(*) FROM orders) d(n)',
      'SELECT * FROM other_db.some_table',
      'SELECT 1 FROM dual',
      'DELETE o FROM orders o WHERE o.id = 1',
      "SELECT id, 'literal', @v FROM orders WHERE id > ?",
    ];
    for (const sql of clean) expect(one(sql), sql).toEqual([]);
    expect(one('CREATE TABLE tmp (a int);\nSELECT a FROM tmp;\nINSERT INTO tmp VALUES (1)')).toEqual([]);
    expect(markers('SELECT * FROM generate_series(1, 3) g', 'POSTGRESQL', shop)).toEqual([]);
    expect(markers('SELECT id FROM orders WHERE "unknown" = 1', 'SQLITE', shop)).toEqual([]);
    expect(markers('SELECT total AS t FROM orders WHERE t > 1', 'SQLITE', shop)).toEqual([]);
    expect(markers('SELECT total AS t FROM orders WHERE t > 1', 'MYSQL', shop).map((m) => m.message)).toEqual(["Column 't' does not exist"]);
  });

  it('checks schema-qualified names against the bound schema only', () => {
    const pg = pgCatalog();
    expect(markers('SELECT u.email FROM app.users u', 'POSTGRESQL', pg, 'app')).toEqual([]);
    expect(markers('SELECT * FROM app.userz', 'POSTGRESQL', pg, 'app').map((m) => [m.message, m.startColNum])).toEqual([["Table 'userz' does not exist", 19]]);
    expect(markers('SELECT * FROM other.userz', 'POSTGRESQL', pg, 'app')).toEqual([]);
    expect(markers('SELECT "Action" FROM "AuditLog"', 'POSTGRESQL', pg, 'app')).toEqual([]);
  });

  it('lists the identifiers each statement uses', () => {
    const r = parseSql('SELECT c.name, o.total FROM customers c JOIN orders o ON o.customer_id = c.id', dialectFor('MYSQL'), { catalog: shop });
    const ids = r.sqlStatementList[0]!.identifiers;
    expect(ids).toContainEqual({ name: 'customers', type: 'table', alias: 'c' });
    expect(ids).toContainEqual({ name: 'c', type: 'alias', table: 'customers' });
    expect(ids).toContainEqual({ name: 'name', type: 'column', table: 'customers' });
    expect(ids).toContainEqual({ name: 'customer_id', type: 'column', table: 'orders' });
    const v = parseSql('SELECT amount FROM order_summary', dialectFor('MYSQL'), { catalog: shop }).sqlStatementList[0]!.identifiers;
    expect(v).toContainEqual({ name: 'order_summary', type: 'view' });
    expect(v).toContainEqual({ name: 'amount', type: 'column', table: 'order_summary' });
  });

  it('quick parse reports validity without schema checks', () => {
    const r = parseSql('SELECT nope FROM nowhere; SELECT * FROM', dialectFor('MYSQL'), { catalog: shop, quick: true });
    expect(r.sqlStatementList.map((s) => s.statementType)).toEqual(['valid', 'invalid']);
    expect(r.markMessageList).toHaveLength(1);
    expect(r.sqlStatementList[0]!.identifiers).toEqual([]);
  });
});
