/**
 * The order's payment step (spec 01 §4): Stripe opens its pay link in a new tab; other methods show
 * the QR code (200 px), with a switch when more than one method exists. The status is polled in
 * checkout.ts; this dialog only shows where things stand.
 */
import { Alert, Button, Modal, Segmented, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@askdb/contracts';
import { useCheckout } from './checkout';
import { formatMoney } from './price';

export function PaymentModal() {
  const { t } = useTranslation();
  const { product, order, method, loading, ended, close, switchMethod } = useCheckout();
  const open = !!product && (loading || !!order);
  const methods: PaymentMethod[] = (product?.paymentMethods ?? []).filter((m) => m !== 'stripe' || method === 'stripe');
  return (
    <Modal open={open} width={480} maskClosable={false} footer={null} onCancel={close} title={t('commerce.pay.title')} data-testid="payment-modal" destroyOnHidden>
      {!order ? (
        <div className="askdb-pay-center"><Spin /></div>
      ) : (
        <div className="askdb-pay" data-testid="payment-view">
          <Typography.Paragraph>
            {product?.title} · <strong data-testid="pay-amount">{formatMoney(order.payAmount, order.currency)}</strong>
            {order.amount > order.payAmount && <s className="askdb-plan-original">{formatMoney(order.amount, order.currency)}</s>}
          </Typography.Paragraph>
          {methods.length > 1 && method !== 'stripe' && (
            <Segmented<PaymentMethod> value={method ?? undefined} onChange={(m) => void switchMethod(m)} options={methods.map((m) => ({ value: m, label: <span data-testid={`pay-method-${m}`}>{t(`commerce.pay.method.${m}`)}</span> }))} />
          )}
          {order.qrCode && method !== 'stripe' && <img className="askdb-pay-qr" src={order.qrCode} width={200} height={200} alt={t('commerce.pay.qrAlt')} data-testid="pay-qr" />}
          {order.url && (
            <Button type={method === 'stripe' ? 'primary' : 'link'} href={order.url} target="_blank" rel="noopener" data-testid="pay-link">
              {t('commerce.pay.openLink')}
            </Button>
          )}
          {ended === 'timeout' ? (
            <Alert type="warning" showIcon message={t('commerce.pay.expired')} data-testid="pay-expired" />
          ) : ended === 'error' ? null : (
            <div className="askdb-pay-waiting" data-testid="pay-waiting"><Spin size="small" /> {t('commerce.pay.waiting')}</div>
          )}
        </div>
      )}
    </Modal>
  );
}
