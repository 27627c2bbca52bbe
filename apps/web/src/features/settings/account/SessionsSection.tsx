/** Settings → sessions: where this account is signed in, the current one marked; revoke one or sign out everywhere. */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi, type SessionInfo } from '../../auth/account-api';
import { LOGIN_PATH } from '../../auth/redirect';
import { describeUserAgent, formatTime } from './format';
import { useErrorToast } from '../../../app/use-error-toast';

export function SessionsSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [rows, setRows] = useState<SessionInfo[]>();
  const load = useCallback(() => accountApi.sessions().then(setRows, (e: Error) => showError(e)), [message]);
  useEffect(() => void load(), [load]);
  const revoke = async (s: SessionInfo) => {
    await accountApi.revokeSession(s.id).catch((e: Error) => showError(e));
    if (s.current) window.location.assign(LOGIN_PATH);
    else void load();
  };
  const everywhere = async () => {
    await accountApi.revokeAllSessions().catch((e: Error) => showError(e));
    window.location.assign(LOGIN_PATH);
  };
  return (
    <div data-testid="settings-sessions">
      <Table<SessionInfo>
        size="small"
        rowKey="id"
        loading={!rows}
        dataSource={rows}
        pagination={false}
        columns={[
          {
            title: t('account.session.device'),
            render: (_, s) => (
              <Space>
                <span title={s.userAgent ?? undefined}>{describeUserAgent(s.userAgent) ?? t('account.session.unknown')}</span>
                {s.current && <Tag color="green" data-testid="session-current">{t('account.session.current')}</Tag>}
              </Space>
            ),
          },
          { title: t('account.session.ip'), dataIndex: 'ip', width: 120 },
          { title: t('account.session.lastSeen'), width: 160, render: (_, s) => formatTime(s.lastSeenAt ?? s.createdAt) },
          {
            title: '',
            width: 90,
            render: (_, s) => (
              <Popconfirm title={t('account.session.revokeConfirm')} onConfirm={() => revoke(s)}>
                <Button size="small" danger data-testid="session-revoke">{t('account.revoke')}</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Popconfirm title={t('account.session.everywhereConfirm')} onConfirm={everywhere}>
        <Button danger style={{ marginTop: 12 }} data-testid="sessions-sign-out-everywhere">{t('account.session.everywhere')}</Button>
      </Popconfirm>
    </div>
  );
}
