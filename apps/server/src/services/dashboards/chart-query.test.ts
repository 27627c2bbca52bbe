import { describe, expect, it } from 'vitest';
import { readOnlyProblem } from './chart-query.js';

describe('chart queries are read-only', () => {
  it.each(['POSTGRESQL', 'MYSQL', 'SQLITE'])('%s: plain reads pass', (type) => {
    for (const sql of ['select 1', 'SELECT region, sum(amount) AS total FROM sales GROUP BY region', 'with t as (select 1 as x) select * from t', '  select * from orders where id in (select order_id from order_items) ']) {
      expect(readOnlyProblem(sql, type), `${type}: ${sql}`).toBeNull();
    }
  });

  it.each(['POSTGRESQL', 'MYSQL', 'SQLITE'])('%s: writes, DDL and scripts are refused', (type) => {
    for (const sql of ['insert into t values (1)', 'update t set a = 1', 'delete from t', 'drop table t', 'create table x (a int)', 'truncate t', 'select 1; select 2', '', 'grant all on t to bob', 'set x = 1']) {
      expect(readOnlyProblem(sql, type), `${type}: ${sql}`).not.toBeNull();
    }
  });

  it('PostgreSQL: data-modifying CTEs and SELECT … INTO are refused', () => {
    expect(readOnlyProblem('with d as (delete from t returning *) select * from d', 'POSTGRESQL')).not.toBeNull();
    expect(readOnlyProblem('select * into t2 from t', 'POSTGRESQL')).not.toBeNull();
  });
});
