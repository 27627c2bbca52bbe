/**
 * Invitation codes and rewards (API.md "Commerce"; spec 02 §3 "Invitation and withdrawal"): my code,
 * the code check, my invitations, totals, withdrawals, and the operator's payouts. Rules live in
 * services/rewards; this module maps HTTP.
 *
 * Billing off: the user's routes answer 404 BILLING_OFF like the other selling routes; the operator's
 * payout routes stay reachable (withdrawals asked for while billing was on are still owed).
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { InvitationCodeQuery, PayoutListQuery, PayoutMark, WithdrawRequest } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { requireUser } from '../http/context.js';
import { commerce } from '../services/commerce/service.js';
import { checkInvitationCode, createInvitationCode, myInvitationCode } from '../services/rewards/invitation-codes.js';
import { RewardService } from '../services/rewards/rewards.js';
import { PayoutService } from '../services/rewards/payouts.js';

const tag = 'invitation';
const P = '/api/invitation';

const invitation: RouteModule = (app, deps) => {
  const svc = commerce(deps);
  const rewards = new RewardService(deps, () => svc.clock());
  const payouts = new PayoutService(deps, () => svc.clock());
  /** A user's route: 404 BILLING_OFF unless this deployment sells. */
  const selling = (req: FastifyRequest) => svc.requireBilling(req.ctx.lang);

  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${P}/get_invitation_code_exit`, summary: 'Whether an invitation code exists (6 letters and digits)', tag, query: InvitationCodeQuery }, async ({ query }, req) => {
    selling(req);
    return (await checkInvitationCode(deps, query.code)) !== null;
  });
  defineRoute(app, { access: 'signedIn', method: 'POST', url: `${P}/create_invitation_code`, summary: 'Create my invitation code (answers the existing one if I have it)', tag }, (_i, req) => {
    selling(req);
    return createInvitationCode(deps.store.db, requireUser(req).id);
  });
  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${P}/get_my_invitation_code`, summary: 'My invitation code, or null', tag }, (_i, req) => {
    selling(req);
    return myInvitationCode(deps.store.db, requireUser(req).id);
  });
  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${P}/get_invitation_order_item`, summary: 'My invitations: invited user, product, time, reward, status', tag }, (_i, req) => {
    selling(req);
    return rewards.invitations(requireUser(req).id);
  });
  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${P}/get_invitation_income`, summary: 'My reward totals per currency (total assets, withdrawn, withdrawing, withdrawable, waiting)', tag }, (_i, req) => {
    selling(req);
    return rewards.totals(requireUser(req).id);
  });
  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${P}/withdrawal_list`, summary: 'My withdrawals, newest first', tag }, (_i, req) => {
    selling(req);
    return rewards.withdrawals(requireUser(req).id);
  });
  defineRoute(app, { access: 'signedIn', method: 'POST', url: `${P}/withdraw_invitation_income`, summary: 'Withdraw my rewards to Alipay (name, ID number, Alipay account, phone)', tag, body: WithdrawRequest }, ({ body }, req) => {
    selling(req);
    return rewards.withdraw(requireUser(req).id, req.ctx.lang, body);
  });
  defineRoute(app, { access: 'operator', method: 'GET', url: `${P}/payout/list`, summary: 'Withdrawals to pay out (operator)', tag, query: PayoutListQuery }, ({ query }) =>
    payouts.list(query),
  );
  defineRoute(app, { access: 'operator', method: 'GET', url: `${P}/payout/id_number`, summary: 'The full ID number of one payout (operator)', tag, query: z.object({ id: z.coerce.number().int().positive() }) }, ({ query }, req) =>
    payouts.idNumber(query.id, req.ctx.lang),
  );
  defineRoute(app, { access: 'operator', method: 'POST', url: `${P}/payout/mark`, summary: 'Mark a payout withdrawing, withdrawn or rejected (operator)', tag, body: PayoutMark }, async ({ body }, req) => {
    await payouts.mark(requireUser(req).id, req.ctx.lang, body.id, body.status, body.note);
    return true;
  });
};

export default invitation;
