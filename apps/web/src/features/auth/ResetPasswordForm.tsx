/** Forgot password → set a new one: account, 6-digit passcode, new password twice. */
import { useState } from 'react';
import { Alert, Button, Form, Input, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from './account-api';
import { formRules } from './rules';
import { SendCodeButton } from './SendCodeButton';
import { NewPasswordFields } from './NewPasswordFields';

export function ResetPasswordForm({ onDone, account: fixedAccount }: { onDone(): void; account?: string }) {
  const { t } = useTranslation();
  const rules = formRules(t);
  const [form] = Form.useForm();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const submit = async (v: { account?: string; passcode: string; password: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      await accountApi.resetPassword((fixedAccount ?? v.account ?? '').trim(), v.passcode, v.password);
      setDone(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const getAccount = () =>
    fixedAccount ? Promise.resolve(fixedAccount) : form.validateFields(['account']).then((v) => (v.account as string).trim(), () => undefined);
  if (done)
    return (
      <Result
        status="success"
        title={t('auth.reset.done')}
        data-testid="reset-done"
        extra={<Button type="primary" onClick={onDone}>{fixedAccount ? t('auth.close') : t('auth.backToSignIn')}</Button>}
      />
    );
  return (
    <Form form={form} layout="vertical" onFinish={submit} data-testid="reset-form" requiredMark={false}>
      {!fixedAccount && (
        <Form.Item name="account" label={t('auth.account')} rules={rules.account}>
          <Input placeholder={t('auth.account.placeholder')} data-testid="reset-account" autoComplete="username" />
        </Form.Item>
      )}
      <Form.Item label={t('auth.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="passcode" rules={rules.passcode} noStyle>
            <Input placeholder={t('auth.code.placeholder')} maxLength={6} inputMode="numeric" data-testid="reset-code" />
          </Form.Item>
          <SendCodeButton getAccount={getAccount} purpose="RESET" testId="reset-send-code" />
        </Space.Compact>
      </Form.Item>
      <NewPasswordFields testIdPrefix="reset" />
      {error && <Alert type="error" showIcon title={error} data-testid="reset-error" style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-submit">
        {t('auth.reset.submit')}
      </Button>
    </Form>
  );
}
