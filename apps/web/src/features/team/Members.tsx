/** Member management: invite, pending join requests, and the paged, searchable members table with role actions. */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Input, Space, Table, Tag, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleCode } from '@askdb/contracts';
import { accountApi, type MemberRow } from '../auth/account-api';
import { isTeamAdmin, useSession } from '../auth/session';
import { formatTime } from '../settings/account/format';
import { InviteMember } from './InviteMember';
import { JoinRequests } from './JoinRequests';
import { UpgradeSeatsButton } from '../commerce';
import { useErrorToast } from '../../app/use-error-toast';

const PAGE_SIZE = 10;

export function Members() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const user = useSession((s) => s.user);
  const orgId = user!.currentOrganization!.id;
  const admin = isTeamAdmin(user);
  const [q, setQ] = useState({ pageNo: 1, searchKey: '' });
  const [page, setPage] = useState<{ data: MemberRow[]; total: number }>();
  const [loading, setLoading] = useState(false);
  const load = useCallback(() => {
    setLoading(true);
    accountApi
      .members({ organizationId: orgId, pageNo: q.pageNo, pageSize: PAGE_SIZE, searchKey: q.searchKey || undefined })
      .then(setPage, (e: Error) => showError(e))
      .finally(() => setLoading(false));
  }, [orgId, q, message]);
  useEffect(load, [load]);

  /** Every change of role or membership asks a second time (spec 02 §4). */
  const confirmThen = (title: string, content: string, action: () => Promise<void>, testId: string) =>
    modal.confirm({
      title,
      content,
      okButtonProps: { danger: true, 'data-testid': testId } as ButtonProps,
      onOk: async () => {
        try {
          await action();
          message.success(t('auth.saved'));
          load();
        } catch (e) {
          showError(e);
        }
      },
    });
  const setRole = (m: MemberRow, roleCode: RoleCode) =>
    confirmThen(
      roleCode === 'ADMIN' ? t('team.member.setAdmin') : t('team.member.removeAdmin'),
      t(roleCode === 'ADMIN' ? 'team.member.setAdminConfirm' : 'team.member.removeAdminConfirm', { name: m.name }),
      () => accountApi.updateRole(orgId, m.userId, roleCode),
      'member-role-confirm',
    );
  const remove = (m: MemberRow) =>
    confirmThen(t('team.member.remove'), t('team.member.removeConfirm', { name: m.name }), () => accountApi.removeMember(orgId, m.userId), 'member-remove-confirm');

  return (
    <div data-testid="team-members">
      <Typography.Title level={4}>{t('team.menu.members')}</Typography.Title>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Input.Search allowClear placeholder={t('team.member.search')} style={{ width: 280 }} onSearch={(searchKey) => setQ({ pageNo: 1, searchKey: searchKey.trim() })} data-testid="members-search" />
        {admin && (
          <Space>
            <InviteMember organizationId={orgId} />
            <UpgradeSeatsButton />
          </Space>
        )}
      </Space>
      {admin && <JoinRequests organizationId={orgId} onDecided={load} />}
      <Table<MemberRow>
        rowKey="userId"
        size="middle"
        loading={loading}
        dataSource={page?.data}
        data-testid="members-table"
        onRow={(m) => ({ 'data-testid': `member-row-${m.userId}`, 'data-name': m.name }) as ButtonProps}
        pagination={{ current: q.pageNo, pageSize: PAGE_SIZE, total: page?.total ?? 0, showSizeChanger: false, onChange: (pageNo) => setQ((x) => ({ ...x, pageNo })) }}
        columns={[
          { title: t('team.member.name'), render: (_, m) => <span>{m.name}{m.email && <Typography.Text type="secondary"> · {m.email}</Typography.Text>}</span> },
          { title: t('team.member.role'), width: 140, render: (_, m) => <Tag color={m.roleCode === 'SUPER_ADMIN' ? 'gold' : m.roleCode === 'ADMIN' ? 'blue' : 'default'} data-testid="member-role">{t(`team.role.${m.roleCode}`)}</Tag> },
          { title: t('team.member.status'), width: 110, render: (_, m) => <Tag color={m.status === 'VALID' ? 'green' : 'red'}>{t(`team.status.${m.status}`)}</Tag> },
          { title: t('team.member.modified'), width: 190, render: (_, m) => formatTime(m.gmtModified) },
          {
            title: t('team.member.actions'),
            width: 230,
            render: (_, m) =>
              !admin || m.roleCode === 'SUPER_ADMIN' || m.userId === user?.id || m.status !== 'VALID' ? null : (
                <Space size={0}>
                  {m.roleCode === 'OPERATOR' ? (
                    <Button type="link" size="small" onClick={() => setRole(m, 'ADMIN')} data-testid="member-set-admin">{t('team.member.setAdmin')}</Button>
                  ) : (
                    <Button type="link" size="small" onClick={() => setRole(m, 'OPERATOR')} data-testid="member-remove-admin">{t('team.member.removeAdmin')}</Button>
                  )}
                  <Button type="link" size="small" danger onClick={() => remove(m)} data-testid="member-remove">{t('team.member.remove')}</Button>
                </Space>
              ),
          },
        ]}
      />
    </div>
  );
}
