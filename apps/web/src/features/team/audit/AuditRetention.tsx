/**
 * The operator's part of the audit page: how many days audit rows are kept (deployment-wide; older rows
 * are pruned hourly) and the writer's counts — rows written, waiting, and any that could not be written.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditApi, type AuditStatus } from './audit-api';
import { useErrorToast } from '../../../app/use-error-toast';

export function AuditRetention() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [status, setStatus] = useState<AuditStatus>();
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => void auditApi.status().then((s) => (setStatus(s), setDays(s.retentionDays)), (e: Error) => showError(e)), [message]);
  const save = () =>
    days &&
    auditApi.setRetention(days).then(
      (r) => {
        setStatus((s) => s && { ...s, retentionDays: r.retentionDays });
        message.success(t('team.audit.retentionSaved'));
      },
      (e: Error) => showError(e),
    );
  if (!status) return null;
  return (
    <div style={{ marginBottom: 12 }} data-testid="audit-retention">
      <Space wrap>
        <Typography.Text>{t('team.audit.retention')}</Typography.Text>
        <InputNumber min={1} max={36500} precision={0} value={days} onChange={setDays} addonAfter={t('team.audit.days')} style={{ width: 160 }} data-testid="audit-retention-days" />
        <Button onClick={save} disabled={!days || days === status.retentionDays} data-testid="audit-retention-save">{t('team.audit.save')}</Button>
        <Typography.Text type="secondary">{t('team.audit.writerStatus', { written: status.written, queued: status.queued })}</Typography.Text>
      </Space>
      {status.lost > 0 && <Alert style={{ marginTop: 8 }} type="error" showIcon message={t('team.audit.lost', { lost: status.lost, error: status.lastError ?? '' })} data-testid="audit-lost" />}
    </div>
  );
}
