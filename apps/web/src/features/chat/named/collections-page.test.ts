/** Spec 02 §9 page sizes: the dataset pickers (named chats, dashboards) ask for up to 1000 data collections. */
import { afterEach, describe, expect, it } from 'vitest';

(globalThis as { window?: unknown }).window ??= new EventTarget();
const asked: string[] = [];
const realFetch = globalThis.fetch;
afterEach(() => void (globalThis.fetch = realFetch));

describe('data-collection pickers', () => {
  it('load the first 1000 collections, not 100', async () => {
    globalThis.fetch = (async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ success: true, data: { data: [], total: 0 } }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const named = await import('./api.js');
    const dashboards = await import('../../dashboard/api.js');
    const chatApi = Object.values(named).find((v) => v && typeof v === 'object' && 'collections' in v) as { collections: () => Promise<unknown> };
    const dashApi = Object.values(dashboards).find((v) => v && typeof v === 'object' && 'collections' in v) as { collections: () => Promise<unknown> };
    await chatApi.collections();
    await dashApi.collections();
    expect(asked).toHaveLength(2);
    for (const u of asked) expect(new URL(u, 'http://x').searchParams.get('pageSize')).toBe('1000');
  });
});
