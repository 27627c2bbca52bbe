/**
 * The second, independent check (issue 24 point 1): PostgreSQL's own plan (EXPLAIN VERBOSE, FORMAT
 * JSON) of a read, compared with the member's column grants. Shown independent: it is handed an
 * access analysis that misses the forbidden column (as a static-analysis gap would) and still
 * refuses, on the real database; it lets through what the grants cover.
 */
import { dialectFor, type StatementAccess } from '@askdb/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachFixture, type ReachFixture } from '../../test/reach-fixture.js';
import { permissions } from './index.js';
import { planCheck } from './plan-check.js';
import { scansOf } from './explain-check.js';
import type { CheckInput } from './statement-check.js';

/** What a static analysis that saw only emp(id, name) would say. */
const blind: StatementAccess = { kind: 'SELECT', category: 'READ', reads: [{ table: { name: 'emp' }, columns: ['id', 'name'] }], writes: [], ddl: false, ddlTargets: [], unresolved: [] };

describe('the plan check on PostgreSQL', () => {
  let fx: ReachFixture;
  let check: (sql: string) => ReturnType<typeof planCheck>;
  beforeAll(async () => {
    fx = await reachFixture('plancheck');
    const deps = fx.t.deps;
    const record = (await deps.dataSources.get(fx.pg.sourceId))!;
    const grants = await permissions(deps).repo.liveFor(fx.team.teamId, fx.member.userId, fx.pg.sourceId);
    expect(grants).toHaveLength(1);
    check = (sql) => {
      const input: CheckInput = { grants, dialect: dialectFor('POSTGRESQL'), place: { databaseName: fx.pg.databaseName, schemaName: 'public' }, statements: [sql], catalog: null, hasDatabase: true, hasSchema: true };
      return planCheck(deps.execution, fx.member.userId, record, input, [blind]);
    };
  }, 60_000);
  afterAll(async () => fx?.close());

  it('refuses a forbidden column the static analysis missed, however it is reached', async () => {
    for (const sql of [
      'select ssn from emp',
      'select to_jsonb(e.*) from emp e',
      'select row(e.*)::text from emp e',
      'select e::text from emp e',
      'select id from emp where ssn like \'SSN%\'',
      'select id from (select * from emp) d where d.ssn is not null',
      'with c as materialized (select ssn from emp) select * from c',
      'select (select max(ssn) from emp)',
      'select id from emp union all select length(ssn) from emp',
      'select id from emp order by ssn',
      'select xmlelement(name x, e.ssn)::text from emp e',
    ]) {
      const r = await check(sql);
      expect(r?.key, sql).toMatch(/^NO_(COLUMN|ALL)_/);
    }
  });

  it('refuses a table the grants do not reach, and a plan it cannot have', async () => {
    expect((await check('select 1 from pg_catalog.pg_authid'))?.key).toBe('NO_TABLE_ACCESS');
    expect((await check('select nosuch from emp'))?.key).toBe('UNRESOLVED');
  });

  it('lets through what the grants cover', async () => {
    for (const sql of ['select id, name from emp', 'select count(*) from emp', 'select e.name from emp e join emp f on f.id = e.id where e.id < 3', 'select 1']) {
      expect(await check(sql), sql).toBeNull();
    }
  });

  it('reads whole-row references and quoted names in a plan', () => {
    const cols = () => ['id', 'Ssn'];
    const plan = [{ Plan: { 'Node Type': 'Seq Scan', 'Relation Name': 'emp', Schema: 'public', Alias: 'E x', Output: ['to_jsonb("E x".*)'], Filter: '("E x"."Id" > 1)' } }];
    expect(scansOf(plan, cols)).toEqual([{ schema: 'public', relation: 'emp', columns: '*' }]);
    const plan2 = [{ Plan: { 'Node Type': 'Hash Join', Output: ['e.id'], Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 'emp', Schema: 'public', Alias: 'e', Output: ['e.id'], Filter: '(e."Ssn" <> \'\'::text)' }, { 'Node Type': 'Seq Scan', 'Relation Name': 'dept', Schema: 'public', Alias: 'd', Output: ['d.id'] }] } }];
    expect(scansOf(plan2, cols)[0]).toEqual({ schema: 'public', relation: 'emp', columns: new Set(['id', 'Ssn']) });
    // The executor's full-row shortcut below a join or an aggregate is not a reach; at the top it is.
    const agg = [{ Plan: { 'Node Type': 'Aggregate', Output: ['count(*)'], Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 'emp', Schema: 'public', Alias: 'emp', Output: ['id', 'Ssn'] }] } }];
    expect(scansOf(agg, cols)[0]!.columns).toEqual(new Set());
    const top = [{ Plan: { 'Node Type': 'Seq Scan', 'Relation Name': 'emp', Schema: 'public', Alias: 'emp', Output: ['id', '"Ssn"'] } }];
    expect(scansOf(top, cols)[0]!.columns).toEqual(new Set(['id', 'Ssn']));
  });
});
