import { describe, expect, it } from 'vitest';
import { dialectFor } from '../dialects/registry.js';
import type { SchemaCatalog } from '../catalog/catalog.js';
import { statementAccess, type StatementAccess } from './statement-access.js';

const pg = dialectFor('POSTGRESQL');
const mysql = dialectFor('MYSQL');
const col = (name: string) => ({ name, type: 'int', nullable: true });
const catalog: SchemaCatalog = {
  databaseName: 'shop',
  schemaName: 'public',
  tables: [
    { name: 'orders', columns: ['id', 'total', 'secret', 'customer_id'].map(col) },
    { name: 'customers', columns: ['id', 'name', 'email'].map(col) },
  ],
  views: [{ name: 'order_view', columns: ['id', 'secret'].map(col) }],
};
const withCatalog = { catalog, databaseName: 'shop', schemaName: 'public' };

/** Reads as `table: col,col` lines, sorted, for readable expectations. */
function reads(a: StatementAccess): Record<string, string[] | '*'> {
  return Object.fromEntries(a.reads.map((r) => [[r.table.database, r.table.schema, r.table.name].filter(Boolean).join('.'), r.columns === '*' ? '*' : [...r.columns].sort()]));
}
function writes(a: StatementAccess): Record<string, string[] | '*'> {
  return Object.fromEntries(a.writes.map((r) => [[r.table.database, r.table.schema, r.table.name].filter(Boolean).join('.'), r.columns === '*' ? '*' : [...r.columns].sort()]));
}

describe('statementAccess: what a statement reads', () => {
  it('resolves aliases to their tables', () => {
    const a = statementAccess('select o.secret, c.name from orders o join customers c on c.id = o.customer_id', pg, withCatalog);
    expect(reads(a)).toEqual({ orders: ['customer_id', 'secret'], customers: ['id', 'name'] });
    expect(a).toMatchObject({ kind: 'SELECT', category: 'READ', ddl: false, unresolved: [] });
  });

  it('follows a CTE to the column it reads underneath', () => {
    const a = statementAccess('with x as (select secret as s from orders) select s from x', pg, withCatalog);
    expect(reads(a)).toEqual({ orders: ['secret'] });
  });

  it('follows a derived table and a correlated subquery', () => {
    expect(reads(statementAccess('select d.v from (select secret v from orders) d', pg, withCatalog))).toEqual({ orders: ['secret'] });
    const a = statementAccess('select name from customers c where exists (select 1 from orders o where o.customer_id = c.id and secret > 0)', pg, withCatalog);
    expect(reads(a)).toEqual({ customers: ['id', 'name'], orders: ['customer_id', 'secret'] });
  });

  it('expands * through the catalog, and keeps * without one', () => {
    expect(reads(statementAccess('select * from orders', pg, withCatalog))).toEqual({ orders: ['customer_id', 'id', 'secret', 'total'] });
    expect(reads(statementAccess('select * from orders', pg))).toEqual({ orders: '*' });
    expect(reads(statementAccess('select c.* from orders o, customers c', pg, withCatalog))).toEqual({ orders: [], customers: ['email', 'id', 'name'] });
  });

  it('TABLE t reads every column', () => {
    expect(reads(statementAccess('table orders', pg, withCatalog))).toEqual({ orders: ['customer_id', 'id', 'secret', 'total'] });
    expect(reads(statementAccess('select id from orders where id in (table orders)', pg))).toEqual({ orders: '*' });
  });

  it('counts a view as its own name', () => {
    expect(reads(statementAccess('select id from order_view', pg, withCatalog))).toEqual({ order_view: ['id'] });
  });

  it('reads nothing but the table for count(*), and every column for a whole-row reference', () => {
    expect(reads(statementAccess('select count(*) from orders', pg, withCatalog))).toEqual({ orders: [] });
    expect(reads(statementAccess('select row_to_json(o) from orders o', pg, withCatalog))).toEqual({ orders: ['customer_id', 'id', 'secret', 'total'] });
  });

  it('without a catalog, an unqualified column counts against every table it may come from', () => {
    const a = statementAccess('select secret from orders o join customers c on c.id = o.customer_id', pg);
    expect(reads(a)).toEqual({ orders: ['customer_id', 'secret'], customers: ['id', 'secret'] });
  });

  it('names qualified tables with their schema (PostgreSQL) or database (MySQL), folding unquoted names', () => {
    expect(reads(statementAccess('select ID from Sales.Orders', pg))).toEqual({ 'sales.orders': ['id'] });
    expect(reads(statementAccess('select "ID" from "Sales".orders', pg))).toEqual({ 'Sales.orders': ['ID'] });
    expect(reads(statementAccess('select id from shop.orders', mysql))).toEqual({ 'shop.orders': ['id'] });
  });

  it('NATURAL JOIN reads every column of both sides', () => {
    expect(reads(statementAccess('select id from orders natural join customers', pg, withCatalog))).toEqual({
      orders: ['customer_id', 'id', 'secret', 'total'], customers: ['email', 'id', 'name'],
    });
  });
});

