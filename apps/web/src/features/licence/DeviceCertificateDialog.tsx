/**
 * Get a device certificate for an offline device (spec 02 §3 "Device certificate", §5): code,
 * device name, OS and device ID, all required. The certificate downloads as a file; it cannot be
 * revoked or changed.
 */
import { useState } from 'react';
import { Alert, App as AntApp, Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { downloadText } from '../../lib/download';
import { licenceApi, useLicence } from './licence-store';

interface Fields { code: string; deviceName: string; os: string; deviceId: string }

export function DeviceCertificateDialog({ open, onClose, defaultCode }: { open: boolean; onClose(): void; defaultCode?: string }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Fields>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const device = useLicence((s) => s.status?.device);

  const submit = async () => {
    setError(undefined);
    let v: Fields;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const text = await licenceApi.deviceCertificate({ code: v.code.trim(), deviceName: v.deviceName.trim(), os: v.os.trim(), deviceId: v.deviceId.trim() });
      downloadText(text, `askdb-device-${v.deviceId.trim()}.cert`, 'text/plain;charset=utf-8');
      void message.success(t('licence.cert.obtained'));
      onClose();
    } catch (e) {
      setError(`${t('licence.cert.failed')}: ${e instanceof ApiError ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };
  const required = [{ required: true, whitespace: true, message: t('licence.cert.required') }];
  return (
    <Modal open={open} title={t('licence.cert.title')} onCancel={onClose} onOk={() => void submit()} okText={t('licence.cert.get')} confirmLoading={busy} destroyOnHidden okButtonProps={{ 'data-testid': 'licence-cert-submit' } as Record<string, string>}>
      <div data-testid="licence-cert-dialog">
      <Alert type="warning" showIcon message={t('licence.cert.note')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" initialValues={{ code: defaultCode ?? '' }} preserve={false}>
        <Form.Item name="code" label={t('licence.code')} rules={[{ required: true, whitespace: true, message: t('licence.code.required') }]}>
          <Input placeholder={t('licence.code.placeholder')} data-testid="licence-cert-code" maxLength={64} />
        </Form.Item>
        <Form.Item name="deviceName" label={t('licence.device.name')} rules={required}>
          <Input data-testid="licence-cert-name" maxLength={255} />
        </Form.Item>
        <Form.Item name="os" label={t('licence.device.os')} rules={required}>
          <Input data-testid="licence-cert-os" maxLength={255} />
        </Form.Item>
        <Form.Item name="deviceId" label={t('licence.device.id')} rules={required}>
          <Input data-testid="licence-cert-id" maxLength={64} />
        </Form.Item>
        {device?.id && (
          <Button type="link" style={{ padding: 0 }} onClick={() => form.setFieldsValue({ deviceName: device.name, os: device.os, deviceId: device.id })} data-testid="licence-cert-this-device">
            {t('licence.cert.useThisDevice')}
          </Button>
        )}
      </Form>
      {error && <Alert type="error" showIcon message={error} data-testid="licence-cert-error" />}
      </div>
    </Modal>
  );
}
