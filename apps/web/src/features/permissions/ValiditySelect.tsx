/**
 * How long a data grant lasts (issue 25 point 6): the applicant asks for a validity, the approver
 * keeps it or shortens it (never lengthens: `max` is the asked expiry). The choice is a key ('d30',
 * 'none', 'asked') turned into an ISO time when the form is sent (validityToIso).
 */
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from './format';

const DAYS = [1, 7, 30, 90, 365];
export type ValidityChoice = string;

interface Props {
  value: ValidityChoice;
  onChange(v: ValidityChoice): void;
  /** The asked expiry the approver may not go past (undefined: applicant, no bound; null: asked "no expiry"). */
  max?: string | null;
  testId?: string;
}

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

/** The ISO expiry (null: none) of a choice, at the moment the form is sent. */
export function validityToIso(choice: ValidityChoice, max?: string | null): string | null {
  if (choice === 'asked') return max ?? null;
  if (choice === 'none') return null;
  return inDays(Number(choice.slice(1)));
}

export function ValiditySelect({ value, onChange, max, testId = 'validity' }: Props) {
  const { t } = useTranslation();
  const bound = max ? new Date(max).getTime() : Infinity;
  const options: { value: string; label: string }[] = [];
  if (max !== undefined) options.push({ value: 'asked', label: max ? t('perm.validity.asked', { date: formatTime(max) }) : t('perm.validity.none') });
  for (const d of DAYS) if (Date.now() + d * 86_400_000 < bound) options.push({ value: `d${d}`, label: t('perm.validity.days', { count: d }) });
  if (max === undefined) options.push({ value: 'none', label: t('perm.validity.none') });
  return <Select value={value} onChange={onChange} options={options} data-testid={testId} style={{ minWidth: 220 }} />;
}
