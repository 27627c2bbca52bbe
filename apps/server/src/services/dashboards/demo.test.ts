/** Local mode's first run: a new user finds the demo dashboard, and every one of its charts returns data from the demo shop. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/helpers.js';
import { DEMO_CHARTS } from './demo.js';

describe('demo dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ mode: 'local', demo: true });
  }, 60_000);
  afterAll(async () => t?.close());

  it('is there on first run with twelve charts that all return rows', async () => {
    const list = (await t.json('GET', '/api/dashboard/list')).body.data.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'Demo shop', chartCount: 12, datasetName: 'Demo shop (SQLite)' });
    const charts = (await t.json('GET', `/api/chart/list?dashboardId=${list[0].id}`)).body.data;
    expect(charts.map((c: { type: string }) => c.type)).toEqual(DEMO_CHARTS.map((c) => c.type));
    for (const c of charts) {
      const r = await t.json('POST', '/api/chart/execute', { id: c.id });
      expect(r.body.errorMessage, c.name).toBeUndefined();
      expect(r.body.data.dataList.length, c.name).toBeGreaterThan(0);
      expect(r.body.data.truncated, c.name).toBe(false);
    }
    const layout = (await t.json('GET', `/api/dashboard/get?id=${list[0].id}`)).body.data.layout;
    expect(layout).toHaveLength(12);
  });

  it('is created once: a restart on the same home does not add a second one', async () => {
    const again = await testApp({ mode: 'local', demo: true, home: t.home });
    try {
      expect((await again.json('GET', '/api/dashboard/list')).body.data.total).toBe(1);
    } finally {
      await again.app.close();
    }
  });
});
