/** A purchase / activation code status (spec 02 §4): in use, trial, used, unused, expired. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PurchaseStatus } from '@askdb/contracts';

const COLORS: Record<PurchaseStatus, string> = { IN_USE: 'green', TRIAL: 'processing', USED: 'default', UNUSED: 'gold', EXPIRED: 'red' };

export function PurchaseStatusTag({ status }: { status: PurchaseStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]} data-testid="purchase-status" data-status={status}>{t(`licence.purchase.${status}`)}</Tag>;
}
