/** Settings → personal information: avatar and display name. */
import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../auth/account-api';
import { AvatarUpload } from '../../auth/AvatarUpload';
import { formRules } from '../../auth/rules';
import { useSession } from '../../auth/session';
import { useErrorToast } from '../../../app/use-error-toast';

export function ProfileSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const { user, refreshUser } = useSession();
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const save = async (v: { displayName: string }) => {
    setBusy(true);
    try {
      await accountApi.updateProfile({ displayName: v.displayName.trim() });
      await refreshUser();
      message.success(t('auth.saved'));
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="settings-profile">
      <Form layout="vertical" initialValues={{ displayName: user.displayName }} onFinish={save} requiredMark={false}>
        <Form.Item label={t('account.avatar')}>
          <AvatarUpload
            value={user.avatar}
            name={user.displayName}
            testId="profile-avatar"
            onChange={async (avatar) => {
              await accountApi.updateProfile({ avatar });
              await refreshUser();
            }}
          />
        </Form.Item>
        <Form.Item name="displayName" label={t('auth.displayName')} rules={[formRules(t).required, { max: 64 }]}>
          <Input style={{ maxWidth: 320 }} data-testid="profile-name" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-save">
          {t('account.save')}
        </Button>
      </Form>
    </div>
  );
}
