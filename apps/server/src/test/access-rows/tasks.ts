/**
 * Route-table rows of import / export tasks and connection files (issue 18 points 3–4). Tasks are
 * their creator's only: routes naming a task id nobody owns answer 404 (routes/tasks.test.ts checks
 * the owner / other member / other organisation cases with real ids). Exporting a table of the
 * team's shared source needs a grant on it, like running its SELECT in a console.
 */
import type { Rows } from './types.js';

const NONE = 999999;
const UPLOAD = 'nobody-uploaded-this';

export default {
  'GET /api/task/list': { rule: 'signedIn' },
  'GET /api/task/get': { rule: 'signedIn', call: () => ({ url: `?id=${NONE}` }) },
  'POST /api/task/cancel': { rule: 'signedIn', call: () => ({ body: { id: NONE } }) },
  'GET /api/task/download': { rule: 'signedIn', call: () => ({ url: `?id=${NONE}` }) },
  'POST /api/task/delete': { rule: 'signedIn', call: () => ({ body: { id: NONE } }) },
  'POST /api/task/upload': { rule: 'signedIn' },
  'POST /api/task/import/preview': { rule: 'signedIn', call: () => ({ body: { uploadId: UPLOAD, format: 'csv' } }) },
  'POST /api/task/import': { rule: 'signedIn', call: () => ({ body: { uploadId: UPLOAD, dataSourceId: NONE, format: 'csv', tableName: 't' } }) },
  'POST /api/task/export': {
    rule: 'granted',
    call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', target: 'table', tableName: 'orders', format: 'csv' } }),
  },
  'POST /api/connection/datasource/export_file': { rule: 'signedIn', call: () => ({ body: { ids: [NONE] } }) },
  'POST /api/connection/datasource/import_file': { rule: 'signedIn', call: () => ({ body: { content: '{}', dryRun: true } }) },
} satisfies Rows;
