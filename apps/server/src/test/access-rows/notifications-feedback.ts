/** Route-table rows of the notification centre, feedback and uploads (routes/notification.ts, routes/feedback.ts). Everything is the caller's own, or the operator's. */
import type { Rows } from './types.js';

export default {
  'GET /api/notification/unread_count': { rule: 'signedIn' },
  'GET /api/notification/list': { rule: 'signedIn' },
  'POST /api/notification/take_action': { rule: 'signedIn', call: () => ({ body: { all: true } }) },
  'GET /api/notification/pop': { rule: 'signedIn' },
  'POST /api/notification/pop/dismiss': { rule: 'signedIn', call: () => ({ body: { id: 999999 } }) },
  'POST /api/notification/pop/create': { rule: 'operator', call: () => ({ body: { title: 'Route table notice', organizationId: 999999 } }) },
  'GET /api/notification/pop/list': { rule: 'operator' },
  'GET /api/notification/stream': { rule: 'signedIn', call: () => ({ url: '?once=1' }) },
  'POST /api/system/feedback/create': { rule: 'signedIn' },
  'GET /api/system/feedback/list': { rule: 'operator' },
  // The signature is the check: anyone holding a valid signed URL reads the file; a bad one gets 404.
  'GET /api/system/file/:id': { rule: 'public', call: () => ({ url: '/1?expires=1&sig=00' }) },
  // The feed is not configured in the route table's app: the check answers feedConfigured false.
  'GET /api/system/update/check': { rule: 'signedIn' },
  'GET /api/system/update/download': { rule: 'signedIn' },
  'GET /api/system/update/feed': { rule: 'operator' },
  'POST /api/system/update/feed': { rule: 'operator', call: () => ({ body: { url: null } }) },
} satisfies Rows;
