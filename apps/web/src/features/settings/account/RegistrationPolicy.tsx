/** The operator's setting: who may register on this deployment (open, by invitation only, closed). */
import { useEffect, useState } from 'react';
import { App, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_POLICIES, type RegistrationPolicy as Policy } from '@askdb/contracts';
import { accountApi } from '../../auth/account-api';
import { useErrorToast } from '../../../app/use-error-toast';

export function RegistrationPolicy() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [policy, setPolicy] = useState<Policy>();
  useEffect(() => void accountApi.registrationPolicy().then((r) => setPolicy(r.policy), (e: Error) => showError(e)), [message]);
  const change = (p: Policy) =>
    accountApi.setRegistrationPolicy(p).then(
      (r) => {
        setPolicy(r.policy);
        message.success(t('auth.saved'));
      },
      (e: Error) => showError(e),
    );
  return (
    <Select<Policy>
      style={{ width: 260 }}
      value={policy}
      loading={!policy}
      onChange={change}
      data-testid="registration-policy"
      options={REGISTRATION_POLICIES.map((p) => ({ value: p, label: t(`account.registration.${p}`) }))}
    />
  );
}
