/** A flow's or step's status as a coloured tag in the user's language (spec 02 §3 "Approval" statuses). */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  INVOKED: 'processing',
  PENDING: 'gold',
  TRANSFERRED: 'purple',
  ADD_SIGNATURE: 'cyan',
  APPROVED: 'green',
  FINISHED: 'default',
  REJECTED: 'red',
  REVOKED: 'default',
  SKIPPED: 'default',
};

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid="approval-status" data-status={status}>
      {t(`approval.status.${status}`)}
    </Tag>
  );
}
