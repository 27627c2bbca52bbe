/**
 * Issue 24 point 1, each reproduction through the real server on real PostgreSQL and MariaDB: a
 * member with READ on emp(id, name) reaches ssn, the server's password hashes, writes and DDL
 * through MySQL executable comments, U& names, qualified stars inside expressions and sequence calls;
 * the team's "writes need approval" policy is bypassed the same way. All must be refused with the
 * "permissions restricted" answer (NO_DATA_ACCESS_PERMISSION / NO_SCRIPT_PERMISSION) and nothing run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../test/org-fixtures.js';
import { reachFixture, SECRET, type ReachFixture } from '../../test/reach-fixture.js';

describe('the statement check fails closed (issue 24 point 1)', () => {
  let fx: ReachFixture;
  beforeAll(async () => {
    fx = await reachFixture('failclosed');
  }, 60_000);
  afterAll(async () => fx?.close());

  const refusedAs = async (engine: 'pg' | 'maria', sql: string, code = 'NO_DATA_ACCESS_PERMISSION') => {
    const r = await fx.run(fx.member, fx[engine], sql);
    expect(JSON.stringify(r.body), sql).not.toContain(SECRET);
    expect(r.status, `${sql}: ${JSON.stringify(r.body.data)}`).toBe(403);
    expect(r.body.errorCode, sql).toBe(code);
  };

  it('MariaDB executable comments are code: ssn, password hashes, writes and DDL are refused', async () => {
    for (const sql of [
      'select id /*!, ssn */ from emp',
      'select id from emp /*!50000 union select ssn from emp */',
      '/*! select user, authentication_string from mysql.user */',
      'select id /*M!100100 , ssn */ from emp',
      'select ssn#x\nfrom emp',
    ]) await refusedAs('maria', sql);
    for (const sql of ['/*!50000 update emp set salary=999 where id=1 */', '/*! create table x(i int) */', '/*! drop table emp_v */']) await refusedAs('maria', sql);
    expect(await fx.admin(fx.maria, 'select salary from emp where id = 1')).toEqual([['100']]);
    expect(await fx.admin(fx.maria, "select count(*) from information_schema.tables where table_schema = database() and table_name in ('x', 'emp_v')")).toEqual([['1']]);
    // What the grant covers still runs, comments and optimizer hints included.
    const ok = await fx.run(fx.member, fx.maria, 'select /*+ MAX_EXECUTION_TIME(5000) */ id, name /* plain */ from emp where id = 2 # tail');
    expect(ok.status, ok.body.errorMessage).toBe(200);
    expect(ok.body.data[0].dataList).toEqual([['2', 'name 2']]);
  });

  it('PostgreSQL: U& names and qualified stars inside expressions are refused; the bare forms stay refused', async () => {
    for (const sql of [
      'select U&"\\0073sn" from emp',
      'select U&"!0073sn" UESCAPE \'!\' from emp',
      'select row(e.*)::text from emp e',
      'select to_jsonb(e.*) from emp e',
      'select json_agg(e.*) from emp e',
      "select concat_ws(',', e.*) from emp e",
      'select array[e.*]::text from emp e',
      "select jsonb_build_object('a', e.*) from emp e",
      'select (e.*)::text from emp e',
      'select to_jsonb(e) from emp e',
      'select e::text from emp e',
      'select e from emp e',
      'select id #ssn::int from emp',
    ]) await refusedAs('pg', sql);
    const ok = await fx.run(fx.member, fx.pg, 'select U&"\\0069d", e.name from emp e where e.id = 3');
    expect(ok.status, ok.body.errorMessage).toBe(200);
    expect(ok.body.data[0].dataList).toEqual([['3', 'name 3']]);
  });

  it('setval and nextval are writes: a READ-only member does not move a sequence', async () => {
    const reader = await fx.team.addMember('OPERATOR');
    await fx.grant(reader, fx.pg, {});
    await fx.grant(reader, fx.maria, {});
    const before = await fx.admin(fx.pg, 'select last_value from emp_seq');
    for (const sql of ["select setval('emp_seq', 500)", "select nextval('emp_seq')", 'select nextval(\'public.emp_seq\'::regclass), id from emp']) {
      const r = await fx.run(reader, fx.pg, sql);
      expect(r.status, sql).toBe(403);
      expect(r.body.errorCode, sql).toBe('NO_DATA_ACCESS_PERMISSION');
    }
    expect(await fx.admin(fx.pg, 'select last_value from emp_seq')).toEqual(before);
    for (const sql of ['select nextval(emp_seq)', 'select setval(emp_seq, 500)', 'select next value for emp_seq']) {
      expect((await fx.run(reader, fx.maria, sql)).status, sql).toBe(403);
    }
    expect(await fx.admin(fx.maria, 'select next_not_cached_value from emp_seq')).toEqual([['1']]);
    // Plain reads still run for them.
    expect((await fx.run(reader, fx.pg, 'select count(*) from emp')).status).toBe(200);
  });

  it('the "writes need approval" policy sees writes hidden in executable comments and sequence calls', async () => {
    const writer = await fx.team.addMember('OPERATOR');
    await fx.grant(writer, fx.pg, { actions: ['READ', 'WRITE'] });
    await fx.grant(writer, fx.maria, { actions: ['READ', 'WRITE'] });
    await as(fx.t, fx.team.admin, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: ['WRITE', 'DDL'] });
    try {
      for (const sql of ['/*!50000 update emp set salary=999 where id=1 */', 'select 1 /*! ; update emp set salary=999 where id=1 */', 'select nextval(emp_seq)']) {
        const r = await fx.run(writer, fx.maria, sql);
        expect(r.body.errorCode, sql).toBe('NO_SCRIPT_PERMISSION');
      }
      expect((await fx.run(writer, fx.pg, "select setval('emp_seq', 7)")).body.errorCode).toBe('NO_SCRIPT_PERMISSION');
      expect((await fx.run(writer, fx.maria, 'select id from emp where id = 1')).status).toBe(200);
      expect(await fx.admin(fx.maria, 'select salary from emp where id = 1')).toEqual([['100']]);
    } finally {
      await as(fx.t, fx.team.admin, 'POST', '/api/permission/script_policy', { selectFree: true, needApprovalFor: [] });
    }
  });

  it('the stream and export paths refuse the same statements', async () => {
    for (const path of ['/api/rdb/dml/execute_stream', '/api/rdb/dml/export'] as const) {
      for (const [engine, sql] of [['maria', 'select id /*!, ssn */ from emp'], ['pg', 'select to_jsonb(e.*) from emp e']] as const) {
        const r = await fx.raw(fx.member, fx[engine], sql, path);
        expect(r.status, `${path} ${sql}`).toBe(403);
        expect(r.text).not.toContain(SECRET);
      }
    }
  });
});
