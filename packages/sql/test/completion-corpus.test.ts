/**
 * Completion corpus (issue 6): each case puts the cursor at `|` and names suggestions that must be in
 * the top 5 (labels, compared without quotes and case), and optionally ones that must be absent.
 * Cases run in every dialect listed for them: MySQL, PostgreSQL, SQLite and SQL Server by default.
 */
import { describe, expect, it } from 'vitest';
import { complete, dialectFor, type SchemaCatalog } from '../src/index.js';
import { pgCatalog, shopCatalog } from './shop-catalog.js';

type Dialect = 'MYSQL' | 'POSTGRESQL' | 'SQLITE' | 'SQLSERVER';
const ALL: Dialect[] = ['MYSQL', 'POSTGRESQL', 'SQLITE', 'SQLSERVER'];

interface Case {
  sql: string;
  top5: string[];
  absent?: string[];
  only?: Dialect[];
}

const norm = (s: string) => s.replace(/[`"[\]]/g, '').toLowerCase();

function run(catalog: SchemaCatalog, c: Case, type: Dialect, names: { databaseName?: string; schemaName?: string }) {
  const at = c.sql.indexOf('|');
  const items = complete({
    beforeSql: c.sql.slice(0, at), afterSql: c.sql.slice(at + 1), catalog, dialect: dialectFor(type), ...names,
    schemas: names.schemaName ? [names.schemaName, 'public'] : [], databases: names.databaseName ? [names.databaseName] : [],
  });
  return items;
}

function suite(title: string, catalog: SchemaCatalog, cases: Case[], names: (t: Dialect) => { databaseName?: string; schemaName?: string }) {
  describe(title, () => {
    for (const c of cases) {
      for (const type of c.only ?? ALL) {
        it(`${type}: ${c.sql.replace(/\n/g, '⏎')}`, () => {
          const items = run(catalog, c, type, names(type));
          const top = items.slice(0, 5).map((i) => norm(i.label));
          for (const want of c.top5) expect(top, `top 5 for ${c.sql}: ${top.join(' | ')}`).toContain(norm(want));
          for (const no of c.absent ?? []) expect(items.map((i) => norm(i.label)), `${no} must be absent`).not.toContain(norm(no));
        });
      }
    }
  });
}

const SHOP: Case[] = [
  // Columns of the tables in scope, including tables written after the cursor.
  { sql: 'SELECT | FROM orders', top5: ['id', 'customer_id', 'status', 'total', 'created_at'] },
  { sql: 'SELECT | FROM customers WHERE city = 1', top5: ['name', 'email', 'city'] },
  { sql: 'SELECT id, | FROM products', top5: ['name', 'category_id', 'price', 'stock'] },
  { sql: 'SELECT DISTINCT | FROM customers', top5: ['id', 'name', 'email'] },
  { sql: 'SELECT em| FROM customers', top5: ['email'] },
  { sql: 'SELECT un| FROM order_items', top5: ['unit_price'] },
  { sql: 'SELECT qua| FROM order_items', top5: ['quantity'] },
  { sql: 'SELECT price * | FROM products', top5: ['price', 'stock'] },
  { sql: 'SELECT | FROM (SELECT id AS order_ref FROM orders) d', top5: ['order_ref'] },
  { sql: 'SELECT name FROM customers; SELECT | FROM orders', top5: ['status', 'total'], absent: ['email'] },
  { sql: 'SELECT | FROM orders;\nSELECT * FROM customers', top5: ['status'], absent: ['email'] },
  // alias. / table. members
  { sql: 'SELECT o.| FROM orders o', top5: ['id', 'customer_id', 'status', 'total', 'created_at'], absent: ['name'] },
  { sql: 'SELECT c.| FROM customers AS c', top5: ['name', 'email'] },
  { sql: 'SELECT customers.| FROM customers', top5: ['name', 'email'] },
  { sql: 'SELECT order_summary.| FROM order_summary', top5: ['amount', 'customer_name'] },
  { sql: 'SELECT oi.| FROM order_items oi JOIN products p ON p.id = oi.product_id', top5: ['quantity', 'unit_price'], absent: ['stock'] },
  { sql: 'SELECT p.| FROM order_items oi JOIN products p ON p.id = oi.product_id', top5: ['price', 'stock'], absent: ['quantity'] },
  { sql: 'SELECT * FROM orders o WHERE o.| ', top5: ['status', 'total'] },
  { sql: 'SELECT o.id FROM orders o WHERE o.customer_id IN (SELECT c.| FROM customers c)', top5: ['id', 'name'] },
  { sql: 'SELECT * FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.|)', top5: ['id'] },
  { sql: 'SELECT o.id FROM orders o WHERE o.total > (SELECT avg(oi.|) FROM order_items oi)', top5: ['unit_price', 'quantity'] },
  { sql: 'SELECT o.st| FROM orders o', top5: ['status'] },
  // CTEs and derived tables
  { sql: 'WITH t AS (SELECT id, total FROM orders) SELECT t.| FROM t', top5: ['id', 'total'], absent: ['status'] },
  { sql: 'WITH t AS (SELECT id, total FROM orders) SELECT * FROM |', top5: ['t'] },
  { sql: 'WITH t(a, b) AS (SELECT id, total FROM orders) SELECT t.| FROM t', top5: ['a', 'b'] },
  { sql: 'WITH big AS (SELECT * FROM customers) SELECT big.| FROM big', top5: ['name', 'email'] },
  { sql: 'SELECT d.| FROM (SELECT id AS order_ref, total FROM orders) d', top5: ['order_ref', 'total'] },
  { sql: 'SELECT x.| FROM (SELECT c.name, count(*) AS n FROM customers c GROUP BY c.name) x', top5: ['name', 'n'] },
  // Tables after FROM / JOIN / INTO / UPDATE
  { sql: 'SELECT * FROM |', top5: ['categories', 'customers', 'order_items', 'order_summary', 'orders'] },
  { sql: 'SELECT * FROM ord|', top5: ['orders', 'order_items', 'order_summary'] },
  { sql: 'SELECT * FROM ordit|', top5: ['order_items'] },
  { sql: 'SELECT * FROM ordr|', top5: ['orders'] },
  { sql: 'SELECT * FROM items|', top5: ['order_items'] },
  { sql: 'SELECT * FROM cust|', top5: ['customers'] },
  { sql: 'SELECT * FROM cat|', top5: ['categories'] },
  { sql: 'SELECT * FROM orders, |', top5: ['customers', 'categories'] },
  { sql: 'DELETE FROM |', top5: ['orders', 'order_items'] },
  { sql: 'INSERT INTO |', top5: ['orders', 'customers', 'products'], absent: ['order_summary'] },
  { sql: 'UPDATE |', top5: ['orders', 'customers'] },
  { sql: 'UPDATE pro|', top5: ['products'] },
  // Join clauses from foreign keys
  { sql: 'SELECT * FROM orders o JOIN |', top5: ['customers c ON c.id = o.customer_id', 'order_items oi ON oi.order_id = o.id'] },
  { sql: 'SELECT * FROM order_items oi JOIN |', top5: ['orders o ON o.id = oi.order_id', 'products p ON p.id = oi.product_id'] },
  { sql: 'SELECT * FROM customers c LEFT JOIN |', top5: ['orders o ON o.customer_id = c.id'] },
  { sql: 'SELECT * FROM products p INNER JOIN |', top5: ['categories c ON c.id = p.category_id', 'order_items oi ON oi.product_id = p.id'] },
  { sql: 'SELECT * FROM orders o INNER JOIN customers c ON c.id = o.customer_id INNER JOIN |', top5: ['order_items oi ON oi.order_id = o.id'] },
  { sql: 'SELECT * FROM orders o JOIN customers c ON |', top5: ['c.id = o.customer_id'] },
  { sql: 'SELECT * FROM orders o JOIN order_items oi ON |', top5: ['oi.order_id = o.id'] },
  { sql: 'SELECT * FROM products p JOIN order_items oi ON |', top5: ['oi.product_id = p.id'] },
  { sql: 'SELECT * FROM products p JOIN categories c ON |', top5: ['c.id = p.category_id'] },
  { sql: 'SELECT * FROM customers c LEFT JOIN orders o ON |', top5: ['o.customer_id = c.id'] },
  { sql: 'SELECT * FROM orders o JOIN customers c ON c.id = o.customer_id JOIN order_items i ON |', top5: ['i.order_id = o.id'] },
  // WHERE / ON / HAVING / ORDER BY / GROUP BY
  { sql: 'SELECT * FROM orders WHERE |', top5: ['status', 'total', 'created_at'] },
  { sql: 'SELECT * FROM orders WHERE sta|', top5: ['status'] },
  { sql: 'SELECT * FROM orders WHERE total > 1 AND |', top5: ['status', 'customer_id'] },
  { sql: 'SELECT * FROM orders WHERE created_at > |', top5: ['created_at'] },
  { sql: 'SELECT * FROM order_summary WHERE |', top5: ['order_id', 'customer_name', 'item_count', 'amount'] },
  { sql: 'SELECT * FROM products WHERE category_id IN (SELECT id FROM categories WHERE |)', top5: ['name', 'parent_id'] },
  { sql: 'SELECT * FROM orders WHERE customer_id = (SELECT id FROM customers WHERE |)', top5: ['name', 'email'] },
  { sql: 'SELECT * FROM orders o JOIN customers c ON o.customer_id = c.id WHERE c.|', top5: ['name', 'city'] },
  { sql: 'SELECT * FROM orders ORDER BY |', top5: ['id', 'created_at'] },
  { sql: 'SELECT * FROM orders GROUP BY |', top5: ['status'] },
  { sql: 'SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY |', top5: ['n', 'status'] },
  { sql: 'SELECT status, count(*) AS n FROM orders GROUP BY status HAVING |', top5: ['n'] },
  { sql: 'SELECT * FROM orders WHERE status = 1 |', top5: ['AND', 'OR'] },
  { sql: "SELECT * FROM customers WHERE name LIKE 'a%' |", top5: ['AND', 'OR'] },
  { sql: 'SELECT * FROM products ORDER BY price |', top5: ['ASC', 'DESC'] },
  { sql: 'SELECT * FROM customers GROUP BY city |', top5: ['HAVING', 'ORDER BY'] },
  { sql: 'SELECT * FROM orders WHERE total IS |', top5: ['NULL', 'NOT NULL'] },
  // Keywords that follow
  { sql: 'SELECT * FROM orders ORDER |', top5: ['BY'] },
  { sql: 'SELECT * FROM orders GROUP |', top5: ['BY'] },
  { sql: 'SELECT * FROM orders LEFT |', top5: ['JOIN', 'OUTER JOIN'] },
  { sql: 'SELECT * FROM orders o |', top5: ['WHERE', 'JOIN'] },
  { sql: 'SELECT * FROM orders o JOIN customers c |', top5: ['ON'] },
  { sql: 'SELECT id |', top5: ['FROM', 'AS'] },
  { sql: 'SELECT * FROM orders WHERE id = 1 UNION |', top5: ['ALL', 'SELECT'] },
  { sql: 'INSERT |', top5: ['INTO'] },
  { sql: 'UPDATE orders |', top5: ['SET'] },
  { sql: 'INSERT INTO orders |', top5: ['VALUES', 'SELECT'] },
  // Statement start and snippets
  { sql: '|', top5: ['SELECT', 'INSERT INTO', 'UPDATE', 'DELETE FROM', 'WITH'] },
  { sql: 'sel|', top5: ['sel', 'SELECT', 'selc'] },
  { sql: 'upd|', top5: ['upd', 'UPDATE'] },
  { sql: 'del|', top5: ['del', 'DELETE FROM'] },
  { sql: 'ins|', top5: ['ins', 'INSERT INTO'] },
  { sql: 'SELECT 1;\n|', top5: ['SELECT', 'INSERT INTO'] },
  // INSERT column lists and UPDATE SET
  { sql: 'INSERT INTO orders (|', top5: ['id', 'customer_id', 'status', 'total', 'created_at'] },
  { sql: 'INSERT INTO orders (id, |', top5: ['customer_id', 'status'], absent: ['id'] },
  { sql: 'INSERT INTO customers (name, email, |) VALUES (1, 2, 3)', top5: ['city', 'created_at'], absent: ['name', 'email'] },
  { sql: 'UPDATE orders SET |', top5: ['status', 'total'] },
  { sql: "UPDATE orders SET status = 'x', |", top5: ['total'] },
  { sql: 'UPDATE products SET price = price * 2 WHERE |', top5: ['id', 'category_id'] },
  // Functions with parameters
  { sql: 'SELECT cou| FROM orders', top5: ['COUNT'] },
  { sql: 'SELECT count(|) FROM orders', top5: ['id', 'customer_id'] },
  { sql: 'SELECT sum(|) FROM order_items', top5: ['quantity', 'unit_price'] },
  { sql: 'SELECT lowe| FROM customers', top5: ['LOWER'] },
  { sql: 'SELECT order_to| FROM orders', top5: ['order_total'] },
  // Procedures
  { sql: 'CALL |', top5: ['refresh_stats'], only: ['MYSQL', 'POSTGRESQL'] },
  { sql: 'EXEC |', top5: ['refresh_stats'], only: ['SQLSERVER'] },
  // Nothing inside strings and comments
  { sql: "SELECT * FROM orders WHERE status = 'pa|'", top5: [], absent: ['status', 'SELECT'] },
  { sql: 'SELECT * FROM orders -- which col|', top5: [], absent: ['status', 'SELECT'] },
];

const PG: Case[] = [
  { sql: 'SELECT * FROM |', top5: ['accounts', 'AuditLog', 'open_tasks', 'projects', 'tasks'] },
  { sql: 'SELECT * FROM proj|', top5: ['projects'] },
  { sql: 'SELECT * FROM usr|', top5: ['users'] },
  { sql: 'SELECT * FROM app.|', top5: ['accounts', 'AuditLog', 'projects'], only: ['POSTGRESQL', 'SQLSERVER'] },
  { sql: 'SELECT * FROM app.us|', top5: ['users'], only: ['POSTGRESQL', 'SQLSERVER'] },
  { sql: 'SELECT * FROM tasks t JOIN |', top5: ['projects p ON p.project_id = t.project_id', 'users u ON u.user_id = t.assignee_id'] },
  { sql: 'SELECT * FROM accounts a JOIN |', top5: ['users u ON u.account_id = a.account_id', 'projects p ON p.account_id = a.account_id'] },
  { sql: 'SELECT * FROM tasks t JOIN projects p ON p.project_id = t.project_id JOIN |', top5: ['users u ON u.user_id = p.owner_id'] },
  { sql: 'SELECT * FROM projects p JOIN users u ON |', top5: ['u.user_id = p.owner_id', 'u.account_id = p.account_id'] },
  { sql: 'SELECT * FROM users u JOIN projects p ON |', top5: ['p.owner_id = u.user_id'] },
  { sql: 'SELECT * FROM users u JOIN AuditLog al ON |', top5: ['al.user_id = u.user_id'] },
  { sql: 'SELECT t.| FROM tasks t', top5: ['summary', 'due_date'] },
  { sql: 'SELECT u.| FROM app.users u', top5: ['email', 'full_name'], only: ['POSTGRESQL', 'SQLSERVER'] },
  { sql: 'SELECT u.| FROM appdb.users u', top5: ['email', 'full_name'], only: ['MYSQL'] },
  { sql: 'SELECT a.| FROM AuditLog a', top5: ['Action', 'user_id'] },
  { sql: 'SELECT * FROM users WHERE |', top5: ['email', 'full_name'] },
  { sql: 'SELECT full| FROM users', top5: ['full_name'] },
  { sql: 'SELECT ass| FROM tasks', top5: ['assignee_id'] },
  { sql: 'SELECT * FROM tasks ORDER BY due|', top5: ['due_date'] },
  { sql: 'SELECT * FROM users u WHERE u.account_id IN (SELECT | FROM accounts)', top5: ['account_id', 'display_name'] },
  { sql: 'INSERT INTO tasks (|', top5: ['task_id', 'project_id', 'assignee_id', 'summary', 'due_date'] },
  { sql: 'UPDATE projects SET |', top5: ['title', 'archived'] },
  { sql: 'WITH recent AS (SELECT task_id, summary FROM tasks) SELECT r.| FROM recent r', top5: ['task_id', 'summary'] },
  { sql: 'SELECT * FROM open_tasks WHERE |', top5: ['task_id', 'summary'] },
  { sql: 'SELECT u.email, p.| FROM users u JOIN projects p ON p.owner_id = u.user_id', top5: ['title', 'archived'] },
  { sql: 'SELECT * FROM tasks WHERE due_date < now() AND |', top5: ['summary', 'due_date'] },
  { sql: 'SELECT disp| FROM accounts', top5: ['display_name'] },
  { sql: 'SELECT * FROM accounts WHERE plan = 1 |', top5: ['AND', 'OR'] },
];

suite('completion corpus: demo shop schema', shopCatalog(), SHOP, (t) => (t === 'SQLSERVER' ? { databaseName: 'shop', schemaName: 'dbo' } : { databaseName: 'shop' }));
suite('completion corpus: PostgreSQL-style schema with foreign keys', pgCatalog(), PG, () => ({ databaseName: 'appdb', schemaName: 'app' }));

describe('completion forms', () => {
  const pg = pgCatalog();
  const first = (sql: string, type: string, extra: Record<string, unknown> = {}) => {
    const at = sql.indexOf('|');
    return complete({ beforeSql: sql.slice(0, at), afterSql: sql.slice(at + 1), catalog: pg, dialect: dialectFor(type), databaseName: 'appdb', schemaName: 'app', ...extra });
  };
  it('quotes names by the dialect rule', () => {
    const find = (type: string) => first('SELECT * FROM Aud|', type).find((i) => i.label === 'AuditLog')!.insertText;
    expect(find('POSTGRESQL')).toBe('"AuditLog"');
    expect(find('MYSQL')).toBe('AuditLog');
    expect(find('SQLSERVER')).toBe('AuditLog');
    expect(find('ORACLE')).toBe('"AuditLog"');
    const action = first('SELECT a.| FROM "AuditLog" a', 'POSTGRESQL').find((i) => i.label === 'Action')!;
    expect(action.insertText).toBe('"Action"');
    expect(first('SELECT * FROM AuditLog al JOIN |', 'POSTGRESQL').map((i) => i.label)).toContain('users u ON u.user_id = al.user_id');
    expect(first('SELECT * FROM users u JOIN |', 'POSTGRESQL').map((i) => i.label)).toContain('"AuditLog" al ON al.user_id = u.user_id');
  });

  it('qualifies names when needFullName is set', () => {
    const t = first('SELECT * FROM |', 'POSTGRESQL', { needFullName: true })[0]!;
    expect([t.label, t.insertText]).toEqual(['accounts', 'app.accounts']);
    const shop = shopCatalog();
    const my = complete({ beforeSql: 'SELECT * FROM ', catalog: shop, dialect: dialectFor('MYSQL'), databaseName: 'shop', needFullName: true });
    expect(my[0]!.insertText).toBe('shop.categories');
    const ms = complete({ beforeSql: 'SELECT * FROM ', catalog: shop, dialect: dialectFor('SQLSERVER'), databaseName: 'shop', schemaName: 'dbo', needFullName: true });
    expect(ms[0]!.insertText).toBe('dbo.categories');
  });

  it('qualifies a column shared by several tables in scope', () => {
    const items = complete({ beforeSql: 'SELECT ', afterSql: ' FROM orders o JOIN customers c ON c.id = o.customer_id', catalog: shopCatalog(), dialect: dialectFor('MYSQL') });
    const ids = items.filter((i) => i.label === 'id').map((i) => i.insertText);
    expect(ids).toEqual(['o.id', 'c.id']);
    expect(items.find((i) => i.label === 'email')!.insertText).toBe('email');
  });

  it('applies keyword case to keywords, functions and snippets', () => {
    const shop = shopCatalog();
    const kw = (keywordCase: 'off' | 'upper' | 'lower', sql = '') => complete({ beforeSql: sql, catalog: shop, dialect: dialectFor('MYSQL'), keywordCase });
    expect(kw('lower')[0]!.label).toBe('select');
    expect(kw('upper')[0]!.label).toBe('SELECT');
    expect(kw('off', 'sel').find((i) => i.label === 'sel')!.insertText).toBe('select * from ${1:table}');
    expect(kw('upper', 'sel').find((i) => i.label === 'sel')!.insertText).toBe('SELECT * FROM ${1:table}');
    expect(kw('lower', 'SELECT cou').find((i) => i.kind === 'function')!.label).toBe('count');
  });

  it('describes functions with their parameters', () => {
    const items = complete({ beforeSql: 'SELECT substr', catalog: shopCatalog(), dialect: dialectFor('POSTGRESQL'), language: 'ja-JP' });
    const f = items.find((i) => i.label === 'SUBSTRING')!;
    expect(f).toMatchObject({ kind: 'function', insertText: 'SUBSTRING(', detail: 'SUBSTRING(str, pos[, len])' });
    expect(f.documentation).toContain('指定位置から文字列の一部を取り出します');
    expect(f.documentation).toContain('`len` INT');
  });
});
