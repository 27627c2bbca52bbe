/** Settings → account: e-mail and phone (changed with a passcode sent to the new one), password change and reset. */
import { useState } from 'react';
import { App, Button, Descriptions, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../auth/account-api';
import { ResetPasswordForm } from '../../auth/ResetPasswordForm';
import { formRules } from '../../auth/rules';
import { SendCodeButton } from '../../auth/SendCodeButton';
import { useSession } from '../../auth/session';
import { RegistrationPolicy } from './RegistrationPolicy';
import { useErrorToast } from '../../../app/use-error-toast';

type Dialog = 'email' | 'phone' | 'password' | 'reset' | null;

export function AccountSection() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  if (!user) return null;
  const close = () => setDialog(null);
  return (
    <div data-testid="settings-account">
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('account.email')}>
          <Space>
            <span data-testid="account-email">{user.email ?? t('account.notSet')}</span>
            <Button size="small" onClick={() => setDialog('email')} data-testid="account-change-email">{t('account.change')}</Button>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('account.phone')}>
          <Space>
            <span data-testid="account-phone">{user.phone ?? t('account.notSet')}</span>
            <Button size="small" onClick={() => setDialog('phone')} data-testid="account-change-phone">{t('account.change')}</Button>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('auth.password')}>
          <Space>
            <Button size="small" onClick={() => setDialog('password')} data-testid="account-change-password">{t('account.changePassword')}</Button>
            <Button size="small" type="link" onClick={() => setDialog('reset')} data-testid="account-reset-password">{t('auth.forgot')}</Button>
          </Space>
        </Descriptions.Item>
        {user.isOperator && (
          <Descriptions.Item label={t('account.registration')}>
            <RegistrationPolicy />
          </Descriptions.Item>
        )}
      </Descriptions>
      <Modal open={dialog === 'email' || dialog === 'phone'} title={dialog === 'phone' ? t('account.changePhone') : t('account.changeEmail')} footer={null} onCancel={close} destroyOnHidden>
        {(dialog === 'email' || dialog === 'phone') && <ChangeContactForm kind={dialog} onDone={close} />}
      </Modal>
      <Modal open={dialog === 'password'} title={t('account.changePassword')} footer={null} onCancel={close} destroyOnHidden>
        <ChangePasswordForm onDone={close} />
      </Modal>
      <Modal open={dialog === 'reset'} title={t('auth.reset.title')} footer={null} onCancel={close} destroyOnHidden>
        <ResetPasswordForm account={user.email ?? user.phone ?? undefined} onDone={close} />
      </Modal>
    </div>
  );
}

function ChangeContactForm({ kind, onDone }: { kind: 'email' | 'phone'; onDone(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const rules = formRules(t);
  const [form] = Form.useForm();
  const refreshUser = useSession((s) => s.refreshUser);
  const submit = async (v: { value: string; passcode: string }) => {
    try {
      await (kind === 'email' ? accountApi.changeEmail(v.value.trim(), v.passcode) : accountApi.changePhone(v.value.trim(), v.passcode));
      await refreshUser();
      message.success(t('auth.saved'));
      onDone();
    } catch (e) {
      showError(e);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
      <Form.Item name="value" label={kind === 'email' ? t('account.newEmail') : t('account.newPhone')} rules={kind === 'email' ? rules.email : rules.account}>
        <Input data-testid="account-new-contact" />
      </Form.Item>
      <Form.Item label={t('auth.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="passcode" rules={rules.passcode} noStyle>
            <Input maxLength={6} inputMode="numeric" placeholder={t('auth.code.placeholder')} />
          </Form.Item>
          <SendCodeButton purpose="CHANGE" getAccount={() => form.validateFields(['value']).then((x) => (x.value as string).trim(), () => undefined)} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block>{t('account.save')}</Button>
    </Form>
  );
}

function ChangePasswordForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const rules = formRules(t);
  const submit = async (v: { oldPassword: string; password: string }) => {
    try {
      await accountApi.changePassword(v.oldPassword, v.password);
      message.success(t('auth.reset.done'));
      onDone();
    } catch (e) {
      showError(e);
    }
  };
  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false} data-testid="change-password-form">
      <Form.Item name="oldPassword" label={t('account.oldPassword')} rules={[rules.required]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" label={t('auth.newPassword')} rules={rules.newPassword} extra={t('auth.rule.password')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('auth.confirmPassword')} dependencies={['password']} rules={rules.confirm('password')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block>{t('account.save')}</Button>
    </Form>
  );
}
