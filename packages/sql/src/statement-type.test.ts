import { describe, expect, it } from 'vitest';
import { dialectFor } from './dialects/registry.js';
import { statementType } from './statement-type.js';

const pg = dialectFor('POSTGRESQL').splitter;
const my = dialectFor('MYSQL').splitter;

describe('statementType (audit classification)', () => {
  it.each([
    ['select 1', 'SELECT'],
    ['  \n-- a comment\n/* block /* nested */ */ SELECT * FROM t', 'SELECT'],
    ['(select 1) union (select 2)', 'SELECT'],
    ['values (1), (2)', 'SELECT'],
    ['TABLE orders', 'SELECT'],
    ['insert into t values (1)', 'INSERT'],
    ['replace into t values (1)', 'INSERT'],
    ['merge into t using s on (t.id = s.id) when matched then update set a = 1', 'INSERT'],
    ['update t set a = 1', 'UPDATE'],
    ['delete from t where id = 1', 'DELETE'],
    ['alter table t add column c int', 'ALTER'],
    ['rename table a to b', 'ALTER'],
    ['comment on table t is \'x\'', 'ALTER'],
    ['create index i on t (a)', 'CREATE'],
    ['CREATE OR REPLACE VIEW v AS SELECT 1', 'CREATE'],
    ['drop table if exists t', 'DROP'],
    ['truncate table t', 'DROP'],
    ['show tables', 'OTHER'],
    ['set search_path to public', 'OTHER'],
    ['begin', 'OTHER'],
    ['', 'OTHER'],
    ['   ', 'OTHER'],
    ['-- only a comment', 'OTHER'],
  ])('%s → %s', (sql, type) => {
    expect(statementType(sql, pg)).toBe(type);
  });

  it('looks past common table expressions, however they are written', () => {
    expect(statementType('with a as (select 1), b (x) as materialized (select * from a) select * from b', pg)).toBe('SELECT');
    expect(statementType('WITH RECURSIVE r AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) DELETE FROM t USING r', pg)).toBe('DELETE');
    expect(statementType('with moved as (delete from a returning *) insert into b select * from moved', pg)).toBe('INSERT');
    expect(statementType('with x as (select 1) update t set a = (select 1 from x)', pg)).toBe('UPDATE');
  });

  it('skips strings, quoted names and comments of the dialect', () => {
    expect(statementType('# mysql comment\nselect 1', my)).toBe('SELECT');
    expect(statementType('with "select" as (select \'delete\') select 1', pg)).toBe('SELECT');
    expect(statementType('with `t` as (select \'a\\\'b\') insert into z select 1', my)).toBe('INSERT');
    expect(statementType('with f as (select $$ ) delete $$) update t set a = 1', pg)).toBe('UPDATE');
  });

  it('answers OTHER on unterminated and huge input without throwing', () => {
    expect(statementType('with a as (select \'unterminated', pg)).toBe('OTHER');
    expect(statementType('with ' + 'a as (select 1), '.repeat(100_000) + 'x as (select 1) select 1', pg)).toBe('OTHER');
    expect(statementType('select ' + 'x'.repeat(5_000_000), pg)).toBe('SELECT');
  });
});
