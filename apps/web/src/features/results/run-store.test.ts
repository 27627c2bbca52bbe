/**
 * The run store while an execution waits for a pooled connection (issue 23): it asks the server's
 * status and shows "waiting (n ahead)" instead of silence, clears it when the answer comes, and
 * keeps the answer's `truncated` flag for the result's notice. The server here is a stand-in that
 * answers the two endpoints as the real one does (their behaviour is tested on the server side).
 */
import { afterEach, describe, expect, it } from 'vitest';

(globalThis as { window?: unknown }).window ??= new EventTarget();
const realFetch = globalThis.fetch;
afterEach(() => void (globalThis.fetch = realFetch));

const json = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(cond()).toBe(true);
}

describe('run store: waiting for a connection, truncated answers', () => {
  it('shows the place in the queue while the execution waits, then the truncated result', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    const statusAsked: string[] = [];
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      if (url.startsWith('/api/rdb/dml/status')) {
        statusAsked.push(body.executionId);
        return json({ state: 'waiting', ahead: 2 });
      }
      if (url.startsWith('/api/rdb/dml/execute')) {
        await answered;
        return json([{ originalSql: 'select g', success: true, duration: 5, message: 'cut', updateCount: null, headerList: [{ name: 'g', dataType: 'NUMERIC', columnType: 'int4' }], dataList: [['1']], hasMore: true, truncated: true }]);
      }
      return json(true);
    }) as typeof fetch;
    const { useRuns } = await import('./run-store.js');
    const run = useRuns.getState().execute('tab-1', { sql: 'select g', dataSourceId: 1 });
    await until(() => useRuns.getState().byTab['tab-1']?.waitingAhead === 2);
    expect(statusAsked[0]).toBe(useRuns.getState().byTab['tab-1']?.executionId);
    answer();
    const done = await run;
    expect(done.waitingAhead).toBeNull();
    expect(done.results[0]).toMatchObject({ truncated: true, hasMoreWithoutCursor: true });
    useRuns.getState().drop('tab-1');
  });
});
