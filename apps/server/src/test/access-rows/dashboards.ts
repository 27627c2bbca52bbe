/**
 * Route-table rows of dashboards and charts (issue 16). Dashboards are their owner's only: routes
 * that name a dashboard or chart id answer 404 to everyone else, so with an id nobody owns they are
 * 'signedIn' here, and routes/dashboards.test.ts checks the owner/other-member/other-organisation
 * cases with real ids. Creating over a data source and running SQL name the team's sources.
 */
import type { Rows } from './types.js';

const NONE = 999999;

export default {
  'GET /api/dashboard/list': { rule: 'signedIn' },
  'GET /api/dashboard/get': { rule: 'signedIn', call: () => ({ url: `?id=${NONE}` }) },
  'POST /api/dashboard/create': { rule: 'team', call: (fx, who) => ({ body: { name: `board of ${who}`, dataset: { dataSourceId: fx.of(who).ds } } }) },
  'POST /api/dashboard/update': { rule: 'signedIn', call: () => ({ body: { id: NONE, name: 'renamed' } }) },
  'POST /api/dashboard/delete': { rule: 'signedIn', call: () => ({ body: { id: NONE } }) },
  'POST /api/dashboard/refresh_preview': { rule: 'signedIn', call: () => ({ body: { kind: 'MINUTES', minutes: 10 } }) },
  'GET /api/chart/list': { rule: 'signedIn', call: () => ({ url: `?dashboardId=${NONE}` }) },
  'GET /api/chart/get': { rule: 'signedIn', call: () => ({ url: `?id=${NONE}` }) },
  'POST /api/chart/create': { rule: 'signedIn', call: () => ({ body: { dashboardId: NONE, name: 'c', sql: 'select 1' } }) },
  'POST /api/chart/update': { rule: 'signedIn', call: () => ({ body: { id: NONE, name: 'c' } }) },
  'POST /api/chart/delete': { rule: 'signedIn', call: () => ({ body: { id: NONE } }) },
  'POST /api/chart/execute': { rule: 'granted', call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, sql: 'select count(*) from orders' } }) },
  'POST /api/chart/ai': { rule: 'signedIn', call: () => ({ body: { dashboardId: NONE, question: 'orders per day' } }) },
} satisfies Rows;
