/** The two sign-in tabs: account + password, and account + 6-digit passcode. */
import { useState } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi, isEmailAccount } from './account-api';
import { formRules } from './rules';
import { SendCodeButton } from './SendCodeButton';

interface Props {
  onSignedIn(): void;
}

function useSubmit(onSignedIn: () => void) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await fn();
      onSignedIn();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

export function PasswordLoginForm({ onSignedIn }: Props) {
  const { t } = useTranslation();
  const rules = formRules(t);
  const { error, busy, run } = useSubmit(onSignedIn);
  const submit = (v: { account: string; password: string }) =>
    run(() => accountApi.login(isEmailAccount(v.account) ? 'EMAIL_PASSWORD' : 'PHONE_PASSWORD', v.account.trim(), { password: v.password }));
  return (
    <Form layout="vertical" onFinish={submit} data-testid="login-password-form" requiredMark={false}>
      <Form.Item name="account" label={t('auth.account')} rules={rules.account}>
        <Input prefix={<UserOutlined />} placeholder={t('auth.account.placeholder')} autoComplete="username" data-testid="login-account" />
      </Form.Item>
      <Form.Item name="password" label={t('auth.password')} rules={[rules.required]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('auth.password')} autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} data-testid="login-error" style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
        {t('auth.signIn')}
      </Button>
    </Form>
  );
}

export function CodeLoginForm({ onSignedIn }: Props) {
  const { t } = useTranslation();
  const rules = formRules(t);
  const [form] = Form.useForm();
  const { error, busy, run } = useSubmit(onSignedIn);
  const submit = (v: { account: string; passcode: string }) =>
    run(() => accountApi.login(isEmailAccount(v.account) ? 'EMAIL_PASSCODE' : 'PHONE_PASSCODE', v.account.trim(), { passcode: v.passcode }));
  const getAccount = () => form.validateFields(['account']).then((v) => (v.account as string).trim(), () => undefined);
  return (
    <Form form={form} layout="vertical" onFinish={submit} data-testid="login-code-form" requiredMark={false}>
      <Form.Item name="account" label={t('auth.account')} rules={rules.account}>
        <Input prefix={<UserOutlined />} placeholder={t('auth.account.placeholder')} autoComplete="username" data-testid="login-code-account" />
      </Form.Item>
      <Form.Item label={t('auth.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="passcode" rules={rules.passcode} noStyle>
            <Input placeholder={t('auth.code.placeholder')} maxLength={6} inputMode="numeric" autoComplete="one-time-code" data-testid="login-code" />
          </Form.Item>
          <SendCodeButton getAccount={getAccount} purpose="LOGIN" />
        </Space.Compact>
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} data-testid="login-error" style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-code-submit">
        {t('auth.signIn')}
      </Button>
    </Form>
  );
}
