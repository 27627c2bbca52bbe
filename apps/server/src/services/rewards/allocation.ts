/**
 * Which of an inviter's rewards a withdrawal has taken (spec 02 §4 "Invite status: waiting to
 * withdraw, withdrawing, withdrawn"). Withdrawals take whole balances, not particular rewards, so
 * rewards are allocated oldest first: the first ones up to the amount withdrawn are WITHDRAWN, the
 * next ones up to the amount being withdrawn are WITHDRAWING, the rest WAITING. A reward split by a
 * partial withdrawal counts as taken only once it is covered in full.
 */
import type { InviteRewardStatus } from '@askdb/contracts';

export function allocateRewardStatuses(rewardsOldestFirst: number[], withdrawn: number, withdrawing: number): InviteRewardStatus[] {
  let cumulative = 0;
  return rewardsOldestFirst.map((amount) => {
    cumulative += amount;
    if (cumulative <= withdrawn) return 'WITHDRAWN';
    if (cumulative <= withdrawn + withdrawing) return 'WITHDRAWING';
    return 'WAITING';
  });
}
