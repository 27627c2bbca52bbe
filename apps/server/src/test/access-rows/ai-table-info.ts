/** Route-table rows of "Change AI table info" (routes/ai-table-info.ts): reading needs browse access to the table; writing the source's info, the right to change the source. */
import type { Rows } from './types.js';

const where = (fx: { shared: number; database: string }) => ({ dataSourceId: fx.shared, databaseName: fx.database, schemaName: 'public', tableName: 'orders' });

export default {
  'GET /api/ai/table_info': { rule: 'granted', call: (fx) => ({ url: `?${new URLSearchParams(Object.entries(where(fx)).map(([k, v]): [string, string] => [k, String(v)]))}` }) },
  // A second save with version 0 is a conflict (409), which the table counts as let through.
  'PUT /api/ai/table_info': { rule: 'admin', call: (fx) => ({ body: { ...where(fx), version: 0, aiTableName: 'sales orders' } }) },
} satisfies Rows;
