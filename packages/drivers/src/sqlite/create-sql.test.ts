import { describe, expect, it } from 'vitest';
import { checksOf, indexPartsOf } from './create-sql.js';

describe('checksOf', () => {
  it('reads table and column CHECKs, named or not', () => {
    const sql = `CREATE TABLE "order items" (
      id INTEGER PRIMARY KEY,
      qty INT NOT NULL CHECK (qty > 0),
      "Order Count" INT CONSTRAINT ck_count CHECK ("Order Count" >= 0) DEFAULT 0,
      price REAL,
      CONSTRAINT "ck price" CHECK (price > 0 AND (price < 1000)),
      CHECK (qty * price < 1e6),
      FOREIGN KEY (id) REFERENCES t(id)
    )`;
    expect(checksOf(sql)).toEqual([
      { name: null, column: 'qty', expression: 'qty > 0' },
      { name: 'ck_count', column: 'Order Count', expression: '"Order Count" >= 0' },
      { name: 'ck price', column: null, expression: 'price > 0 AND (price < 1000)' },
      { name: null, column: null, expression: 'qty * price < 1e6' },
    ]);
  });

  it('is not fooled by CHECK, commas or parentheses inside names, strings and comments', () => {
    const sql = `CREATE TABLE [check] ("check(" TEXT DEFAULT 'CHECK (x), y', -- CHECK (nope)
      b TEXT CHECK (b <> ')' /* CHECK (no) */))`;
    expect(checksOf(sql)).toEqual([{ name: null, column: 'b', expression: "b <> ')' /* CHECK (no) */" }]);
  });

  it('a table without checks, or made by CREATE TABLE AS, has none', () => {
    expect(checksOf('CREATE TABLE t (a INT, b TEXT UNIQUE)')).toEqual([]);
    expect(checksOf('CREATE TABLE t AS SELECT 1')).toEqual([]);
  });
});

describe('indexPartsOf', () => {
  it('lists expressions and columns as written, without ASC/DESC', () => {
    expect(indexPartsOf('CREATE UNIQUE INDEX "ix (a)" ON "cust omers" (lower("email"), name COLLATE NOCASE DESC, (a + b) ASC) WHERE a > 0')).toEqual([
      'lower("email")', 'name COLLATE NOCASE', '(a + b)',
    ]);
  });
});
