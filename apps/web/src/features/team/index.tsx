/** The Team tab (spec 02 §2): left menu of the team area; a personal organisation is offered create-or-join instead. */
import { useEffect, useState } from 'react';
import { Card, Empty, Menu, Typography, type MenuProps } from 'antd';
import { AuditOutlined, CheckSquareOutlined, KeyOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isServerMode, isSuperAdmin, useSession } from '../auth/session';
import { CreateJoinTeam } from './CreateJoinTeam';
import { Members } from './Members';
import { SqlAudit } from './audit/SqlAudit';
import { TeamSettings } from './TeamSettings';
import { TeamSwitcher } from './TeamSwitcher';
import { ApprovalList, PendingBadge } from '../approvals';
import { ApplyList, AuthorizationList, useRefusals } from '../permissions';
import { SubscriptionRecords, useCommerce } from '../commerce';
import './team.css';

type Entry = 'settings' | 'members' | 'subscriptions' | 'approvals' | 'authorizations' | 'applies' | 'audit';

export function TeamPage() {
  const { t } = useTranslation();
  const session = useSession();
  const billing = useCommerce((s) => s.billing);
  const showApplyList = useRefusals((s) => s.showApplyList);
  const [entry, setEntry] = useState<Entry>(() => (useRefusals.getState().showApplyList ? 'applies' : 'settings'));
  useEffect(() => {
    if (!showApplyList) return;
    setEntry('applies');
    useRefusals.getState().applyListShown();
  }, [showApplyList]);
  const org = session.user?.currentOrganization;
  if (!isServerMode(session)) return <Empty style={{ marginTop: 120 }} description={t('shell.empty.team')} />;
  if (!org || org.type === 'PERSONAL')
    return (
      <div className="askdb-team-personal" data-testid="team-personal">
        <Card style={{ maxWidth: 560, margin: '48px auto' }}>
          <Typography.Title level={4} style={{ marginTop: 0 }}>{t('team.personal.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('team.personal.intro')}</Typography.Paragraph>
          <TeamSwitcher />
          <CreateJoinTeam />
        </Card>
      </div>
    );
  const label = (key: Entry) => <span data-testid={`team-menu-${key}`}>{t(`team.menu.${key}`)}</span>;
  const items: MenuProps['items'] = [
    { key: 'management', icon: <TeamOutlined />, label: t('team.menu.management'), children: [{ key: 'settings', label: label('settings') }, { key: 'members', label: label('members') }, ...(billing ? [{ key: 'subscriptions', label: label('subscriptions') }] : [])] },
    { key: 'approvals', icon: <CheckSquareOutlined />, label: <PendingBadge>{label('approvals')}</PendingBadge> },
    { key: 'permission', icon: <KeyOutlined />, label: t('team.menu.permission'), children: [{ key: 'authorizations', label: label('authorizations') }, { key: 'applies', label: label('applies') }] },
    ...(isSuperAdmin(session.user) ? [{ key: 'audit', icon: <AuditOutlined />, label: label('audit') }] : []),
  ];
  return (
    <div className="askdb-team" data-testid="team-page">
      <nav className="askdb-team-menu">
        <div className="askdb-team-title" data-testid="team-name"><TeamOutlined /> {org.name}</div>
        <TeamSwitcher />
        <Menu mode="inline" selectedKeys={[entry]} defaultOpenKeys={['management', 'permission']} items={items} onClick={({ key }) => setEntry(key as Entry)} data-testid="team-menu" />
      </nav>
      <section className="askdb-team-content">
        {entry === 'settings' && <TeamSettings />}
        {entry === 'members' && <Members />}
        {entry === 'audit' && isSuperAdmin(session.user) && <SqlAudit />}
        {entry === 'approvals' && <ApprovalList />}
        {entry === 'authorizations' && <AuthorizationList />}
        {entry === 'applies' && <ApplyList />}
        {entry === 'subscriptions' && <SubscriptionRecords />}
      </section>
    </div>
  );
}
