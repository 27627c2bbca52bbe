/**
 * The plan check's lane (check-lane.ts) on a real PostgreSQL source: many members' checks at once
 * share one connection and each still gets its own answer (a refusal or a failed plan in the middle
 * spoils nothing after it); a slow check sends new ones to a connection of their own; a connection
 * left in a transaction is never shared again.
 */
import type { Connection } from '@askdb/drivers';
import { dialectFor, type StatementAccess } from '@askdb/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachFixture, type ReachFixture } from '../../test/reach-fixture.js';
import type { DataSourceRecord } from '../../store/data-sources.js';
import type { Authorization } from '../../store/authorizations.js';
import { CheckLanes } from './check-lane.js';
import { permissions } from './index.js';
import { planCheck } from './plan-check.js';
import type { CheckInput } from './statement-check.js';

/** What a static analysis that saw only emp(id, name) would say: the plan decides. */
const blind: StatementAccess = { kind: 'SELECT', category: 'READ', reads: [{ table: { name: 'emp' }, columns: ['id', 'name'] }], writes: [], ddl: false, ddlTargets: [], unresolved: [] };

async function drain(conn: Connection, sql: string): Promise<void> {
  for await (const ev of conn.execute(sql)) if (ev.type === 'done' && !ev.success) throw new Error(ev.message);
}

describe('plan checks on a shared lane', () => {
  let fx: ReachFixture;
  let record: DataSourceRecord;
  let grants: Authorization[];
  const input = (sql: string): CheckInput => ({ grants, dialect: dialectFor('POSTGRESQL'), place: { databaseName: fx.pg.databaseName, schemaName: 'public' }, statements: [sql], catalog: null, hasDatabase: true, hasSchema: true });
  const open = async () => (await fx.t.deps.execution.checkLease(record, fx.member.userId)).lease;

  beforeAll(async () => {
    fx = await reachFixture('checklane');
    record = (await fx.t.deps.dataSources.get(fx.pg.sourceId))!;
    grants = await permissions(fx.t.deps).repo.liveFor(fx.team.teamId, fx.member.userId, fx.pg.sourceId);
  }, 60_000);
  afterAll(async () => fx?.close());

  it('forty checks at once, mixed: each gets its own answer, sixteen of them on the lane', async () => {
    const lanes = new CheckLanes();
    const cases = Array.from({ length: 40 }, (_, i) => ['select id, name from emp where id = ' + i, 'select ssn from emp', 'select nosuch from emp', 'select row(e.*)::text from emp e'][i % 4]!);
    const answers = await Promise.all(cases.map((sql) => planCheck(fx.t.deps.execution, fx.member.userId, record, input(sql), [blind], lanes)));
    answers.forEach((a, i) => {
      if (i % 4 === 0) expect(a, cases[i]).toBeNull();
      else if (i % 4 === 2) expect(a?.key, cases[i]).toBe('UNRESOLVED');
      else expect(a?.key, cases[i]).toMatch(/^NO_(COLUMN|ALL)_/);
    });
    // Sixteen wait on the lane at most; the rest lease their own connection as before.
    expect(lanes.counts.onLane + lanes.counts.ownLease).toBe(40);
    expect(lanes.counts.onLane).toBeGreaterThanOrEqual(16);
    // After a failed plan the lane's connection is out of its transaction: the next check passes.
    expect(await planCheck(fx.t.deps.execution, fx.member.userId, record, input('select name from emp'), [blind], lanes)).toBeNull();
  });

  it('while a check runs long, a new one leases a connection of its own', async () => {
    const lanes = new CheckLanes({ slowMs: 0, idleMs: 60_000 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const first = lanes.run('k', open, async (conn) => {
      started();
      await gate;
      return conn;
    })!;
    await running;
    expect(lanes.run('k', open, async () => 'second')).toBeNull();
    release();
    const firstConn = await first;
    // Once it is done the lane takes checks again, on the same connection.
    expect(await lanes.run('k', open, async (conn) => conn)).toBe(firstConn);
    lanes.close();
  });

  it('a connection a check left inside a transaction is dropped, not shared', async () => {
    const lanes = new CheckLanes({ idleMs: 60_000 });
    const leftOpen = await lanes.run('t', open, async (conn) => {
      await drain(conn, 'begin');
      return conn;
    })!;
    const next = await lanes.run('t', open, async (conn) => conn)!;
    expect(next).not.toBe(leftOpen);
    expect(await next.inTransaction!()).toBe(false);
    lanes.close();
  });

  it('an idle lane gives its connection back at once: on a pool of one, the statement after a check does not wait', async () => {
    const small = { ...record, input: { ...record.input, poolSize: 1 } } as DataSourceRecord;
    const lanes = new CheckLanes();
    expect(await planCheck(fx.t.deps.execution, fx.member.userId, small, input('select id from emp'), [blind], lanes)).toBeNull();
    // The only connection is free again: the next lease is handed out without waiting.
    let waited = 0;
    const lease = await fx.t.deps.sessions.lease(small, fx.member.userId, null, { onWait: () => waited++ });
    lease.release();
    expect(waited).toBe(0);
  });
});
