/**
 * Security review of commerce and rewards: an invitation reward must not outlive the money it was
 * paid from. A renewal bought with someone's code and cancelled before it starts is credited back
 * to the buyer; the inviter's reward for it is taken back too (otherwise buy → cancel → withdraw
 * farms rewards from money that was returned).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, makeUser } from '../test/org-fixtures.js';
import { commerceWorld } from '../test/commerce-fixtures.js';
import { createInvitationCode } from '../services/rewards/invitation-codes.js';

type World = Awaited<ReturnType<typeof commerceWorld>>;

describe('commerce: rewards of returned money', () => {
  let w: World;
  beforeAll(async () => {
    w = await commerceWorld('security');
  });
  afterAll(async () => {
    await w?.close();
  });

  it('cancelling a not-started renewal bought with an invitation code takes the inviter’s reward back', async () => {
    const inviter = await makeUser(w.t, 'Farm Inviter');
    const code = await createInvitationCode(w.t.deps.store.db, inviter.userId);
    const buyer = await makeUser(w.t, 'Farm Buyer');
    const pay = async (body: Record<string, unknown>) => {
      const id = (await as(w.t, buyer, 'POST', '/api/pay/create_order', body)).body.data.orderId;
      expect((await as(w.t, buyer, 'POST', `/api/pay/sandbox/${id}/confirm`, {})).body.data.status).toBe('PAY_SUCCESS');
      return id as number;
    };
    const withdrawable = async () => {
      const totals = (await as(w.t, inviter, 'GET', '/api/invitation/get_invitation_income')).body.data as { withdrawable: number }[];
      return totals.reduce((s, t) => s + t.withdrawable, 0);
    };
    await pay({ id: 1, paymentMethod: 'sandbox' });
    const renewal = await pay({ id: 1, paymentMethod: 'sandbox', invitationCode: code });
    // Credited, but not withdrawable while the renewal can still be cancelled and credited back (issue 24 point 4).
    expect(await withdrawable()).toBe(0);

    const next = ((await as(w.t, buyer, 'GET', '/api/subscription/list')).body.data as { id: number; orderId: number; status: string }[]).find((s) => s.orderId === renewal)!;
    expect(next.status).toBe('NOT_STARTED');
    expect((await as(w.t, buyer, 'POST', '/api/subscription/cancel', { id: next.id })).body.data.status).toBe('CANCELLED');

    expect(await withdrawable()).toBe(0);
    const form = { name: 'Zhang San', idNumber: '11010519491231002X', alipayAccount: 'farm@example.com', phone: '13800138000' };
    expect((await as(w.t, inviter, 'POST', '/api/invitation/withdraw_invitation_income', form)).status).toBe(409);
  });
});
