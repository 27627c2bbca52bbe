/**
 * The licence activation dialog (spec 02 §2): online with an activation code, or offline with a
 * device certificate file; this device's name, OS and ID shown for copying; a link to get a
 * certificate for an offline device.
 */
import { useState } from 'react';
import { Alert, App as AntApp, Button, Form, Input, Modal, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LicenceMode } from '@askdb/contracts';
import { ApiError } from '../../lib/api';
import { DeviceInfo } from './DeviceInfo';
import { CertificateFile } from './CertificateFile';
import { DeviceCertificateDialog } from './DeviceCertificateDialog';
import { licenceApi, useLicence } from './licence-store';

export function ActivationDialog() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const open = useLicence((s) => s.activating);
  const status = useLicence((s) => s.status);
  const close = useLicence((s) => s.closeActivation);
  const [mode, setMode] = useState<LicenceMode>('online');
  const [code, setCode] = useState('');
  const [certificate, setCertificate] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [certOpen, setCertOpen] = useState(false);

  const submit = async () => {
    setError(undefined);
    if (mode === 'online' && !code.trim()) return setError(t('licence.code.required'));
    if (mode === 'offline' && !certificate) return setError(t('licence.certificate.required'));
    setBusy(true);
    try {
      const next = await licenceApi.activate({ code: code.trim(), mode, certificate: mode === 'offline' ? certificate : undefined });
      useLicence.getState().set(next);
      void message.success(t('licence.activated'));
      setCode('');
      setCertificate(undefined);
      close();
    } catch (e) {
      setError(`${t('licence.activateFailed')}: ${e instanceof ApiError ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('licence.dialog.title')}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('licence.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="licence-activate-submit">{t('licence.activate')}</Button>
        </Space>
      }
    >
      <div data-testid="licence-activation-dialog">
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Radio.Group value={mode} onChange={(e) => { setMode(e.target.value); setError(undefined); }} data-testid="licence-mode">
          <Radio.Button value="online"><span data-testid="licence-mode-online">{t('licence.mode.online')}</span></Radio.Button>
          <Radio.Button value="offline"><span data-testid="licence-mode-offline">{t('licence.mode.offline')}</span></Radio.Button>
        </Radio.Group>
        <Alert type="info" showIcon message={t(mode === 'online' ? 'licence.online.help' : 'licence.offline.help')} />
        {mode === 'online' ? (
          <Form layout="vertical">
            <Form.Item label={t('licence.code')} required>
              <Input value={code} onChange={(e) => setCode(e.target.value)} placeholder={t('licence.code.placeholder')} data-testid="licence-code" onPressEnter={() => void submit()} maxLength={64} />
            </Form.Item>
          </Form>
        ) : (
          <Form layout="vertical">
            <Form.Item label={t('licence.certificate')} required>
              <CertificateFile onChange={(text, err) => { setCertificate(text); setError(err); }} />
            </Form.Item>
          </Form>
        )}
        {error && <Alert type="error" showIcon message={error} data-testid="licence-activate-error" />}
        {status?.device && <DeviceInfo device={status.device} />}
        <Button type="link" style={{ padding: 0 }} onClick={() => setCertOpen(true)} data-testid="licence-cert-open">{t('licence.cert.open')}</Button>
      </Space>
      </div>
      <DeviceCertificateDialog open={certOpen} onClose={() => setCertOpen(false)} defaultCode={code} />
    </Modal>
  );
}
