/** Route-table rows of the offline licence (issue 15). The table runs a team server (billing off): authority routes answer 404 there. */
import type { Rows } from './types.js';

const code = 'ASKDB-00000-00000-00000-00000';
export default {
  'GET /api/licence/status': { rule: 'signedIn' },
  'POST /api/licence/activate': { rule: 'operator', call: () => ({ body: { code, mode: 'online' } }) },
  'POST /api/licence/unbind': { rule: 'operator', call: () => ({ body: {} }) },
  'POST /api/licence/device_certificate': { rule: 'public', call: () => ({ body: { code, deviceName: 'laptop', os: 'Linux', deviceId: 'ABCDEF12-3456' } }) },
  'GET /api/licence/codes': { rule: 'signedIn' },
  'GET /api/licence/plugins': { rule: 'signedIn' },
  'GET /api/guide/seen': { rule: 'signedIn' },
  'POST /api/guide/seen': { rule: 'signedIn', call: () => ({ body: { name: 'FirstLogin' } }) },
  'POST /api/licence/authority/activate': { rule: 'public', call: () => ({ body: { code, deviceId: 'ABCDEF12-3456', deviceName: 'laptop', os: 'Linux' } }) },
  'POST /api/licence/authority/unbind': { rule: 'public', call: () => ({ body: { code, document: 'x' } }) },
  'GET /api/licence/authority/public_key': { rule: 'public' },
  'POST /api/licence/authority/issue': { rule: 'operator', call: () => ({ body: { count: 1 } }) },
} satisfies Rows;
