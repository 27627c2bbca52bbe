/** Settings → API keys: create (the key is shown once, with copy), list, revoke. */
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi, type ApiKeyInfo } from '../../auth/account-api';
import { formRules } from '../../auth/rules';
import { formatTime } from './format';
import { useErrorToast } from '../../../app/use-error-toast';

export function ApiKeysSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [rows, setRows] = useState<ApiKeyInfo[]>();
  const [created, setCreated] = useState<string>();
  const [form] = Form.useForm();
  const load = useCallback(() => accountApi.apiKeys().then(setRows, (e: Error) => showError(e)), [message]);
  useEffect(() => void load(), [load]);
  const create = async (v: { name: string }) => {
    try {
      const k = await accountApi.createApiKey(v.name.trim());
      setCreated(k.key);
      form.resetFields();
      void load();
    } catch (e) {
      showError(e);
    }
  };
  return (
    <div data-testid="settings-api-keys">
      <Typography.Paragraph type="secondary">{t('account.apiKey.intro')}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={create} style={{ marginBottom: 12 }}>
        <Form.Item name="name" rules={[formRules(t).required, { max: 64 }]}>
          <Input placeholder={t('account.apiKey.name')} data-testid="api-key-name" />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="api-key-create">{t('account.apiKey.create')}</Button>
      </Form>
      <Table<ApiKeyInfo>
        size="small"
        rowKey="id"
        loading={!rows}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('account.apiKey.name'), dataIndex: 'name' },
          { title: t('account.apiKey.prefix'), dataIndex: 'prefix', render: (p: string) => <Typography.Text code>{p}…</Typography.Text> },
          { title: t('account.apiKey.created'), render: (_, k) => formatTime(k.createdAt) },
          { title: t('account.apiKey.lastUsed'), render: (_, k) => formatTime(k.lastUsedAt) || '—' },
          {
            title: '',
            width: 90,
            render: (_, k) => (
              <Popconfirm title={t('account.apiKey.revokeConfirm')} onConfirm={() => accountApi.revokeApiKey(k.id).then(load, (e: Error) => showError(e))}>
                <Button size="small" danger data-testid="api-key-revoke">{t('account.revoke')}</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Modal open={!!created} title={t('account.apiKey.createdTitle')} onOk={() => setCreated(undefined)} onCancel={() => setCreated(undefined)} cancelButtonProps={{ style: { display: 'none' } }}>
        <Alert type="warning" showIcon title={t('account.apiKey.once')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: created }} code data-testid="api-key-value" style={{ wordBreak: 'break-all' }}>
          {created}
        </Typography.Paragraph>
      </Modal>
    </div>
  );
}
