/** Route-table rows of uploads with an upload certificate (routes/spec-uploads.ts, issue 29 item 22). */
import type { Rows } from './types.js';

const NONE = 999999;

export default {
  // The certificate is the caller's own; files are read by URL (private ones only signed).
  'GET /api/system/sts': { rule: 'signedIn', call: () => ({ url: '?uploadType=AVATOR' }) },
  'POST /api/system/file/upload': { rule: 'signedIn' },
  'GET /api/system/upload/:id': { rule: 'public', call: () => ({ url: `/${NONE}?expires=1&sig=00` }) },
} satisfies Rows;
