/** Route-table rows of invitations and rewards (routes/invitation.ts). Everything is the caller's own, or the operator's. */
import type { Rows } from './types.js';

export default {
  'GET /api/invitation/get_invitation_code_exit': { rule: 'signedIn', call: () => ({ url: '?code=ABC123' }) },
  'POST /api/invitation/create_invitation_code': { rule: 'signedIn' },
  'GET /api/invitation/get_my_invitation_code': { rule: 'signedIn' },
  'GET /api/invitation/get_invitation_order_item': { rule: 'signedIn' },
  'GET /api/invitation/get_invitation_income': { rule: 'signedIn' },
  'GET /api/invitation/withdrawal_list': { rule: 'signedIn' },
  'POST /api/invitation/withdraw_invitation_income': { rule: 'signedIn', call: () => ({ body: { name: 'Zhang San', idNumber: '11010519491231002X', alipayAccount: 'a@b.cn', phone: '13800138000' } }) },
  'GET /api/invitation/payout/list': { rule: 'operator' },
  'GET /api/invitation/payout/id_number': { rule: 'operator', call: () => ({ url: '?id=1' }) },
  'POST /api/invitation/payout/mark': { rule: 'operator', call: () => ({ body: { id: 1, status: 'WITHDRAWN' } }) },
} satisfies Rows;
