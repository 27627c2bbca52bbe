/**
 * Sign-in, registration and account settings (issue 12): error codes and request bodies shared by
 * the server and the web app. Error codes are additions to ERROR_CODES (enums.ts).
 */
import { z } from 'zod';
import { LOGIN_TYPES, REGISTRATION_POLICIES } from './enums.js';

export const AUTH_ERROR_CODES = {
  /** Unknown account or wrong password: one message for both. */
  WRONG_CREDENTIALS: 'WRONG_CREDENTIALS',
  /** The passcode does not match (attempts left may follow in the message). */
  PASSCODE_INVALID: 'PASSCODE_INVALID',
  /** The passcode expired, was already used, or ran out of attempts. */
  PASSCODE_EXPIRED: 'PASSCODE_EXPIRED',
  /** A new passcode was asked for before the resend countdown ended; errorDetail = seconds left. */
  PASSCODE_TOO_SOON: 'PASSCODE_TOO_SOON',
  /** The mail or SMS sender failed. */
  PASSCODE_SEND_FAILED: 'PASSCODE_SEND_FAILED',
  /** Registration needs a passcode sent to the e-mail or phone first. */
  PASSCODE_REQUIRED: 'PASSCODE_REQUIRED',
  ACCOUNT_EXISTS: 'ACCOUNT_EXISTS',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  REGISTRATION_CLOSED: 'REGISTRATION_CLOSED',
  INVITATION_INVALID: 'INVITATION_INVALID',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  OAUTH_FAILED: 'OAUTH_FAILED',
  PROVIDER_NOT_CONFIGURED: 'PROVIDER_NOT_CONFIGURED',
} as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];

/** Password rule (issue 12): at least 8 characters with an upper-case letter, a lower-case letter and a digit. */
export const PASSWORD_MIN_LENGTH = 8;
export function passwordIsStrong(p: string): boolean {
  return p.length >= PASSWORD_MIN_LENGTH && p.length <= 128 && /[A-Z]/.test(p) && /[a-z]/.test(p) && /[0-9]/.test(p);
}
export const PASSCODE_LENGTH = 6;
export const PASSCODE_RESEND_SECONDS = 60;
export const AVATAR_MAX_BYTES = 1024 * 1024;

const email = z.string().trim().toLowerCase().email().max(255);
/** E.164-ish: optional +, 5–20 digits, spaces and dashes ignored. */
const phone = z.string().trim().transform((s) => s.replace(/[\s-]/g, '')).pipe(z.string().regex(/^\+?[0-9]{5,20}$/, 'not a phone number'));
const passcode = z.string().trim().regex(/^[0-9]{6}$/, 'must be 6 digits');

export const registerBody = z
  .object({
    email: email.optional(),
    phone: phone.optional(),
    password: z.string().max(128),
    displayName: z.string().trim().min(1).max(64),
    passcode: passcode.optional(),
    inviteToken: z.string().trim().min(1).max(200).optional(),
  })
  .refine((b) => !!b.email !== !!b.phone, { message: 'give an e-mail or a phone (one of them)', path: ['email'] });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  loginType: z.enum(LOGIN_TYPES.filter((t) => t !== 'WECHAT') as ['EMAIL_PASSWORD', 'PHONE_PASSWORD', 'EMAIL_PASSCODE', 'PHONE_PASSCODE']),
  account: z.string().trim().min(1).max(255),
  password: z.string().max(128).optional(),
  passcode: passcode.optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const PASSCODE_PURPOSES = ['LOGIN', 'REGISTER', 'RESET', 'CHANGE'] as const;
export type PasscodePurpose = (typeof PASSCODE_PURPOSES)[number];
export const sendEmailPasscodeQuery = z.object({ email, purpose: z.enum(PASSCODE_PURPOSES).default('LOGIN') });
export const sendPhonePasscodeQuery = z.object({ phone, purpose: z.enum(PASSCODE_PURPOSES).default('LOGIN') });
export const resetPasswordBody = z.object({ account: z.string().trim().min(1).max(255), passcode, password: z.string().max(128) });

export const updateProfileBody = z.object({ displayName: z.string().trim().min(1).max(64).optional(), avatar: z.string().max(2 * 1024 * 1024).nullable().optional() });
export const changePasswordBody = z.object({ oldPassword: z.string().max(128), newPassword: z.string().max(128) });
export const changeEmailBody = z.object({ email, passcode });
export const changePhoneBody = z.object({ phone, passcode });
export const createApiKeyBody = z.object({ name: z.string().trim().min(1).max(64) });
export const registrationPolicyBody = z.object({ policy: z.enum(REGISTRATION_POLICIES) });

/** `GET /api/oauth/user_a`. */
export interface CurrentUser {
  id: number;
  displayName: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  activated: boolean;
  trialStartTime: string | null;
  isOperator: boolean;
  /** Spec 01 §3: the user chose to work offline (always false here). */
  networkAbandoned?: boolean;
  currentOrganization: { id: number; name: string; type: string; roleCodes: string[]; vip: boolean } | null;
}
