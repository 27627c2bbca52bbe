/** Team settings: avatar, name, team code (copy) and the danger zone with transfer team. */
import { useEffect, useState } from 'react';
import { App, Button, Descriptions, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi, type OrganizationSummary } from '../auth/account-api';
import { AvatarUpload } from '../auth/AvatarUpload';
import { formRules } from '../auth/rules';
import { isSuperAdmin, isTeamAdmin, useSession } from '../auth/session';
import { TransferTeam } from './TransferTeam';
import { useErrorToast } from '../../app/use-error-toast';

export function TeamSettings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const user = useSession((s) => s.user);
  const refreshUser = useSession((s) => s.refreshUser);
  const [org, setOrg] = useState<OrganizationSummary>();
  const load = () => accountApi.organization().then(setOrg, (e: Error) => showError(e));
  useEffect(() => void load(), []); // eslint-disable-line react-hooks/exhaustive-deps
  if (!org) return null;
  const admin = isTeamAdmin(user);
  const save = async (v: { name: string }) => {
    try {
      await accountApi.updateOrganization({ organizationId: org.id, name: v.name.trim() });
      await Promise.all([load(), refreshUser()]);
      message.success(t('auth.saved'));
    } catch (e) {
      showError(e);
    }
  };
  return (
    <div data-testid="team-settings" style={{ maxWidth: 720 }}>
      <Typography.Title level={4}>{t('team.menu.settings')}</Typography.Title>
      <Descriptions column={1} bordered size="middle" styles={{ label: { width: 160 } }}>
        <Descriptions.Item label={t('team.avatar')}>
          {admin ? (
            <AvatarUpload value={org.avatar} name={org.name} testId="team-avatar" onChange={async (avatar) => { await accountApi.updateOrganization({ organizationId: org.id, avatar }); await load(); }} />
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('team.name')}>
          {admin ? (
            <Form layout="inline" initialValues={{ name: org.name }} onFinish={save} key={org.name}>
              <Form.Item name="name" rules={[formRules(t).required, { max: 255 }]}>
                <Input style={{ width: 260 }} data-testid="team-settings-name" />
              </Form.Item>
              <Button htmlType="submit" data-testid="team-settings-save">{t('account.save')}</Button>
            </Form>
          ) : (
            org.name
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('team.code')}>
          <Typography.Text copyable strong data-testid="team-code">{org.teamCode}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {isSuperAdmin(user) && (
        <div className="askdb-team-danger" data-testid="team-danger-zone">
          <Typography.Title level={5} type="danger" style={{ marginTop: 0 }}>{t('team.danger.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('team.transfer.intro')}</Typography.Paragraph>
          <TransferTeam organizationId={org.id} ownUserId={user?.id} />
        </div>
      )}
    </div>
  );
}
