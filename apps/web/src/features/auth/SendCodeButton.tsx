/** "Send code" with the resend countdown the server answered (seconds); the account comes from the form field. */
import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { accountApi } from './account-api';
import { useErrorToast } from '../../app/use-error-toast';

export function SendCodeButton({ getAccount, purpose, testId = 'send-code' }: { getAccount(): Promise<string | undefined>; purpose: Parameters<typeof accountApi.sendCode>[1]; testId?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  const send = async () => {
    const account = await getAccount();
    if (!account) return;
    setBusy(true);
    try {
      setLeft(await accountApi.sendCode(account, purpose));
      message.success(t('auth.code.sent'));
    } catch (e) {
      // Asked again too soon: the server says how many seconds are left.
      const left = e instanceof ApiError && e.errorCode === 'PASSCODE_TOO_SOON' ? Number(e.detail) : 0;
      if (left > 0) setLeft(left);
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button data-testid={testId} disabled={left > 0} loading={busy} onClick={send} style={{ minWidth: 120 }}>
      {left > 0 ? t('auth.code.resendIn', { seconds: left }) : t('auth.code.send')}
    </Button>
  );
}