describe('statementAccess: writes and structure', () => {
  it('INSERT writes its column list and reads its SELECT', () => {
    const a = statementAccess('insert into customers (name, email) select name, email from customers where id = 1', pg, withCatalog);
    expect(writes(a)).toEqual({ customers: ['email', 'name'] });
    expect(reads(a)).toEqual({ customers: ['email', 'id', 'name'] });
    expect(a.category).toBe('WRITE');
    expect(writes(statementAccess('insert into customers values (1, 2, 3)', pg))).toEqual({ customers: '*' });
  });

  it('UPDATE writes its SET columns and reads its WHERE; an alias target is the aliased table', () => {
    const a = statementAccess('update orders set total = 0 where secret = 1', pg, withCatalog);
    expect(writes(a)).toEqual({ orders: ['total'] });
    expect(reads(a)).toEqual({ orders: ['secret'] });
  });

  it('DELETE writes whole rows', () => {
    expect(writes(statementAccess('delete from orders where id = 1', pg, withCatalog))).toEqual({ orders: '*' });
  });

  it('DDL names its tables, or none for objects that are not tables', () => {
    expect(statementAccess('alter table orders add column x int', pg)).toMatchObject({ ddl: true, category: 'DDL', ddlTargets: [{ name: 'orders' }] });
    expect(statementAccess('drop table if exists orders, public.customers cascade', pg).ddlTargets).toEqual([{ name: 'orders' }, { schema: 'public', name: 'customers' }]);
    expect(statementAccess('truncate orders', pg).ddlTargets).toEqual([{ name: 'orders' }]);
    expect(statementAccess('create index ix on orders (total)', pg).ddlTargets).toEqual([{ name: 'orders' }]);
    expect(statementAccess('drop function f()', pg).ddlTargets).toBeNull();
    const v = statementAccess('create view v2 as select secret from orders', pg, withCatalog);
    expect(v.ddlTargets).toEqual([{ name: 'v2' }]);
    expect(reads(v)).toEqual({ orders: ['secret'] });
  });
});

describe('statementAccess: what it cannot vouch for', () => {
  it('lists unknown functions, functions that run SQL of their own, vendor commands and syntax errors', () => {
    expect(statementAccess("select query_to_xml('select * from orders', true, true, '')", pg).unresolved).toContain('function:query_to_xml');
    expect(statementAccess('select my_udf(id) from orders', pg).unresolved).toEqual(['function:my_udf']);
    expect(statementAccess('set search_path = secret', pg).unresolved).toEqual(['statement:SET']);
    expect(statementAccess('use other', mysql).unresolved).toEqual(['statement:USE']);
    expect(statementAccess('select from from where', pg).unresolved).toContain('syntax');
  });

  it('MERGE, SELECT … INTO and data-modifying CTEs are not taken for plain reads', () => {
    expect(statementAccess('merge into orders o using customers c on o.customer_id = c.id when matched then delete', pg).unresolved).toContain('statement:MERGE');
    expect(statementAccess('select * into copy_of_orders from orders', pg).unresolved).toContain('select:INTO');
    const cte = statementAccess('with d as (delete from orders where id = 1 returning id) select id from d', pg, withCatalog);
    expect(cte.category).toBe('WRITE');
    expect(writes(cte)).toEqual({ orders: '*' });
  });

  it('built-in functions and transaction control are fine', () => {
    expect(statementAccess('select lower(name), coalesce(email, \'\') from customers', pg).unresolved).toEqual([]);
    expect(statementAccess('begin', pg)).toMatchObject({ category: 'NONE', unresolved: [] });
    expect(statementAccess('commit', pg)).toMatchObject({ category: 'NONE', unresolved: [] });
  });
});
