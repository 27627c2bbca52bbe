/** A stored notice (message key + params) in the reader's language. */
import type { TFunction } from 'i18next';
import type { NotificationItem } from '@askdb/contracts';

export function noticeText(t: TFunction, n: Pick<NotificationItem, 'messageKey' | 'params'>): string {
  const key = `notice.msg.${n.messageKey}`;
  const params: Record<string, string | number> = { ...n.params };
  if (typeof params.status === 'string') params.status = t(`notice.status.${params.status}`, { defaultValue: params.status });
  const text = t(key, { ...params, interpolation: { escapeValue: false }, defaultValue: '' });
  return text || t('notice.msg.unknown', { key: n.messageKey, interpolation: { escapeValue: false } });
}
