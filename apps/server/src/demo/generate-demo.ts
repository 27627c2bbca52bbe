/**
 * Builds the demo data source: a small shop in SQLite (categories, customers, products, orders,
 * order_items) with primary and foreign keys, indexes, a view and ~50k rows. Deterministic: the same
 * seed gives the same data, so tests can rely on counts.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export const DEMO_COUNTS = { categories: 12, customers: 5000, products: 1000, orders: 15000 } as const;

const SCHEMA = `
-- Product categories, nested one level deep
CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  name VARCHAR(100) NOT NULL UNIQUE,
  parent_id INTEGER REFERENCES categories(id)
);
-- People who buy from the shop
CREATE TABLE customers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  first_name VARCHAR(50) NOT NULL,
  last_name VARCHAR(50) NOT NULL,
  email VARCHAR(255) NOT NULL UNIQUE,
  country VARCHAR(2) NOT NULL,
  city VARCHAR(100),
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
-- What the shop sells
CREATE TABLE products (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sku VARCHAR(20) NOT NULL UNIQUE,
  name VARCHAR(200) NOT NULL,
  category_id INTEGER NOT NULL REFERENCES categories(id),
  price DECIMAL(10,2) NOT NULL CHECK (price >= 0),
  stock INTEGER NOT NULL DEFAULT 0,
  active BOOLEAN NOT NULL DEFAULT 1,
  description TEXT
);
-- One order per checkout
CREATE TABLE orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  status VARCHAR(20) NOT NULL DEFAULT 'new',
  ordered_at TIMESTAMP NOT NULL,
  shipped_at TIMESTAMP,
  total DECIMAL(12,2) NOT NULL DEFAULT 0
);
-- Lines of an order
CREATE TABLE order_items (
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  line_no INTEGER NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  unit_price DECIMAL(10,2) NOT NULL,
  PRIMARY KEY (order_id, line_no)
);
CREATE INDEX idx_products_category ON products(category_id);
CREATE INDEX idx_orders_customer ON orders(customer_id);
CREATE INDEX idx_orders_status_date ON orders(status, ordered_at);
CREATE INDEX idx_order_items_product ON order_items(product_id);
CREATE VIEW customer_order_totals AS
  SELECT c.id AS customer_id, c.first_name, c.last_name, COUNT(o.id) AS order_count, COALESCE(SUM(o.total), 0) AS total_spent
  FROM customers c LEFT JOIN orders o ON o.customer_id = c.id
  GROUP BY c.id, c.first_name, c.last_name;
`;

/** Small, fast, deterministic PRNG (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Ana', 'Ben', 'Chen', 'Dina', 'Emil', 'Fatima', 'Goro', 'Hana', 'Ivan', 'Jia', 'Kofi', 'Lena', 'Mia', 'Noah', 'Olga', 'Priya', 'Quinn', 'Rui', 'Sara', 'Taro', 'Uma', 'Vera', 'Wei', 'Yuki', 'Zoe'];
const LAST = ['Smith', 'Garcia', 'Wang', 'Tanaka', 'Müller', 'Rossi', 'Silva', 'Kim', 'Nguyen', 'Ivanova', 'Okafor', 'Dubois', 'Sato', 'Li', 'Novak'];
const PLACES: [string, string][] = [['US', 'New York'], ['US', 'Austin'], ['CN', '上海'], ['CN', '北京'], ['JP', '東京'], ['JP', '大阪'], ['DE', 'Berlin'], ['FR', 'Paris'], ['BR', 'São Paulo'], ['IN', 'Bengaluru'], ['GB', 'London'], ['NG', 'Lagos']];
const CATEGORIES = ['Books', 'Electronics', 'Garden', 'Kitchen', 'Toys', 'Sports', 'Music', 'Office', 'Beauty', 'Grocery', 'Laptops', 'Phones'];
const ADJ = ['Classic', 'Smart', 'Eco', 'Pro', 'Mini', 'Ultra', 'Handmade', 'Travel', 'Family', 'Deluxe'];
const NOUN = ['Lamp', 'Notebook', 'Kettle', 'Drone', 'Chair', 'Headphones', 'Backpack', 'Puzzle', 'Racket', 'Teapot', 'Keyboard', 'Blender'];
const STATUSES = ['new', 'paid', 'shipped', 'delivered', 'cancelled'];

export function generateDemoDatabase(file: string, seed = 42): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  const db = new Database(tmp);
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma('foreign_keys = ON');
    db.exec(SCHEMA);
    const r = rng(seed);
    const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)]!;
    const fill = db.transaction(() => {
      const cat = db.prepare('INSERT INTO categories (id, name, parent_id) VALUES (?, ?, ?)');
      CATEGORIES.forEach((name, i) => cat.run(i + 1, name, i >= 10 ? 2 : null));
      const cust = db.prepare('INSERT INTO customers (first_name, last_name, email, country, city, created_at) VALUES (?, ?, ?, ?, ?, ?)');
      for (let i = 1; i <= DEMO_COUNTS.customers; i++) {
        const f = pick(FIRST), l = pick(LAST), [country, city] = pick(PLACES);
        const day = new Date(Date.UTC(2022, 0, 1) + Math.floor(r() * 900) * 86400000).toISOString().slice(0, 19).replace('T', ' ');
        cust.run(f, l, `${f.toLowerCase()}.${i}@example.com`, country, city, day);
      }
      const prod = db.prepare('INSERT INTO products (sku, name, category_id, price, stock, active, description) VALUES (?, ?, ?, ?, ?, ?, ?)');
      const prices: number[] = [0];
      for (let i = 1; i <= DEMO_COUNTS.products; i++) {
        const price = Math.round((2 + r() * 400) * 100) / 100;
        prices.push(price);
        const name = `${pick(ADJ)} ${pick(NOUN)} ${i}`;
        prod.run(`SKU-${String(i).padStart(5, '0')}`, name, 1 + Math.floor(r() * CATEGORIES.length), price.toFixed(2), Math.floor(r() * 500), r() < 0.92 ? 1 : 0, i % 7 === 0 ? null : `${name}: a fine product.`);
      }
      const ord = db.prepare('INSERT INTO orders (customer_id, status, ordered_at, shipped_at, total) VALUES (?, ?, ?, ?, ?)');
      const item = db.prepare('INSERT INTO order_items (order_id, line_no, product_id, quantity, unit_price) VALUES (?, ?, ?, ?, ?)');
      const setTotal = db.prepare('UPDATE orders SET total = ? WHERE id = ?');
      for (let o = 1; o <= DEMO_COUNTS.orders; o++) {
        const status = pick(STATUSES);
        const t = Date.UTC(2023, 0, 1) + Math.floor(r() * 700 * 86400) * 1000;
        const at = new Date(t).toISOString().slice(0, 19).replace('T', ' ');
        const shipped = status === 'shipped' || status === 'delivered' ? new Date(t + 2 * 86400000).toISOString().slice(0, 19).replace('T', ' ') : null;
        const id = Number(ord.run(1 + Math.floor(r() * DEMO_COUNTS.customers), status, at, shipped, 0).lastInsertRowid);
        const lines = 1 + Math.floor(r() * 3);
        let total = 0;
        for (let l = 1; l <= lines; l++) {
          const p = 1 + Math.floor(r() * DEMO_COUNTS.products);
          const q = 1 + Math.floor(r() * 4);
          total += q * prices[p]!;
          item.run(id, l, p, q, prices[p]!.toFixed(2));
        }
        setTotal.run(total.toFixed(2), id);
      }
    });
    fill();
    db.exec('ANALYZE');
    // WAL: an open result cursor (a reader) never blocks an edit (a writer) on the demo, and the other way round.
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
  fs.renameSync(tmp, file);
}
