/** Purchase details in settings (spec 02 §2 "Licence and purchase"): my orders, and the current organisation's subscription records. */
import { useEffect, useState } from 'react';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '@askdb/contracts';
import { commerceApi } from './commerce-api';
import { useCommerce } from './commerce-store';
import { formatMoney } from './price';
import { SubscriptionRecords } from './SubscriptionRecords';

const ORDER_COLOR: Record<string, string> = { PAY_SUCCESS: 'green', CREATE: 'blue', CANCEL: 'default' };

export function PurchaseDetails() {
  const { t } = useTranslation();
  const guide = useCommerce((s) => s.guide);
  const [rows, setRows] = useState<OrderRow[] | null>(null);
  useEffect(() => {
    commerceApi.orders().then(setRows, () => setRows([]));
  }, [guide]);
  return (
    <div data-testid="purchase-details">
      <Typography.Title level={5}>{t('commerce.purchase.orders')}</Typography.Title>
      <Table<OrderRow>
        size="small"
        rowKey="orderId"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('commerce.purchase.empty') }}
        columns={[
          { title: t('commerce.records.orderNo'), dataIndex: 'orderId' },
          { title: t('commerce.purchase.product'), dataIndex: 'productTitle' },
          { title: t('commerce.records.seats'), dataIndex: 'seats' },
          { title: t('commerce.records.price'), key: 'pay', render: (_: unknown, r) => formatMoney(r.payAmount, r.currency) },
          { title: t('commerce.records.purchaseTime'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
          { title: t('commerce.records.status'), dataIndex: 'status', render: (v: string) => <Tag color={ORDER_COLOR[v]}>{t(`commerce.purchase.status.${v}`)}</Tag> },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>{t('commerce.purchase.subscriptions')}</Typography.Title>
      <SubscriptionRecords />
    </div>
  );
}
