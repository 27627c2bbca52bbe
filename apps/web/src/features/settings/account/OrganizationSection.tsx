/** Settings → switch organisation (personal or a team) and create or join a team. */
import { useEffect, useState } from 'react';
import { App, Button, Divider, List, Tag, Typography } from 'antd';
import { TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi, type OrganizationSummary } from '../../auth/account-api';
import { useSession } from '../../auth/session';
import { switchOrganization } from '../../auth/UserMenu';
import { CreateJoinTeam } from '../../team/CreateJoinTeam';
import { useErrorToast } from '../../../app/use-error-toast';

export function OrganizationSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const current = useSession((s) => s.user?.currentOrganization);
  const [orgs, setOrgs] = useState<OrganizationSummary[]>();
  useEffect(() => void accountApi.organizations().then(setOrgs, (e: Error) => showError(e)), [message]);
  return (
    <div data-testid="settings-organization">
      <Typography.Title level={5} style={{ marginTop: 0 }}>{t('auth.org.switch')}</Typography.Title>
      <List
        size="small"
        bordered
        loading={!orgs}
        dataSource={orgs ?? []}
        renderItem={(o) => (
          <List.Item
            data-testid={`org-row-${o.id}`}
            actions={[
              o.id === current?.id ? (
                <Tag color="green" key="c">{t('account.org.current')}</Tag>
              ) : (
                <Button key="s" size="small" data-testid={`org-switch-${o.id}`} onClick={() => switchOrganization(o).catch((e: Error) => showError(e))}>
                  {o.type === 'PERSONAL' ? t('account.org.backToPersonal') : t('account.org.switchTo')}
                </Button>
              ),
            ]}
          >
            <List.Item.Meta
              avatar={o.type === 'PERSONAL' ? <UserOutlined /> : <TeamOutlined />}
              title={o.type === 'PERSONAL' ? t('auth.org.personal') : o.name}
              description={o.type === 'PERSONAL' ? undefined : t(`team.role.${o.roleCodes[0] ?? 'OPERATOR'}`)}
            />
          </List.Item>
        )}
      />
      <Divider />
      <Typography.Title level={5}>{t('auth.org.createOrJoin')}</Typography.Title>
      <CreateJoinTeam />
    </div>
  );
}
