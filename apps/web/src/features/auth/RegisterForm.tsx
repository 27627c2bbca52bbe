/** Register: display name, e-mail or phone, optional passcode, new password twice. */
import { useState } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from './account-api';
import { formRules } from './rules';
import { SendCodeButton } from './SendCodeButton';
import { NewPasswordFields } from './NewPasswordFields';

export function RegisterForm({ onRegistered, inviteToken }: { onRegistered(): void; inviteToken?: string }) {
  const { t } = useTranslation();
  const rules = formRules(t);
  const [form] = Form.useForm();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: { displayName: string; account: string; passcode?: string; password: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      await accountApi.register({ account: v.account.trim(), displayName: v.displayName.trim(), password: v.password, passcode: v.passcode, inviteToken });
      onRegistered();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const getAccount = () => form.validateFields(['account']).then((v) => (v.account as string).trim(), () => undefined);
  return (
    <Form form={form} layout="vertical" onFinish={submit} data-testid="register-form" requiredMark={false}>
      <Form.Item name="displayName" label={t('auth.displayName')} rules={[rules.required, { max: 64 }]}>
        <Input data-testid="register-name" autoComplete="name" />
      </Form.Item>
      <Form.Item name="account" label={t('auth.account')} rules={rules.account}>
        <Input placeholder={t('auth.account.placeholder')} data-testid="register-account" autoComplete="username" />
      </Form.Item>
      <Form.Item label={t('auth.code.optional')} extra={t('auth.code.optionalHint')}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="passcode" rules={[{ pattern: /^\d{6}$/, message: t('auth.rule.passcode') }]} noStyle>
            <Input placeholder={t('auth.code.placeholder')} maxLength={6} inputMode="numeric" data-testid="register-code" />
          </Form.Item>
          <SendCodeButton getAccount={getAccount} purpose="REGISTER" testId="register-send-code" />
        </Space.Compact>
      </Form.Item>
      <NewPasswordFields testIdPrefix="register" />
      {error && <Alert type="error" showIcon title={error} data-testid="register-error" style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
        {t('auth.register')}
      </Button>
    </Form>
  );
}
