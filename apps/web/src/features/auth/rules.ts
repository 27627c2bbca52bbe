/** Form rules of spec 02 §5 (required, e-mail, password strength, matching entries, 6-digit code, 8-digit team code). */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

export const PASSWORD_MIN = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 -]{5,19}$/;

/** At least 8 characters with an upper-case letter, a lower-case letter and a digit (issue 12: 8 wins over 4). */
export function passwordStrong(p: string): boolean {
  return p.length >= PASSWORD_MIN && /[A-Z]/.test(p) && /[a-z]/.test(p) && /[0-9]/.test(p);
}
export const isEmail = (s: string) => EMAIL.test(s.trim());
export const isPhone = (s: string) => PHONE.test(s.trim());

export function formRules(t: TFunction) {
  const required: FormRule = { required: true, whitespace: true, message: t('auth.rule.required') };
  return {
    required,
    email: [required, { validator: (_: unknown, v?: string) => (!v || isEmail(v) ? Promise.resolve() : Promise.reject(new Error(t('auth.rule.email')))) }] as FormRule[],
    /** An e-mail address or a phone number. */
    account: [
      required,
      { validator: (_: unknown, v?: string) => (!v || isEmail(v) || isPhone(v) ? Promise.resolve() : Promise.reject(new Error(v.includes('@') ? t('auth.rule.email') : t('auth.rule.account')))) },
    ] as FormRule[],
    newPassword: [required, { validator: (_: unknown, v?: string) => (!v || passwordStrong(v) ? Promise.resolve() : Promise.reject(new Error(t('auth.rule.password')))) }] as FormRule[],
    /** The second entry of a new password, compared with the field `field`. */
    confirm: (field: string): FormRule[] => [
      required,
      ({ getFieldValue }) => ({
        validator: (_: unknown, v?: string) => (!v || v === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(t('auth.rule.mismatch')))),
      }),
    ],
    passcode: [required, { pattern: /^\d{6}$/, message: t('auth.rule.passcode') }] as FormRule[],
    teamCode: [required, { pattern: /^\d{8}$/, message: t('auth.rule.teamCode') }] as FormRule[],
  };
}
