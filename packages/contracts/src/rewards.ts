/**
 * Invitations and rewards (issue 14 point 5; spec 02 §2 "invitation and withdrawal screens", §3
 * "Invitation and withdrawal", §5; API.md "Commerce"). Money is integer minor units end to end.
 */
import { z } from 'zod';

/** Invitation code: exactly 6 letters and digits (spec 02 §5, §9). */
export const INVITATION_CODE_LENGTH = 6;
export const INVITATION_CODE_PATTERN = /^[A-Za-z0-9]{6}$/;
/** The discount a valid invitation code gives its buyer (1000 bp = 10 %). */
export const INVITATION_DISCOUNT_BASIS_POINTS = 1000;
/** The reward the code's owner earns on an invited user's paid order (2000 bp = 20 % of what was paid). */
export const INVITATION_REWARD_BASIS_POINTS = 2000;

/** Spec 01 §4: none (not 6 characters yet), valid or invalid. */
export const INVITATION_CODE_STATES = ['none', 'valid', 'invalid'] as const;
export type InvitationCodeState = (typeof INVITATION_CODE_STATES)[number];

/** A withdrawal: waiting (requested) → withdrawing (the operator is paying it) → withdrawn; or rejected (amount returned). */
export const WITHDRAWAL_STATUSES = ['WAITING', 'WITHDRAWING', 'WITHDRAWN', 'REJECTED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** An invitation's reward, as the inviter sees it (spec 02 §4 "Invite status"). */
export const INVITE_REWARD_STATUSES = ['WAITING', 'WITHDRAWING', 'WITHDRAWN'] as const;
export type InviteRewardStatus = (typeof INVITE_REWARD_STATUSES)[number];

export const REWARD_ERROR_CODES = {
  INVITATION_CODE_INVALID: 'INVITATION_CODE_INVALID',
  INVITATION_CODE_EXISTS: 'INVITATION_CODE_EXISTS',
  WITHDRAW_ABOVE_BALANCE: 'WITHDRAW_ABOVE_BALANCE',
  WITHDRAWAL_STATE: 'WITHDRAWAL_STATE',
} as const;

export const WITHDRAWAL_LIMITS = { nameMin: 2, nameMax: 50, idNumber: 18, alipayMax: 100 } as const;
/** Mainland mobile numbers (11 digits starting 1[3-9]) or an international number (+ and 6–15 digits). */
export const PHONE_PATTERN = /^(?:1[3-9]\d{9}|\+\d{6,15})$/;

/** GB 11643-1999: the 18th character of a resident ID number is a checksum of the first 17 digits (mod 11, 'X' for 10). */
export function idNumberCheckDigit(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * weights[i]!;
  return '10X98765432'[sum % 11]!;
}
export function isValidIdNumber(id: string): boolean {
  if (id.length !== WITHDRAWAL_LIMITS.idNumber) return false;
  const check = idNumberCheckDigit(id.slice(0, 17));
  return check !== null && check === id[17]!.toUpperCase();
}

export const InvitationCodeQuery = z.object({ code: z.string().max(64) });
export const WithdrawRequest = z.object({
  name: z.string().max(200),
  idNumber: z.string().max(64),
  alipayAccount: z.string().max(200),
  phone: z.string().max(64),
  /** The currency to withdraw; defaults to the only one with a balance. */
  currency: z.string().max(8).optional(),
  /** Minor units; defaults to the whole withdrawable balance. */
  amount: z.coerce.number().int().positive().optional(),
});
export type WithdrawRequest = z.infer<typeof WithdrawRequest>;

export const PayoutListQuery = z.object({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const PayoutMark = z.object({
  id: z.coerce.number().int().positive(),
  /** WITHDRAWING (payout started), WITHDRAWN (paid) or REJECTED (amount returned to the balance). */
  status: z.enum(['WITHDRAWING', 'WITHDRAWN', 'REJECTED']),
  note: z.string().max(1000).optional(),
});

export interface InvitationOrderItem {
  id: number;
  inviteeName: string;
  productName: string;
  payAmount: number;
  reward: number;
  currency: string;
  createdAt: string;
  status: InviteRewardStatus;
}
export interface RewardTotals {
  currency: string;
  totalAssets: number;
  withdrawn: number;
  withdrawing: number;
  withdrawable: number;
  waiting: number;
  /** Earned but not withdrawable yet: the invited order can still be cancelled and credited back (issue 24 point 4). */
  pending?: number;
}
export interface WithdrawalView {
  id: number;
  amount: number;
  currency: string;
  status: WithdrawalStatus;
  createdAt: string;
  updatedAt: string;
}
export interface PayoutView extends WithdrawalView {
  userId: number;
  userName: string;
  userEmail: string | null;
  name: string;
  /** Last 4 characters only; the full number is shown once the operator marks the payout (never listed). */
  idNumberHint: string;
  alipayAccount: string;
  phone: string;
  note: string | null;
  /** The user's withdrawable balance in this currency now (issue 24 point 4). */
  balance?: number;
  /** True when that balance is below zero: a reward paid out whose order was credited back. */
  balanceNegative?: boolean;
}
/** A user whose withdrawable balance went below zero (the operator's payout list flags them). */
export interface NegativeRewardBalance {
  userId: number;
  userName: string;
  userEmail: string | null;
  currency: string;
  balance: number;
}
