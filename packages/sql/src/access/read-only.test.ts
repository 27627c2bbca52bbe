import { describe, expect, it } from 'vitest';
import { readOnlyRefusal, type ReadOnlyReason } from './read-only.js';

const refused: [type: string, sql: string, reason: ReadOnlyReason][] = [
  // PostgreSQL: server and session state, stalls, files, other servers, sequences
  ['POSTGRESQL', 'select pg_terminate_backend(123)', 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', 'select pg_cancel_backend(pid) from pg_stat_activity', 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', "select set_config('search_path', 'x', false)", 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', "select lo_export(1, '/tmp/x')", 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', "select lo_import('/etc/passwd')", 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', "select * from dblink('host=x', 'select 1') as t(a int)", 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', "select dblink_exec('host=x', 'delete from t')", 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', "select pg_read_file('/etc/passwd')", 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', 'select pg_sleep(10)', 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', 'select pg_catalog.pg_sleep(10)', 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', 'select "pg_sleep"(10)', 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', "select nextval('orders_id_seq')", 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', "select setval('orders_id_seq', 1)", 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', 'select pg_advisory_lock(1)', 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', "select pg_notify('c', 'x')", 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', 'select pg_reload_conf()', 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', "select query_to_xml('delete from t returning *', true, true, '')", 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', 'select * from (select pg_terminate_backend(pid) from pg_stat_activity) s', 'SIDE_EFFECT_FUNCTION'],
  ['POSTGRESQL', 'select * from orders for update', 'LOCKS_ROWS'],
  ['POSTGRESQL', 'select * from orders for no key update', 'LOCKS_ROWS'],
  ['POSTGRESQL', 'select * from orders for share', 'LOCKS_ROWS'],
  ['POSTGRESQL', 'select * from orders for key share skip locked', 'LOCKS_ROWS'],
  ['POSTGRESQL', 'select * into copy_of_orders from orders', 'SELECT_INTO'],
  ['POSTGRESQL', 'with d as (delete from orders returning *) select * from d', 'WRITES'],
  ['POSTGRESQL', 'with u as (update orders set total = 0 returning id) select count(*) from u', 'WRITES'],
  ['POSTGRESQL', 'select 1; select 2', 'MULTIPLE_STATEMENTS'],
  ['POSTGRESQL', 'select 1; delete from orders', 'MULTIPLE_STATEMENTS'],
  ['POSTGRESQL', 'delete from orders', 'WRITES'],
  ['POSTGRESQL', "copy orders to '/tmp/x'", 'NOT_SELECT'],
  ['POSTGRESQL', 'set statement_timeout = 0', 'NOT_SELECT'],
  ['POSTGRESQL', '', 'EMPTY'],
  // MySQL / MariaDB
  ['MYSQL', "select get_lock('a', 10)", 'SIDE_EFFECT_FUNCTION'],
  ['MYSQL', 'select sleep(5)', 'SIDE_EFFECT_FUNCTION'],
  ['MYSQL', "select benchmark(100000000, md5('x'))", 'SIDE_EFFECT_FUNCTION'],
  ['MYSQL', "select load_file('/etc/passwd')", 'SIDE_EFFECT_FUNCTION'],
  ['MARIADB', 'select nextval(s)', 'SIDE_EFFECT_FUNCTION'],
  ['MYSQL', 'select * from orders for update', 'LOCKS_ROWS'],
  ['MYSQL', 'select * from orders lock in share mode', 'LOCKS_ROWS'],
  ['MYSQL', "select * from orders into outfile '/tmp/o'", 'SELECT_INTO'],
  ['MYSQL', 'select id into @x from orders limit 1', 'SELECT_INTO'],
  ['MARIADB', 'select 1; drop table orders', 'MULTIPLE_STATEMENTS'],
  // Others
  ['SQLSERVER', "select * from openrowset('SQLNCLI', 'x', 'select 1')", 'SIDE_EFFECT_FUNCTION'],
  ['SQLSERVER', 'select * from orders with (updlock)', 'LOCKS_ROWS'],
  ['SQLSERVER', 'select next value for s', 'SIDE_EFFECT_FUNCTION'],
  ['ORACLE', 'select dbms_lock.sleep(1) from dual', 'SIDE_EFFECT_FUNCTION'],
  ['ORACLE', "select utl_http.request('http://x') from dual", 'SIDE_EFFECT_FUNCTION'],
  ['ORACLE', 'select s.nextval from dual', 'SIDE_EFFECT_FUNCTION'],
  ['ORACLE', 'select * from orders for update', 'LOCKS_ROWS'],
  ['SQLITE', "select load_extension('x')", 'SIDE_EFFECT_FUNCTION'],
  ['DUCKDB', "select * from read_csv('/etc/passwd')", 'SIDE_EFFECT_FUNCTION'],
  ['DUCKDB', "select * from query('delete from t')", 'SIDE_EFFECT_FUNCTION'],
  ['CLICKHOUSE', "select * from url('http://x', CSV)", 'SIDE_EFFECT_FUNCTION'],
  ['CLICKHOUSE', 'select sleep(3)', 'SIDE_EFFECT_FUNCTION'],
];

const accepted: [type: string, sql: string][] = [
  ['POSTGRESQL', 'select * from orders'],
  ['POSTGRESQL', 'select o.id, c.name from orders o join customers c on c.id = o.customer_id where o.total > 10 order by 1 limit 5;'],
  ['POSTGRESQL', 'with x as (select customer_id, sum(total) s from orders group by 1) select * from x where s > 0'],
  ['POSTGRESQL', 'select id, row_number() over (partition by customer_id order by total desc), lag(total) over w from orders window w as (order by id)'],
  ['POSTGRESQL', "select date_trunc('month', created_at), count(*) from orders group by 1"],
  ['POSTGRESQL', 'select substring(name from 1 for 3) from customers'],
  ['POSTGRESQL', 'select currval(\'s\'), my_report_fn(1)'],
  ['POSTGRESQL', "select 'for update', 'pg_sleep(1)' as note -- select pg_sleep(1)"],
  ['POSTGRESQL', 'select * from orders union all select * from archived_orders'],
  ['MYSQL', "select date_format(created_at, '%Y-%m'), count(*) from orders group by 1"],
  ['MYSQL', 'select `sleep` from naps'],
  ['MARIADB', 'select a, rank() over (order by b) from t left join u using (id)'],
  ['SQLSERVER', 'select top 10 * from orders with (nolock)'],
  ['ORACLE', 'select * from orders where rownum < 10'],
  ['SQLITE', 'select * from orders'],
  ['DUCKDB', 'select region, sum(amount) from sales group by all'],
  ['CLICKHOUSE', 'select toStartOfMonth(d), count() from t group by 1'],
];

describe('readOnlyRefusal: what a read-only query may not do', () => {
  it.each(refused)('%s refuses %s (%s)', (type, sql, reason) => {
    const r = readOnlyRefusal(sql, type);
    expect(r?.reason).toBe(reason);
    expect(r?.message).toBeTruthy();
  });

  it.each(accepted)('%s accepts %s', (type, sql) => {
    expect(readOnlyRefusal(sql, type)).toBeNull();
  });

  it('names what it refused', () => {
    expect(readOnlyRefusal('select pg_terminate_backend(1)', 'POSTGRESQL')).toMatchObject({ detail: 'pg_terminate_backend' });
    expect(readOnlyRefusal('select * from t for update', 'POSTGRESQL')).toMatchObject({ detail: 'FOR UPDATE' });
  });

  it('strict mode also refuses what the analysis cannot vouch for (a user function)', () => {
    expect(readOnlyRefusal('select my_report_fn(1)', 'POSTGRESQL', { strict: true })?.reason).toBe('NOT_VERIFIABLE');
    expect(readOnlyRefusal('select count(*) from orders', 'POSTGRESQL', { strict: true })).toBeNull();
  });
});
