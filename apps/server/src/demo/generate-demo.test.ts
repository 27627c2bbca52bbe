import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DEMO_COUNTS, generateDemoDatabase } from './generate-demo.js';

describe('demo shop database', () => {
  it('has the shop tables, keys, a view and ~50k rows; an open reader does not block a writer', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-demo-'));
    const file = path.join(dir, 'shop.sqlite');
    try {
      generateDemoDatabase(file);
      const db = new Database(file);
      const count = (t: string) => Number((db.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n);
      expect(count('customers')).toBe(DEMO_COUNTS.customers);
      expect(count('orders')).toBe(DEMO_COUNTS.orders);
      const total = ['categories', 'customers', 'products', 'orders', 'order_items'].reduce((s, t) => s + count(t), 0);
      expect(total).toBeGreaterThan(45_000);
      expect(db.prepare("select count(*) as n from pragma_foreign_key_list('order_items')").get()).toEqual({ n: 2 });
      expect(db.prepare("select name from sqlite_master where type = 'view'").all()).toEqual([{ name: 'customer_order_totals' }]);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      // A result being read (a cursor in a console) must not lock out an edit from another connection.
      const it = db.prepare('select id from customers').iterate();
      it.next();
      const writer = new Database(file, { timeout: 100 });
      writer.prepare("update customers set city = 'Lyon' where id = 1").run();
      writer.close();
      it.return?.();
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
