/**
 * Settings › Licence / activation code (spec 02 §2, §3 "Licence and purchase"): this install's
 * licence (status, mode, product, code, trial and expiry times, device) with activate and unbind,
 * and the activation codes bought with this account (product, price, purchase and expiry times,
 * code, status, mode).
 */
import { useEffect, useState } from 'react';
import { Alert, App as AntApp, Button, Descriptions, Empty, Modal, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActivationCodeView, LicenceStatus } from '@askdb/contracts';
import { ApiError } from '../../lib/api';
import { DeviceInfo } from './DeviceInfo';
import { CertificateFile } from './CertificateFile';
import { PurchaseStatusTag } from './PurchaseStatusTag';
import { licenceApi, useLicence } from './licence-store';

const STATE_COLORS: Record<string, string> = { TRIAL: 'processing', ACTIVATED: 'green', EXPIRED: 'red', UNUSED: 'default' };
const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

function ThisInstall({ status }: { status: LicenceStatus }) {
  const { t } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const [unbindCert, setUnbindCert] = useState<string>();
  const [askCert, setAskCert] = useState(false);
  const [busy, setBusy] = useState(false);

  const unbind = async (certificate?: string) => {
    setBusy(true);
    try {
      const r = await licenceApi.unbind(certificate);
      useLicence.getState().set(r.status);
      if (r.slotFreed) void message.success(t('licence.unbind.done'));
      else void message.warning(t('licence.unbind.slotPending'), 8);
      setAskCert(false);
    } catch (e) {
      void message.error(`${t('licence.unbindFailed')}: ${e instanceof ApiError ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };
  const startUnbind = () => {
    if (status.mode === 'offline') return setAskCert(true);
    modal.confirm({ title: t('licence.unbind'), content: t('licence.unbind.confirm'), onOk: () => unbind(), okButtonProps: { danger: true, 'data-testid': 'licence-unbind-confirm' } as { danger: boolean } });
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={2} bordered data-testid="licence-this-install">
        <Descriptions.Item label={t('licence.status')}>
          <Tag color={STATE_COLORS[status.state]} data-testid="licence-state" data-state={status.state}>{t(`licence.state.${status.state}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('licence.mode')}><span data-testid="licence-mode-value">{status.mode ? t(`licence.mode.${status.mode}`) : '—'}</span></Descriptions.Item>
        <Descriptions.Item label={t('licence.product')}>{status.product ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('licence.code')}><span data-testid="licence-code-value">{status.code ?? '—'}</span></Descriptions.Item>
        <Descriptions.Item label={t('licence.trialStart')}>{when(status.trialStartTime)}</Descriptions.Item>
        <Descriptions.Item label={t('licence.trialEnd')}>{when(status.trialEndTime)}</Descriptions.Item>
        <Descriptions.Item label={t('licence.activatedAt')}>{when(status.activatedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('licence.expireTime')}>{status.state === 'ACTIVATED' && !status.expireTime ? t('licence.forever') : when(status.expireTime)}</Descriptions.Item>
      </Descriptions>
      {status.reason && <Alert type="warning" showIcon message={t(`licence.reason.${status.reason}`)} data-testid="licence-reason" />}
      <Space>
        <Button type="primary" onClick={() => useLicence.getState().openActivation()} data-testid="licence-open-activation">{t('licence.activate')}</Button>
        {status.mode && <Button danger loading={busy} onClick={startUnbind} data-testid="licence-unbind">{t('licence.unbind')}</Button>}
      </Space>
      <DeviceInfo device={status.device} />
      <Modal open={askCert} title={t('licence.unbind')} onCancel={() => setAskCert(false)} onOk={() => unbindCert && void unbind(unbindCert)} okButtonProps={{ danger: true, disabled: !unbindCert, loading: busy }} destroyOnHidden>
        <Typography.Paragraph>{t('licence.unbind.certificate')}</Typography.Paragraph>
        <CertificateFile testId="licence-unbind-certificate" onChange={(text) => setUnbindCert(text)} />
      </Modal>
    </Space>
  );
}

function MyCodes() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<ActivationCodeView[]>();
  useEffect(() => {
    licenceApi.codes().then(setRows, () => setRows([]));
  }, []);
  if (!rows) return null;
  return (
    <div data-testid="licence-codes">
      <Typography.Title level={5}>{t('licence.codes.title')}</Typography.Title>
      <Table<ActivationCodeView>
        size="small"
        rowKey="id"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('licence.codes.empty')} /> }}
        columns={[
          { title: t('licence.col.product'), dataIndex: 'product' },
          { title: t('licence.col.price'), render: (_, r) => (r.price == null ? '—' : `${(r.price / 100).toFixed(2)} ${r.currency ?? ''}`) },
          { title: t('licence.col.purchaseTime'), render: (_, r) => when(r.purchaseTime) },
          { title: t('licence.col.expireTime'), render: (_, r) => (r.expireTime ? when(r.expireTime) : t('licence.forever')) },
          { title: t('licence.col.code'), render: (_, r) => <Typography.Text copyable={{ text: r.code }} code style={{ whiteSpace: 'nowrap' }}>{r.code}</Typography.Text> },
          { title: t('licence.col.status'), render: (_, r) => <PurchaseStatusTag status={r.status} /> },
          { title: t('licence.col.mode'), render: (_, r) => (r.mode ? t(`licence.mode.${r.mode}`) : '—') },
          { title: t('licence.col.devices'), render: (_, r) => r.devices.map((d) => `${d.deviceName} (${d.os})`).join(', ') || '—' },
        ]}
      />
    </div>
  );
}

export function LicenceSection() {
  const status = useLicence((s) => s.status);
  useEffect(() => {
    void useLicence.getState().load();
  }, []);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large" data-testid="licence-section">
      {status?.scope === 'local' && <ThisInstall status={status} />}
      {status?.scope === 'server' && <MyCodes />}
    </Space>
  );
}
