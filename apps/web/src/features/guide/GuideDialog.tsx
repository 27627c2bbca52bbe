/** One guide dialog's content and actions; GuideHost decides which one is open. */
import { Alert, Button, Modal, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GuideName, LicenceStatus } from '@askdb/contracts';
import { daysLeft } from '../licence/licence-store';

export interface GuideDialogProps {
  name: GuideName;
  status?: LicenceStatus;
  /** The ended plan's time (Expired). */
  endedAt?: string | null;
  onClose(): void;
  onActivate(): void;
  onRenew(): void;
}

const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : '');

export function GuideDialog({ name, status, endedAt, onClose, onActivate, onRenew }: GuideDialogProps) {
  const { t } = useTranslation();
  const activate = <Button key="activate" type="primary" onClick={onActivate} data-testid="guide-activate">{t('guide.activate')}</Button>;
  let icon: 'info' | 'warning' | 'success' = 'info';
  let body: React.ReactNode;
  let actions: React.ReactNode[];
  switch (name) {
    case 'FirstLogin':
      icon = 'success';
      body = (
        <ul style={{ textAlign: 'left' }}>
          <li>{t('guide.FirstLogin.point1')}</li>
          <li>{t('guide.FirstLogin.point2')}</li>
          <li>{t('guide.FirstLogin.point3')}</li>
        </ul>
      );
      actions = [<Button key="ok" type="primary" onClick={onClose} data-testid="guide-ok">{t('guide.FirstLogin.ok')}</Button>];
      break;
    case 'Expired':
      icon = 'warning';
      body = <Typography.Paragraph>{t('guide.Expired.body', { date: day(endedAt) })}</Typography.Paragraph>;
      actions = [<Button key="later" onClick={onClose}>{t('guide.later')}</Button>, <Button key="renew" type="primary" onClick={onRenew} data-testid="guide-renew">{t('guide.Expired.renew')}</Button>];
      break;
    case 'OfflineTrial':
      body = <Typography.Paragraph data-testid="guide-trial-days">{t('guide.OfflineTrial.body', { days: daysLeft(status?.trialEndTime), date: day(status?.trialEndTime) })}</Typography.Paragraph>;
      actions = [<Button key="continue" onClick={onClose} data-testid="guide-continue">{t('guide.OfflineTrial.continue')}</Button>, activate];
      break;
    case 'OfflineTrialExpired':
      icon = 'warning';
      body = (
        <>
          {status?.reason && status.reason !== 'TRIAL_EXPIRED' && <Alert type="warning" showIcon message={t(`licence.reason.${status.reason}`)} style={{ marginBottom: 12, textAlign: 'left' }} />}
          <Typography.Paragraph>{t('licence.reason.TRIAL_EXPIRED')} {t('guide.OfflineTrialExpired.body')}</Typography.Paragraph>
        </>
      );
      actions = [<Button key="close" onClick={onClose} data-testid="guide-close">{t('guide.close')}</Button>, activate];
      break;
    case 'OfflineLicenseExpired':
      icon = 'warning';
      body = <Typography.Paragraph>{t('guide.OfflineLicenseExpired.body', { date: day(status?.expireTime) })}</Typography.Paragraph>;
      actions = [<Button key="close" onClick={onClose} data-testid="guide-close">{t('guide.close')}</Button>, activate];
      break;
    default:
      return null;
  }
  return (
    <Modal open onCancel={onClose} footer={null} width={520} centered maskClosable={false}>
      <div data-testid={`guide-${name}`}>
        <Result status={icon} title={t(`guide.${name}.title`)} subTitle={body} extra={<Space>{actions}</Space>} style={{ padding: '16px 8px' }} />
      </div>
    </Modal>
  );
}
