/**
 * The plan check runs the member's statement through the planner, and planning may run a user
 * function (constant folding of an IMMUTABLE one). Issue 28 point 2 cut its round trips to one read-only
 * round per statement; these tests hold what must not change: the plan check cannot be used to
 * write, cannot be made to run a second statement, leaves its pooled connection clean, and obeys
 * the team's statement-time limit.
 */
import { dialectFor, type StatementAccess } from '@askdb/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachFixture, type ReachFixture } from '../../test/reach-fixture.js';
import { runOnPgDatabase } from '../../test/helpers.js';
import { as } from '../../test/org-fixtures.js';
import { permissions } from './index.js';
import { planCheck } from './plan-check.js';
import type { CheckInput } from './statement-check.js';

/** What a static analysis that saw only emp(id, name) would say (the statement check passed). */
const blind: StatementAccess = { kind: 'SELECT', category: 'READ', reads: [{ table: { name: 'emp' }, columns: ['id', 'name'] }], writes: [], ddl: false, ddlTargets: [], unresolved: [] };

const SCRIPT = `
create table trace (x int);
create sequence trace_seq;
create function leak_write(v int) returns int language plpgsql volatile as $$ begin insert into trace values (v); return v; end $$;
-- Mislabelled IMMUTABLE: the planner folds leak(7) while planning. A sequence step survives even a rollback.
create function leak(v int) returns int language plpgsql immutable as $$ begin perform nextval('trace_seq'); return leak_write(v); end $$;
create function slow(v int) returns int language plpgsql immutable as $$ begin perform pg_sleep(600); return v; end $$;
`;

describe('the plan check cannot be used to write', () => {
  let fx: ReachFixture;
  let check: (sql: string) => ReturnType<typeof planCheck>;
  const traced = async () => Number((await fx.admin(fx.pg, 'select count(*) from trace'))[0]![0]);
  const stepped = async () => (await fx.admin(fx.pg, 'select is_called from trace_seq'))[0]![0] === 't';
  beforeAll(async () => {
    fx = await reachFixture('planro');
    await runOnPgDatabase(fx.pg.databaseName, SCRIPT);
    const deps = fx.t.deps;
    const grants = await permissions(deps).repo.liveFor(fx.team.teamId, fx.member.userId, fx.pg.sourceId);
    check = async (sql) => {
      const record = (await deps.dataSources.get(fx.pg.sourceId))!;
      const input: CheckInput = { grants, dialect: dialectFor('POSTGRESQL'), place: { databaseName: fx.pg.databaseName, schemaName: 'public' }, statements: [sql], catalog: null, hasDatabase: true, hasSchema: true };
      return planCheck(deps.execution, fx.member.userId, record, input, [blind]);
    };
  }, 60_000);
  afterAll(async () => fx?.close());

  it('a writing function marked IMMUTABLE, folded at planning, leaves no trace and the read is refused', async () => {
    // The function does write where nothing stops it (the test can fail).
    await runOnPgDatabase(fx.pg.databaseName, 'begin; select leak(0); rollback');
    expect(await stepped()).toBe(true);
    await runOnPgDatabase(fx.pg.databaseName, "select leak(0); select setval('trace_seq', 1, false)");
    expect(await traced()).toBe(1);
    expect(await stepped()).toBe(false);
    await runOnPgDatabase(fx.pg.databaseName, 'truncate trace');

    expect((await check('select id, name from emp where id = leak(7)'))?.key).toBe('UNRESOLVED');
    const r = await fx.run(fx.member, fx.pg, 'select id, name from emp where id = leak(8)');
    expect(JSON.stringify(r.body)).not.toContain('name 8');
    expect(await traced()).toBe(0);
    expect(await stepped()).toBe(false);
  });

  it('a statement hiding a second one is refused, and the second never runs', async () => {
    for (const sql of ['select id from emp; insert into trace values (1)', 'select id from emp; commit; insert into trace values (2)', 'select id from emp; rollback; insert into trace values (3)']) {
      expect((await check(sql))?.key, sql).toBe('UNRESOLVED');
    }
    expect(await traced()).toBe(0);
  });

  it('still refuses what it refused and lets through what the grants cover, on a clean pooled connection', async () => {
    expect((await check('select ssn from emp'))?.key).toMatch(/^NO_(COLUMN|ALL)_/);
    expect((await check('select e::text from emp e'))?.key).toMatch(/^NO_(COLUMN|ALL)_/);
    expect((await check('select nosuch from emp'))?.key).toBe('UNRESOLVED');
    expect(await check('select id, name from emp where id < 3')).toBeNull();
    // After refusals and failed rounds, the source's pooled connections are neither read-only nor in a transaction.
    const admin = await fx.run(fx.team.admin, fx.pg, "select current_setting('transaction_read_only'), current_setting('search_path')");
    expect(admin.body.data[0].dataList[0][0]).toBe('off');
    await fx.admin(fx.pg, 'insert into trace values (42)');
    expect(await traced()).toBe(1);
    await fx.admin(fx.pg, 'truncate trace');
  });

  it('a column added outside AskDB is seen by the next check', async () => {
    await fx.grant(fx.member, fx.pg, { schemaName: 'public', tableName: 'trace', columns: ['x'] });
    const grants = await permissions(fx.t.deps).repo.liveFor(fx.team.teamId, fx.member.userId, fx.pg.sourceId);
    const record = (await fx.t.deps.dataSources.get(fx.pg.sourceId))!;
    const sees: StatementAccess = { ...blind, reads: [{ table: { name: 'trace' }, columns: ['x'] }] };
    const run = (sql: string) => planCheck(fx.t.deps.execution, fx.member.userId, record, { grants, dialect: dialectFor('POSTGRESQL'), place: { databaseName: fx.pg.databaseName, schemaName: 'public' }, statements: [sql], catalog: null, hasDatabase: true, hasSchema: true }, [sees]);
    expect(await run('select * from trace')).toBeNull();
    await runOnPgDatabase(fx.pg.databaseName, 'alter table trace add column secret text');
    // The plan now outputs the new column, unqualified: known as one of trace's columns only if they are read again.
    expect(await run('select * from trace')).toMatchObject({ key: 'NO_COLUMN_ACCESS', params: { columns: 'secret' } });
  });

  it("the team's statement-time limit bounds planning", async () => {
    const set = await as(fx.t, fx.team.admin, 'POST', '/api/connection/datasource/update', { id: fx.pg.sourceId, memberStatementTimeoutMs: 1000 });
    expect(set.body.success).toBe(true);
    // Without the limit this planning would sleep for 10 minutes (the test's own timeout fails first).
    expect((await check('select id from emp where id = slow(1)'))?.key).toBe('UNRESOLVED');
  }, 60_000);
});
