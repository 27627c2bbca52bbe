/**
 * Route-table rows of commerce (issue 14). The table's app runs with billing off, so the selling
 * routes answer 404 BILLING_OFF past the access check; the billed behaviour (another user's order
 * is 404, another team's subscriptions 403) is in routes/commerce.test.ts. Webhooks are public:
 * their signature, not a session, is what is checked.
 */
import type { Rows } from './types.js';

export default {
  'GET /api/product/list': { rule: 'public' },
  'POST /api/pay/create_order': { rule: 'signedIn', call: () => ({ body: { id: 2, paymentMethod: 'sandbox' } }) },
  'GET /api/pay/get_order_status_a': { rule: 'signedIn', call: () => ({ url: '?orderId=999999' }) },
  'GET /api/order/list': { rule: 'signedIn' },
  'POST /api/pay/webhook/:provider': { rule: 'public', call: () => ({ url: '/stripe', body: { id: 'evt_x' } }) },
  'GET /api/pay/sandbox/:orderId': { rule: 'signedIn', call: () => ({ url: '/999999' }) },
  'POST /api/pay/sandbox/:orderId/confirm': { rule: 'signedIn', call: () => ({ url: '/999999/confirm', body: {} }) },
  'GET /api/pay/sandbox/pay.js': { rule: 'signedIn' },
  'GET /api/subscription/list': { rule: 'signedIn' },
  'POST /api/subscription/cancel': { rule: 'signedIn', call: () => ({ body: { id: 999999 } }) },
  'GET /api/subscription/end_time': { rule: 'signedIn' },
  'GET /api/ai/config/remaininguses': { rule: 'signedIn' },
  'GET /api/organization/edition': { rule: 'signedIn' },
} satisfies Rows;
