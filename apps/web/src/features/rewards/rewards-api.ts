/** Invitation and reward calls (API.md "Commerce"; routes/invitation.ts). */
import type { InvitationOrderItem, NegativeRewardBalance, PayoutView, RewardTotals, WithdrawalStatus, WithdrawalView, WithdrawRequest } from '@askdb/contracts';
import { api } from '../../lib/api';

const P = '/api/invitation';
export const rewardsApi = {
  myCode: () => api<string | null>(`${P}/get_my_invitation_code`),
  createCode: () => api<string>(`${P}/create_invitation_code`, { method: 'POST', body: {} }),
  invitations: () => api<InvitationOrderItem[]>(`${P}/get_invitation_order_item`),
  totals: () => api<RewardTotals[]>(`${P}/get_invitation_income`),
  withdrawals: () => api<WithdrawalView[]>(`${P}/withdrawal_list`),
  withdraw: (body: WithdrawRequest) => api<WithdrawalView>(`${P}/withdraw_invitation_income`, { body }),
  payouts: (q: { status?: WithdrawalStatus; pageNo?: number; pageSize?: number }) => api<{ data: PayoutView[]; total: number; negativeBalances?: NegativeRewardBalance[] }>(`${P}/payout/list`, { query: q }),
  payoutIdNumber: (id: number) => api<string>(`${P}/payout/id_number`, { query: { id } }),
  markPayout: (id: number, status: 'WITHDRAWING' | 'WITHDRAWN' | 'REJECTED', note?: string) => api<boolean>(`${P}/payout/mark`, { body: { id, status, note } }),
};
