/** The withdrawal form's checks (spec 02 §5): the same rules the server applies, shown before sending. */
import { PHONE_PATTERN, WITHDRAWAL_LIMITS, isValidIdNumber } from '@askdb/contracts';

export type WithdrawField = 'name' | 'idNumber' | 'alipayAccount' | 'phone';

/** The problem with one field (an i18n key), or null. */
export function withdrawFieldError(field: WithdrawField, raw: string): string | null {
  const v = (raw ?? '').trim();
  if (!v) return 'rewards.form.required';
  if (field === 'name') return v.length < WITHDRAWAL_LIMITS.nameMin || v.length > WITHDRAWAL_LIMITS.nameMax ? 'rewards.form.nameLength' : null;
  if (field === 'idNumber') return isValidIdNumber(v) ? null : 'rewards.form.idNumber';
  if (field === 'alipayAccount') return v.length > WITHDRAWAL_LIMITS.alipayMax ? 'rewards.form.alipay' : null;
  return PHONE_PATTERN.test(v.replace(/[\s-]/g, '')) ? null : 'rewards.form.phone';
}
