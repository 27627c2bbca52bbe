import { describe, expect, it } from 'vitest';
import { dialectFor } from '@askdb/sql';
import { analyzeStatement } from './analyze-statement.js';

const pg = dialectFor('POSTGRESQL').splitter;
const my = dialectFor('MYSQL').splitter;
const an = (sql: string, o = pg) => analyzeStatement(sql, o);

describe('analyzeStatement', () => {
  it('classifies reads, data changes and structure changes', () => {
    expect(an('SELECT 1').kind).toBe('READ');
    expect(an('(SELECT 1) UNION (SELECT 2)').kind).toBe('READ');
    expect(an('WITH t AS (SELECT 1) SELECT * FROM t').kind).toBe('READ');
    expect(an('WITH gone AS (DELETE FROM orders RETURNING *) INSERT INTO archive SELECT * FROM gone').kind).toBe('DATA_CHANGE');
    expect(an('EXPLAIN ANALYZE DELETE FROM orders').changesData).toBe(true);
    expect(an('update orders set status = 1').changesData).toBe(true);
    expect(an('CREATE TABLE t (id int)').changesStructure).toBe(true);
    const trunc = an('TRUNCATE TABLE orders');
    expect([trunc.changesData, trunc.changesStructure]).toEqual([true, true]);
    expect(an('CALL refresh_all()').changesData).toBe(true);
    expect(an('BEGIN').kind).toBe('OTHER');
  });

  it('lists tables with aliases, skipping CTE names, subqueries and function FROMs', () => {
    const a = an(`WITH recent AS (SELECT * FROM orders o WHERE o.created_at > now())
      SELECT c.name, EXTRACT(YEAR FROM r.created_at) AS y, TRIM(BOTH ' ' FROM c.city)
      FROM recent r JOIN customers AS c ON c.id = r.customer_id, sales.regions
      WHERE c.id IN (SELECT customer_id FROM vip)`);
    expect(a.tables.map((t) => [t.name, t.alias])).toEqual([
      ['orders', 'o'],
      ['customers', 'c'],
      ['sales.regions', undefined],
      ['vip', undefined],
    ]);
    expect(a.cteNames).toEqual(['recent']);
    expect(a.qualifiedColumns).toContainEqual({ qualifier: 'c', column: 'city' });
    expect(a.qualifiedColumns).toContainEqual({ qualifier: 'r', column: 'created_at' });
  });

  it('knows created tables, IF EXISTS and CREATE INDEX ON', () => {
    expect(an('CREATE TABLE IF NOT EXISTS t2 AS SELECT * FROM t1').tables).toEqual([{ name: 't2', created: true }, { name: 't1' }]);
    expect(an('DROP TABLE IF EXISTS old_t').tables).toEqual([{ name: 'old_t', optional: true }]);
    expect(an('CREATE INDEX idx_a ON orders (customer_id)').tables).toEqual([{ name: 'orders' }]);
    expect(an('SELECT * INTO backup_orders FROM orders').tables[0]).toEqual({ name: 'backup_orders', created: true });
  });

  it('collects bare identifiers but not keywords, functions, aliases or casts', () => {
    const a = an('SELECT total, count(*) cnt, status::text, CURRENT_DATE FROM orders o WHERE amount > 1 ORDER BY cnt DESC');
    expect(a.bareIdentifiers.sort()).toEqual(['amount', 'status', 'total']);
  });

  it('reads quoted names per dialect', () => {
    expect(an('SELECT `Order ID` FROM `order items`', my).tables).toEqual([{ name: 'order items' }]);
    expect(an('SELECT "Order ID" FROM "order items"').bareIdentifiers).toEqual(['Order ID']);
    expect(an('SELECT "x" FROM t', my).bareIdentifiers).toEqual([]);
  });

  it('takes the INSERT column list as columns and JOIN USING (col) as no table', () => {
    const a = an('INSERT INTO orders (customer_id, totl) VALUES (1, 2)');
    expect(a.tables).toEqual([{ name: 'orders' }]);
    expect(a.bareIdentifiers).toEqual(['customer_id', 'totl']);
    expect(an('SELECT * FROM a JOIN b USING (id)').tables.map((t) => t.name)).toEqual(['a', 'b']);
  });
});
