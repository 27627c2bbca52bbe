/** Header: the current user (avatar, display name) with their current organisation, switch organisation and sign out. */
import { useState } from 'react';
import { App, Avatar, Button, Dropdown, Tag, type MenuProps } from 'antd';
import { CheckOutlined, LogoutOutlined, SettingOutlined, SwapOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountApi, type OrganizationSummary } from './account-api';
import { afterOrganizationSwitch, useSession } from './session';
import { confirmPendingWork } from '../workspace/pending-changes';
import { useErrorToast } from '../../app/use-error-toast';

export function UserAvatar({ name, src, size = 24 }: { name?: string; src?: string | null; size?: number }) {
  return (
    <Avatar size={size} src={src || undefined} icon={!name && !src ? <UserOutlined /> : undefined} style={{ background: src ? undefined : '#3b7cff', flex: 'none' }}>
      {name?.trim().charAt(0).toUpperCase()}
    </Avatar>
  );
}

/** Switch to another organisation (spec 02 §4): server call, then personal → workspace tab, team → team tab, reloaded. */
export async function switchOrganization(org: Pick<OrganizationSummary, 'id' | 'type'>): Promise<void> {
  const r = await accountApi.switchOrganization(org.id);
  afterOrganizationSwitch(r?.tab ?? (org.type === 'PERSONAL' ? 'workspace' : 'team'));
}

export function UserMenu({ onOpenSettings }: { onOpenSettings(section?: string): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const { user, signOut } = useSession();
  const [orgs, setOrgs] = useState<OrganizationSummary[]>();
  if (!user) return null;
  const current = user.currentOrganization;
  const orgLabel = (o: { name: string; type: string }) => (o.type === 'PERSONAL' ? t('auth.org.personal') : o.name);
  const items: MenuProps['items'] = [
    { key: 'who', disabled: true, label: <div data-testid="user-menu-who"><b>{user.displayName}</b><div style={{ fontSize: 12 }}>{user.email ?? user.phone ?? ''}</div></div> },
    { type: 'divider' },
    {
      key: 'switch',
      icon: <SwapOutlined />,
      label: <span data-testid="user-menu-switch">{t('auth.org.switch')}</span>,
      children: (orgs ?? []).length
        ? orgs!.map((o) => ({
            key: `org-${o.id}`,
            icon: o.type === 'PERSONAL' ? <UserOutlined /> : <TeamOutlined />,
            label: (
              <span data-testid={`switch-org-${o.id}`} data-org-name={o.name}>
                {orgLabel(o)} {o.id === current?.id && <CheckOutlined style={{ marginLeft: 6 }} />}
              </span>
            ),
            disabled: o.id === current?.id,
          }))
        : [{ key: 'loading', disabled: true, label: t('auth.loading') }],
    },
    { key: 'createTeam', icon: <TeamOutlined />, label: <span data-testid="user-menu-create-team">{t('auth.org.createOrJoin')}</span> },
    { key: 'settings', icon: <SettingOutlined />, label: t('auth.menu.account') },
    { type: 'divider' },
    { key: 'signOut', icon: <LogoutOutlined />, danger: true, label: <span data-testid="user-menu-sign-out">{t('auth.signOut')}</span> },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'signOut') void confirmPendingWork().then((go) => (go ? signOut() : undefined));
    else if (key === 'settings') onOpenSettings('account.profile');
    else if (key === 'createTeam') onOpenSettings('account.organization');
    else if (key.startsWith('org-')) {
      const org = orgs?.find((o) => `org-${o.id}` === key);
      if (org) switchOrganization(org).catch((e: Error) => showError(e));
    }
  };
  return (
    <Dropdown
      menu={{ items, onClick }}
      trigger={['click']}
      onOpenChange={(open) => open && accountApi.organizations().then(setOrgs, (e: Error) => showError(e))}
    >
      <Button type="text" className="askdb-user-button" data-testid="user-menu" aria-label={t('auth.menu.user')}>
        <UserAvatar name={user.displayName} src={user.avatar} size={22} />
        <span className="askdb-user-name" data-testid="user-menu-name">{user.displayName}</span>
        {current && (
          <Tag color={current.type === 'PERSONAL' ? 'default' : 'blue'} style={{ marginInlineEnd: 0 }} data-testid="current-org">
            {orgLabel(current)}
          </Tag>
        )}
      </Button>
    </Dropdown>
  );
}
