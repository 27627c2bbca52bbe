/**
 * My invitations in settings (spec 02 §2, §3): my invitation code (created on request), the totals
 * (total assets, withdrawn, withdrawing, withdrawable, waiting), the invitations (invited user,
 * product, time, reward, status), my withdrawals and the withdrawal form.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Empty, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InvitationOrderItem, RewardTotals, WithdrawalView } from '@askdb/contracts';
import { formatMoney } from '../commerce/price';
import { writeClipboard } from '../../lib/clipboard';
import { rewardsApi } from './rewards-api';
import { WithdrawForm } from './WithdrawForm';

const COLOR: Record<string, string> = { WAITING: 'blue', WITHDRAWING: 'orange', WITHDRAWN: 'green', REJECTED: 'red' };
const TOTAL_KEYS = ['totalAssets', 'withdrawn', 'withdrawing', 'withdrawable', 'waiting'] as const;

export function InvitationsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [code, setCode] = useState<string | null | undefined>();
  const [totals, setTotals] = useState<RewardTotals[]>([]);
  const [items, setItems] = useState<InvitationOrderItem[] | null>(null);
  const [withdrawals, setWithdrawals] = useState<WithdrawalView[]>([]);
  const [withdrawOpen, setWithdrawOpen] = useState(false);

  const load = useCallback(() => {
    rewardsApi.myCode().then(setCode, () => setCode(null));
    rewardsApi.totals().then(setTotals, () => setTotals([]));
    rewardsApi.invitations().then(setItems, () => setItems([]));
    rewardsApi.withdrawals().then(setWithdrawals, () => setWithdrawals([]));
  }, []);
  useEffect(load, [load]);

  const create = async () => {
    try {
      setCode(await rewardsApi.createCode());
    } catch (e) {
      message.error(t('rewards.code.createFailed'));
      void e;
    }
  };
  const shown = totals.length ? totals : [{ currency: 'USD', totalAssets: 0, withdrawn: 0, withdrawing: 0, withdrawable: 0, waiting: 0 }];

  return (
    <div data-testid="invitations-panel">
      <Card size="small" title={t('rewards.code.title')}>
        {code ? (
          <Space>
            <Typography.Text strong className="askdb-invite-code" data-testid="my-invitation-code">{code}</Typography.Text>
            <Button size="small" icon={<CopyOutlined />} onClick={() => void writeClipboard(code).then((ok) => ok && message.success(t('rewards.code.copied')))}>{t('rewards.code.copy')}</Button>
          </Space>
        ) : code === null ? (
          <Button type="primary" onClick={() => void create()} data-testid="create-invitation-code">{t('rewards.code.create')}</Button>
        ) : null}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>{t('rewards.code.hint')}</Typography.Paragraph>
      </Card>
      {shown.map((x) => (
        <Card key={x.currency} size="small" style={{ marginTop: 12 }} title={t('rewards.totals.title', { currency: x.currency })}
          extra={<Button type="primary" size="small" disabled={!totals.some((y) => y.withdrawable > 0)} onClick={() => setWithdrawOpen(true)} data-testid="withdraw-open">{t('rewards.withdraw.open')}</Button>}>
          <Space size="large" wrap data-testid={`reward-totals-${x.currency}`}>
            {TOTAL_KEYS.map((k) => (
              <Statistic key={k} title={t(`rewards.totals.${k}`)} value={formatMoney(x[k], x.currency)} valueStyle={{ fontSize: 18 }} data-testid={`total-${k}`} />
            ))}
            {!!x.pending && (
              <Tooltip title={t('rewards.totals.pendingHint')}>
                <Statistic title={t('rewards.totals.pending')} value={formatMoney(x.pending, x.currency)} valueStyle={{ fontSize: 18 }} data-testid="total-pending" />
              </Tooltip>
            )}
          </Space>
        </Card>
      ))}
      <Space style={{ marginTop: 16, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>{t('rewards.list.title')}</Typography.Title>
        <Button size="small" icon={<ReloadOutlined />} onClick={load} data-testid="invitations-refresh">{t('rewards.refresh')}</Button>
      </Space>
      <Table<InvitationOrderItem>
        size="small" rowKey="id" loading={items === null} dataSource={items ?? []} pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rewards.list.empty')} /> }}
        columns={[
          { title: t('rewards.list.invitee'), dataIndex: 'inviteeName' },
          { title: t('rewards.list.product'), dataIndex: 'productName' },
          { title: t('rewards.list.time'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
          { title: t('rewards.list.reward'), key: 'reward', render: (_: unknown, r) => formatMoney(r.reward, r.currency) },
          { title: t('rewards.list.status'), dataIndex: 'status', render: (v: string) => <Tag color={COLOR[v]}>{t(`rewards.status.${v}`)}</Tag> },
        ]}
      />
      {withdrawals.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>{t('rewards.withdrawals.title')}</Typography.Title>
          <Table<WithdrawalView>
            size="small" rowKey="id" dataSource={withdrawals} pagination={{ pageSize: 10, hideOnSinglePage: true }} data-testid="my-withdrawals"
            columns={[
              { title: t('rewards.list.time'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
              { title: t('rewards.withdraw.amount'), key: 'amount', render: (_: unknown, r) => formatMoney(r.amount, r.currency) },
              { title: t('rewards.list.status'), dataIndex: 'status', render: (v: string) => <Tag color={COLOR[v]}>{t(`rewards.wstatus.${v}`)}</Tag> },
            ]}
          />
        </>
      )}
      <WithdrawForm open={withdrawOpen} totals={totals} onClose={() => setWithdrawOpen(false)} onDone={() => { setWithdrawOpen(false); load(); }} />
    </div>
  );
}
