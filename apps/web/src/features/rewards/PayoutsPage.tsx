/** The operator's payouts (issue 14 point 5): withdrawals by status; mark withdrawing, withdrawn or rejected (money returned). */
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NegativeRewardBalance, PayoutView, WithdrawalStatus } from '@askdb/contracts';
import { formatMoney } from '../commerce/price';
import { rewardsApi } from './rewards-api';
import { useErrorToast } from '../../app/use-error-toast';

const COLOR: Record<string, string> = { WAITING: 'blue', WITHDRAWING: 'orange', WITHDRAWN: 'green', REJECTED: 'red' };
type Filter = WithdrawalStatus | 'ALL';

export function PayoutsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [status, setStatus] = useState<Filter>('WAITING');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<{ data: PayoutView[]; total: number; negativeBalances?: NegativeRewardBalance[] } | null>(null);
  const [ids, setIds] = useState<Record<number, string>>({});
  const load = useCallback(() => {
    setRows(null);
    rewardsApi.payouts({ status: status === 'ALL' ? undefined : status, pageNo: page, pageSize: 20 }).then(setRows, (e: Error) => {
      setRows({ data: [], total: 0 });
      showError(e);
    });
  }, [status, page, message]);
  useEffect(load, [load]);

  const mark = async (id: number, target: 'WITHDRAWING' | 'WITHDRAWN' | 'REJECTED') => {
    try {
      await rewardsApi.markPayout(id, target);
      message.success(t('rewards.payouts.marked'));
    } catch (e) {
      showError(e);
    }
    load();
  };
  const reveal = async (id: number) => {
    try {
      const v = await rewardsApi.payoutIdNumber(id);
      setIds((m) => ({ ...m, [id]: v }));
    } catch (e) {
      showError(e);
    }
  };

  return (
    <div data-testid="payouts-page">
      <Segmented<Filter>
        value={status}
        onChange={(v) => { setStatus(v); setPage(1); }}
        options={(['WAITING', 'WITHDRAWING', 'WITHDRAWN', 'REJECTED', 'ALL'] as Filter[]).map((s) => ({ value: s, label: s === 'ALL' ? t('rewards.payouts.all') : t(`rewards.wstatus.${s}`) }))}
        style={{ marginBottom: 12 }}
      />
      {!!rows?.negativeBalances?.length && (
        <Alert
          type="error" showIcon style={{ marginBottom: 12 }} data-testid="payouts-negative"
          message={t('rewards.payouts.negativeTitle')}
          description={rows.negativeBalances.map((b) => (
            <div key={`${b.userId}-${b.currency}`}>{`${b.userName}${b.userEmail ? ` <${b.userEmail}>` : ''}: ${formatMoney(b.balance, b.currency)}`}</div>
          ))}
        />
      )}
      <Table<PayoutView>
        size="small" rowKey="id" loading={rows === null} dataSource={rows?.data ?? []}
        pagination={{ current: page, pageSize: 20, total: rows?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        locale={{ emptyText: t('rewards.payouts.empty') }}
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          { title: t('rewards.payouts.user'), key: 'user', render: (_: unknown, r) => `${r.userName}${r.userEmail ? ` <${r.userEmail}>` : ''}` },
          { title: t('rewards.withdraw.amount'), key: 'amount', render: (_: unknown, r) => formatMoney(r.amount, r.currency) },
          {
            title: t('rewards.payouts.balance'), key: 'balance',
            render: (_: unknown, r) => (r.balanceNegative
              ? <Tag color="red" data-testid={`payout-negative-${r.id}`}>{t('rewards.payouts.negative', { balance: formatMoney(r.balance ?? 0, r.currency) })}</Tag>
              : r.balance === undefined ? null : formatMoney(r.balance, r.currency)),
          },
          { title: t('rewards.withdraw.name'), dataIndex: 'name' },
          {
            title: t('rewards.withdraw.idNumber'), key: 'idNumber',
            render: (_: unknown, r) => (ids[r.id] ? <Typography.Text copyable>{ids[r.id]}</Typography.Text> : <Button size="small" type="link" onClick={() => void reveal(r.id)}>…{r.idNumberHint}</Button>),
          },
          { title: t('rewards.withdraw.alipay'), dataIndex: 'alipayAccount' },
          { title: t('rewards.withdraw.phone'), dataIndex: 'phone' },
          { title: t('rewards.list.status'), dataIndex: 'status', render: (v: string) => <Tag color={COLOR[v]}>{t(`rewards.wstatus.${v}`)}</Tag> },
          {
            title: t('rewards.payouts.action'), key: 'action',
            render: (_: unknown, r) => (
              <Space size={4}>
                {r.status === 'WAITING' && <Button size="small" onClick={() => void mark(r.id, 'WITHDRAWING')} data-testid={`payout-start-${r.id}`}>{t('rewards.payouts.start')}</Button>}
                {(r.status === 'WAITING' || r.status === 'WITHDRAWING') && (
                  <>
                    <Popconfirm title={t('rewards.payouts.confirmPaid')} onConfirm={() => void mark(r.id, 'WITHDRAWN')}>
                      <Button size="small" type="primary" data-testid={`payout-paid-${r.id}`}>{t('rewards.payouts.paid')}</Button>
                    </Popconfirm>
                    <Popconfirm title={t('rewards.payouts.confirmReject')} onConfirm={() => void mark(r.id, 'REJECTED')}>
                      <Button size="small" danger>{t('rewards.payouts.reject')}</Button>
                    </Popconfirm>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
