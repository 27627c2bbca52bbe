/**
 * Subscription records of the current organisation (spec 02 §2 "Subscription table"): order number,
 * seats, purchase time, validity, status (in use / not started / expired), price. "Upgrade seats" sits
 * in Member management (UpgradeSeatsButton).
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Space, Table, Tag } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SubscriptionRow } from '@askdb/contracts';
import { useSession } from '../auth/session';
import { commerceApi } from './commerce-api';
import { useCommerce } from './commerce-store';
import { formatMoney } from './price';

const STATUS_COLOR: Record<string, string> = { IN_USE: 'green', NOT_STARTED: 'blue', EXPIRED: 'default', CANCELLED: 'red' };
const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : '—');

export function SubscriptionRecords() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const billing = useCommerce((s) => s.billing);
  const guide = useCommerce((s) => s.guide);
  const [rows, setRows] = useState<SubscriptionRow[] | null>(null);
  const org = user?.currentOrganization;
  const load = useCallback(() => {
    setRows(null);
    commerceApi.subscriptions(org?.id).then(setRows, () => setRows([]));
  }, [org?.id]);
  useEffect(() => {
    if (billing) load();
  }, [billing, load, guide]);
  if (!billing) return null;
  return (
    <div data-testid="subscription-records">
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<ReloadOutlined />} onClick={load}>{t('commerce.refresh')}</Button>
      </Space>
      <Table<SubscriptionRow>
        size="small"
        rowKey="id"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        locale={{ emptyText: t('commerce.records.empty') }}
        columns={[
          { title: t('commerce.records.orderNo'), dataIndex: 'orderId', render: (v: number | null) => (v == null ? '—' : String(v)) },
          { title: t('commerce.records.seats'), dataIndex: 'seats' },
          { title: t('commerce.records.purchaseTime'), dataIndex: 'purchaseTime', render: (v: string) => day(v) },
          { title: t('commerce.records.validity'), key: 'validity', render: (_: unknown, r) => `${day(r.startTime)} – ${day(r.endTime)}` },
          { title: t('commerce.records.status'), dataIndex: 'status', render: (v: string) => <Tag color={STATUS_COLOR[v]}>{t(`commerce.records.statusValue.${v}`)}</Tag> },
          { title: t('commerce.records.price'), key: 'price', render: (_: unknown, r) => (r.freeTrial ? t('commerce.records.trial') : formatMoney(r.price, r.currency)) },
        ]}
      />
    </div>
  );
}
