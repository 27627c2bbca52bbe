/**
 * Generated column-reach test (issue 24 point 1): a member holds READ on emp(id, name) only; a
 * generator builds the ways SQL can reach emp.ssn (reach-generators.ts) and every statement is sent
 * through a path that uses the statement check — the console's execute, execute_stream, export,
 * MCP's run_query and a dashboard chart's query — on real PostgreSQL and MariaDB. No answer may hold a value of ssn. The same
 * shapes over the granted column `name` must run, so the test cannot pass by refusing everything.
 * Seeded: a failure names its seed and the shrunk statement.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../test/org-fixtures.js';
import { reachFixture, SECRET, type Engine, type ReachFixture } from '../../test/reach-fixture.js';
import { reach } from '../../test/reach-generators.js';

const SEED = Number(process.env.ASKDB_REACH_SEED || 20261127);
const RUNS = Number(process.env.ASKDB_REACH_RUNS || 120);
type Path = 'execute' | 'stream' | 'export' | 'mcp' | 'chart';
const pathArb = fc.constantFrom<Path>('execute', 'execute', 'stream', 'export', 'mcp', 'chart');

describe('no generated statement returns a value of the forbidden column', () => {
  let fx: ReachFixture;
  let mcp: Client;

  beforeAll(async () => {
    fx = await reachFixture('reachprop');
    await fx.t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (fx.t.app.server.address() as { port: number }).port;
    const key = (await as(fx.t, fx.member, 'POST', '/api/user/api_keys', { name: 'mcp' })).body.data.key as string;
    mcp = new Client({ name: 'askdb-reach', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  }, 60_000);
  afterAll(async () => {
    await mcp?.close().catch(() => {});
    await fx?.close();
  });

  /** The answer as text, and whether the statement ran (200 and the statement succeeded). */
  async function send(engine: Engine, sql: string, path: Path): Promise<{ text: string; ran: boolean; status: number }> {
    if (path === 'execute') {
      const r = await fx.run(fx.member, engine, sql);
      return { text: JSON.stringify(r.body), ran: r.status === 200 && r.body.data.every((d: { success: boolean }) => d.success), status: r.status };
    }
    if (path === 'chart') {
      const r = await as(fx.t, fx.member, 'POST', '/api/chart/execute', { dataSourceId: engine.sourceId, databaseName: engine.databaseName, ...(engine.schemaName ? { schemaName: engine.schemaName } : {}), sql });
      return { text: JSON.stringify(r.body), ran: r.status === 200 && r.body.success === true && !r.body.data?.error, status: r.status === 200 ? 200 : 403 };
    }
    if (path === 'mcp') {
      const r = (await mcp.callTool({ name: 'run_query', arguments: { dataSourceId: engine.sourceId, databaseName: engine.databaseName, ...(engine.schemaName ? { schemaName: engine.schemaName } : {}), sql } })) as { isError?: boolean; content: { text: string }[] };
      return { text: JSON.stringify(r.content), ran: !r.isError, status: r.isError ? 403 : 200 };
    }
    const r = await fx.raw(fx.member, engine, sql, path === 'stream' ? '/api/rdb/dml/execute_stream' : '/api/rdb/dml/export');
    return { text: r.text, ran: r.status === 200 && !/"success":false/.test(r.text), status: r.status };
  }

  for (const kind of ['pg', 'maria'] as const) {
    it(`${kind}: statements reaching ssn never answer an ssn value`, async () => {
      const engine = fx[kind];
      const seen = { refused: 0, ran: 0 };
      await fc.assert(
        fc.asyncProperty(reach(engine.type, 'ssn'), pathArb, async (sql, path) => {
          const r = await send(engine, sql, path);
          if (r.status === 403) seen.refused++;
          else seen.ran++;
          expect(r.text.toUpperCase(), `${path}: ${sql}`).not.toContain(SECRET);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      // Most of them are refused before the database sees them (the rest fail in the database or reach nothing).
      expect(seen.refused).toBeGreaterThan(RUNS * 0.8);
    }, 240_000);

    it(`${kind}: the same shapes over the granted column run`, async () => {
      const engine = fx[kind];
      await fc.assert(
        fc.asyncProperty(reach(engine.type, 'name'), pathArb, async (sql, path) => {
          const r = await send(engine, sql, path);
          expect(r.ran, `${path}: ${sql}: ${r.text.slice(0, 300)}`).toBe(true);
        }),
        { seed: SEED, numRuns: Math.ceil(RUNS / 3), endOnFailure: true },
      );
    }, 240_000);
  }
});
