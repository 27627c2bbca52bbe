/**
 * Route-table rows of dashboards and charts (issue 16). Dashboards are their owner's only: every
 * persona names its own dashboard and chart (the fixture makes them; another organisation's member
 * names our owner's and must get 403/404). routes/dashboards.test.ts adds the other-member cases.
 * Creating over a data source and running SQL name the team's sources.
 */
import type { Rows } from './types.js';

export default {
  'GET /api/dashboard/list': { rule: 'signedIn' },
  'GET /api/dashboard/get': { rule: 'team', call: (fx, who) => ({ url: `?id=${fx.of(who).dashboard}` }) },
  'POST /api/dashboard/create': { rule: 'team', call: (fx, who) => ({ body: { name: `board of ${who}`, dataset: { dataSourceId: fx.of(who).ds } } }) },
  'POST /api/dashboard/update': { rule: 'team', call: (fx, who) => ({ body: { id: fx.of(who).dashboard, name: `board of ${who}` } }) },
  'POST /api/dashboard/delete': { rule: 'team', call: async (fx, who) => ({ body: { id: await fx.fresh('dashboard', who) } }) },
  'POST /api/dashboard/refresh_preview': { rule: 'signedIn', call: () => ({ body: { kind: 'MINUTES', minutes: 10 } }) },
  'GET /api/chart/list': { rule: 'team', call: (fx, who) => ({ url: `?dashboardId=${fx.of(who).dashboard}` }) },
  'GET /api/chart/get': { rule: 'team', call: (fx, who) => ({ url: `?id=${fx.of(who).chart}` }) },
  'POST /api/chart/create': { rule: 'team', call: (fx, who) => ({ body: { dashboardId: fx.of(who).dashboard, name: 'c', sql: 'select 1' } }) },
  'POST /api/chart/update': { rule: 'team', call: (fx, who) => ({ body: { id: fx.of(who).chart, name: 'c' } }) },
  'POST /api/chart/delete': { rule: 'team', call: async (fx, who) => ({ body: { id: await fx.fresh('chart', who) } }) },
  'POST /api/chart/execute': { rule: 'granted', call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, sql: 'select count(*) from orders' } }) },
  'POST /api/chart/ai': { rule: 'team', call: (fx, who) => ({ body: { dashboardId: fx.of(who).dashboard, question: 'orders per day' } }) },
} satisfies Rows;
