/**
 * Authorization list (spec 02 §2: name, description, type, validity or permanent, detail): the team's
 * grants for admins (who grant and withdraw them), one's own grants for a member.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Descriptions, Popconfirm, Popover, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Page } from '@askdb/contracts';
import { isTeamAdmin, useSession } from '../auth/session';
import { GrantForm } from './GrantForm';
import { governanceApi, type AuthorizationRow } from './governance-api';
import { formatTime } from './format';
import { useErrorToast } from '../../app/use-error-toast';

const PAGE_SIZE = 20;

export function AuthorizationList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const admin = isTeamAdmin(useSession((s) => s.user));
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<Page<AuthorizationRow>>();
  const [loading, setLoading] = useState(false);
  const [granting, setGranting] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    governanceApi
      .authorizations(pageNo, PAGE_SIZE)
      .then(setPage, (e: Error) => showError(e))
      .finally(() => setLoading(false));
  }, [pageNo, message]);
  useEffect(load, [load]);

  const remove = async (id: number) => {
    try {
      await governanceApi.deleteAuthorization(id);
      message.success(t('perm.auth.deleted'));
      load();
    } catch (e) {
      showError(e);
    }
  };

  const detail = (r: AuthorizationRow) => (
    <Descriptions size="small" column={1} style={{ maxWidth: 420 }} data-testid="auth-detail">
      <Descriptions.Item label={t('perm.member')}>{r.detail.userName}</Descriptions.Item>
      <Descriptions.Item label={t('perm.dataSource')}>{r.detail.dataSourceName}</Descriptions.Item>
      {r.detail.databaseName && <Descriptions.Item label={t('perm.database')}>{r.detail.databaseName}</Descriptions.Item>}
      {r.detail.schemaName && <Descriptions.Item label={t('perm.schema')}>{r.detail.schemaName}</Descriptions.Item>}
      {r.detail.tableName && <Descriptions.Item label={t('perm.table')}>{r.detail.tableName}</Descriptions.Item>}
      {r.detail.columns && <Descriptions.Item label={t('perm.columns')}>{r.detail.columns.join(', ')}</Descriptions.Item>}
      <Descriptions.Item label={t('perm.actions')}>{r.detail.actions.map((a) => t(`perm.action.${a}`)).join(', ')}</Descriptions.Item>
      <Descriptions.Item label={t('perm.auth.grantedBy')}>{r.detail.grantedByName}</Descriptions.Item>
      <Descriptions.Item label={t('perm.auth.grantedAt')}>{formatTime(r.detail.gmtCreate)}</Descriptions.Item>
      {r.detail.approvalId && <Descriptions.Item label={t('perm.auth.viaApproval')}>#{r.detail.approvalId}</Descriptions.Item>}
    </Descriptions>
  );

  return (
    <div data-testid="team-authorizations">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>{t('team.menu.authorizations')}</Typography.Title>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={load} aria-label={t('perm.refresh')} />
          {admin && <Button type="primary" icon={<PlusOutlined />} onClick={() => setGranting(true)} data-testid="auth-grant">{t('perm.grant.button')}</Button>}
        </Space>
      </Space>
      <Table<AuthorizationRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={page?.data}
        data-testid="auth-table"
        locale={{ emptyText: admin ? t('perm.auth.emptyAdmin') : t('perm.auth.empty') }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: page?.total ?? 0, showSizeChanger: false, onChange: setPageNo }}
        onRow={(r) => ({ 'data-testid': `auth-row-${r.id}` }) as object}
        columns={[
          { title: t('perm.auth.name'), width: 160, render: (_, r) => r.name },
          { title: t('perm.auth.description'), render: (_, r) => <span data-testid="auth-description">{r.description}</span> },
          { title: t('perm.auth.type'), width: 120, render: (_, r) => <Tag>{t(`perm.level.${r.type}`)}</Tag> },
          {
            title: t('perm.validity'),
            width: 190,
            render: (_, r) =>
              r.validity.permanent ? (
                <Tag color="blue">{t('perm.permanent')}</Tag>
              ) : (
                <Space size={4}>
                  <span>{formatTime(r.validity.expireAt)}</span>
                  {r.validity.expired && <Tag color="red">{t('perm.auth.expired')}</Tag>}
                </Space>
              ),
          },
          {
            title: t('perm.auth.actionsCol'),
            width: 150,
            render: (_, r) => (
              <Space size={0}>
                <Popover content={detail(r)} title={t('perm.auth.detail')} trigger="click">
                  <Button type="link" size="small" data-testid="auth-detail-button">{t('perm.auth.detail')}</Button>
                </Popover>
                {admin && (
                  <Popconfirm title={t('perm.auth.deleteConfirm', { name: r.name })} okText={t('perm.delete')} cancelText={t('perm.cancel')} okButtonProps={{ danger: true, 'data-testid': 'auth-delete-confirm' }} onConfirm={() => remove(r.id)}>
                    <Button type="link" size="small" danger data-testid="auth-delete">{t('perm.delete')}</Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <GrantForm
        open={granting}
        onClose={(granted) => {
          setGranting(false);
          if (granted) load();
        }}
      />
    </div>
  );
}
