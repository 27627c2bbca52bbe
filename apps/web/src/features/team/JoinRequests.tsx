/** Pending requests to join the team (by code or invite link), approved or rejected by an admin. */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, List, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi, type JoinRequestRow } from '../auth/account-api';
import { formatTime } from '../settings/account/format';
import { useErrorToast } from '../../app/use-error-toast';

export function JoinRequests({ organizationId, onDecided }: { organizationId: number; onDecided(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [rows, setRows] = useState<JoinRequestRow[]>([]);
  const load = useCallback(() => accountApi.joinRequests(organizationId).then(setRows, (e: Error) => showError(e)), [organizationId, message]);
  useEffect(() => void load(), [load]);
  const decide = async (r: JoinRequestRow, approve: boolean) => {
    try {
      await (approve ? accountApi.approveJoin(r.id) : accountApi.rejectJoin(r.id));
      message.success(approve ? t('team.request.approved') : t('team.request.rejected'));
      await load();
      onDecided();
    } catch (e) {
      showError(e);
    }
  };
  if (!rows.length) return null;
  return (
    <Card size="small" title={t('team.request.title', { count: rows.length })} style={{ marginBottom: 16 }} data-testid="join-requests">
      <List
        size="small"
        dataSource={rows}
        renderItem={(r) => (
          <List.Item
            data-testid={`join-request-${r.id}`}
            data-name={r.name}
            actions={[
              <Button key="a" type="primary" size="small" onClick={() => decide(r, true)} data-testid="join-request-approve">{t('team.request.approve')}</Button>,
              <Popconfirm key="r" title={t('team.request.rejectConfirm', { name: r.name })} onConfirm={() => decide(r, false)}>
                <Button size="small" danger data-testid="join-request-reject">{t('team.request.reject')}</Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={<Space>{r.name}{r.email && <Typography.Text type="secondary">{r.email}</Typography.Text>}</Space>}
              description={
                <span>
                  {r.via === 'INVITE' ? t('team.request.viaInvite') : t('team.request.viaCode')} · {formatTime(r.gmtCreate)}
                  {r.reason && <> · {t('team.join.reason')}: {r.reason}</>}
                </span>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
