/** Route-table rows of the magic prompts (routes/ai-magic.ts): the data-source ones need the schema_link grant. */
import type { Rows } from './types.js';

export default {
  'POST /api/ai/magic/mapping/tables': { rule: 'granted', call: (fx) => ({ body: { dataSourceId: fx.shared, databaseName: fx.database, question: 'orders total' } }) },
  'GET /api/ai/magic/example': { rule: 'granted', call: (fx) => ({ url: `?dataSourceId=${fx.shared}&databaseName=${encodeURIComponent(fx.database)}` }) },
  'POST /api/ai/magic/excel/check': { rule: 'signedIn' },
} satisfies Rows;
