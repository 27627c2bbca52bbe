/** The new password twice (rule: 8+ characters with upper, lower and a digit; the two must match), shared by register and reset. */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { formRules } from './rules';

export function NewPasswordFields({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  const rules = formRules(t);
  return (
    <>
      <Form.Item name="password" label={t('auth.newPassword')} rules={rules.newPassword} extra={t('auth.rule.password')}>
        <Input.Password data-testid={`${testIdPrefix}-password`} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('auth.confirmPassword')} dependencies={['password']} rules={rules.confirm('password')}>
        <Input.Password data-testid={`${testIdPrefix}-confirm`} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
