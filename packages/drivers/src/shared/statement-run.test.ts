import { describe, expect, it } from 'vitest';
import type { ResultEvent } from '../driver.js';
import { StatementRunner, type BodyEvent, type BodySummary } from './statement-run.js';

function engine(chunks: number[], opts: { fail?: Error; hang?: boolean } = {}) {
  let cancelled = 0;
  let released = false;
  return {
    get cancelled() { return cancelled; },
    get released() { return released; },
    runner: new StatementRunner({
      async *body(): AsyncGenerator<BodyEvent, BodySummary> {
        try {
          yield { type: 'header', columns: [{ name: 'n', columnType: 'int', dataType: 'NUMERIC' }] };
          let n = 0;
          for (const size of chunks) yield { type: 'rows', rows: Array.from({ length: size }, () => [String(++n)]) };
          if (opts.hang) await new Promise(() => undefined);
          if (opts.fail) throw opts.fail;
          return { updateCount: null, message: 'ok' };
        } finally {
          released = true;
        }
      },
      async cancel() { cancelled++; },
      describeError: (err) => ({ message: (err as Error).message, errorPosition: { line: 1, column: 2 } }),
    }),
  };
}

async function events(it: AsyncIterable<ResultEvent>): Promise<ResultEvent[]> {
  const out: ResultEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
}

describe('StatementRunner', () => {
  it('re-cuts any chunk sizes into page-sized row events, rows in order', async () => {
    const e = engine([3, 7, 1, 10, 2]);
    const out = await events(e.runner.run('x', { pageSize: 4 }));
    const rows = out.filter((x) => x.type === 'rows') as Extract<ResultEvent, { type: 'rows' }>[];
    expect(rows.map((r) => r.rows.length)).toEqual([4, 4, 4, 4, 4, 3]);
    expect(rows.flatMap((r) => r.rows.map((x) => x[0]))).toEqual(Array.from({ length: 23 }, (_, i) => String(i + 1)));
    expect(out[0]!.type).toBe('header');
    expect(out.at(-1)).toMatchObject({ type: 'done', success: true, message: 'ok' });
  });
  it('ends a failure with the engine message and position, after the rows already read', async () => {
    const out = await events(engine([2], { fail: new Error('boom') }).runner.run('x', { pageSize: 10 }));
    expect(out.map((x) => x.type)).toEqual(['header', 'rows', 'done']);
    expect(out.at(-1)).toMatchObject({ success: false, message: 'boom', errorPosition: { line: 1, column: 2 } });
  });
  it('cancels through cancel() and the abort signal alike, and releases the engine when the consumer stops', async () => {
    const a = engine([1], { hang: true });
    const running = events(a.runner.run('x'));
    await new Promise((r) => setTimeout(r, 10));
    await a.runner.cancel();
    expect(a.cancelled).toBe(1);
    const b = engine([5, 5, 5]);
    for await (const ev of b.runner.run('x', { pageSize: 5 })) if (ev.type === 'rows') break;
    expect(b.released).toBe(true);
    const ac = new AbortController();
    ac.abort();
    const out = await events(engine([1]).runner.run('x', { signal: ac.signal }));
    expect(out).toEqual([expect.objectContaining({ type: 'done', success: false, cancelled: true })]);
    void running;
  });
});
