/** Route-table rows of knowledge management and the MCP endpoint (issue 17 points 4 and 5). */
import type { Rows } from './types.js';

const item = { kind: 'TERMINOLOGY', name: 'GMV', content: 'gross merchandise value' };

export default {
  'GET /api/knowledge/list': { rule: 'signedIn' },
  // Writes are for the admins of the caller's current organisation (another organisation's admin writes in their own).
  'POST /api/knowledge/create': { rule: 'orgAdmin', call: () => ({ body: item }) },
  'POST /api/knowledge/update': { rule: 'orgAdmin', call: () => ({ body: { id: 999999, ...item } }) },
  'POST /api/knowledge/delete': { rule: 'orgAdmin', call: () => ({ body: { ids: [999999] } }) },
  'POST /api/knowledge/import': { rule: 'orgAdmin' },
  'GET /api/knowledge/export': { rule: 'signedIn' },
  'GET /api/knowledge/template': { rule: 'signedIn' },
  'POST /api/mcp': { rule: 'signedIn', call: () => ({ body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }) },
  'GET /api/mcp': { rule: 'signedIn' },
  'DELETE /api/mcp': { rule: 'signedIn' },
  'GET /api/mcp/config/copy': { rule: 'signedIn' },
} satisfies Rows;
