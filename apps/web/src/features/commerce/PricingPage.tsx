/**
 * The standalone pricing page (spec 01 §2): /pricing?planId&seats&invitationCode&productType&subscriptionType,
 * with the Personal Pro, Team Pro and Local Pro tabs. A planId goes straight to that plan's seat
 * dialog or payment; after payment the page goes to the purchase details (/settings/purchase).
 */
import { useEffect, useRef } from 'react';
import { Button, Empty, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPES, SUBSCRIPTION_TYPES, type ProductType, type SubscriptionType } from '@askdb/contracts';
import { useCommerce } from './commerce-store';
import { useCheckout } from './checkout';
import { commerceApi } from './commerce-api';
import { PricingContent } from './PricingContent';
import { SeatModal } from './SeatModal';
import { PaymentModal } from './PaymentModal';
import { Confetti } from './SuccessEffects';
import { PURCHASE_PATH } from './CommerceHost';
import './commerce.css';

export { PRICING_PATH, isPricingPath } from './pricing-path';

function params() {
  const q = new URLSearchParams(window.location.search);
  const num = (k: string) => (q.get(k) && Number.isFinite(Number(q.get(k))) ? Number(q.get(k)) : undefined);
  const productType = q.get('productType')?.toUpperCase();
  const subscriptionType = q.get('subscriptionType')?.toUpperCase();
  return {
    planId: num('planId'),
    seats: num('seats'),
    invitationCode: q.get('invitationCode') ?? undefined,
    productType: (PRODUCT_TYPES as readonly string[]).includes(productType ?? '') ? (productType as ProductType) : undefined,
    subscriptionType: (SUBSCRIPTION_TYPES as readonly string[]).includes(subscriptionType ?? '') ? (subscriptionType as SubscriptionType) : undefined,
  };
}

export function PricingPage() {
  const { t } = useTranslation();
  const billing = useCommerce((s) => s.billing);
  const guide = useCommerce((s) => s.guide);
  const p = useRef(params()).current;
  const started = useRef(false);

  useEffect(() => {
    if (guide === 'Subscribed') {
      const timer = setTimeout(() => window.location.assign(PURCHASE_PATH), 600);
      return () => clearTimeout(timer);
    }
  }, [guide]);

  useEffect(() => {
    if (!billing || !p.planId || started.current) return;
    started.current = true;
    commerceApi.products({ subscriptionType: p.subscriptionType ? [p.subscriptionType] : undefined }).then((list) => {
      const plan = list.find((x) => x.id === p.planId);
      if (!plan) return;
      if (plan.type === 'PERSONAL') void useCheckout.getState().start(plan, { seats: 1, invitationCode: p.invitationCode });
      else useCommerce.getState().openSeat({ product: plan, seats: p.seats, invitationCode: p.invitationCode });
    }, () => {});
  }, [billing, p]);

  return (
    <Layout className="askdb-pricing-page" data-testid="pricing-page">
      <Layout.Header className="askdb-header">
        <div className="askdb-logo">AskDB</div>
        <Button type="link" href="/workspace">{t('commerce.page.back')}</Button>
      </Layout.Header>
      <Layout.Content className="askdb-pricing-page-body">
        <h1>{t('commerce.title.select')}</h1>
        {billing ? (
          <PricingContent
            mode={p.productType === 'LOCAL' ? 'Offline' : p.productType === 'TEAM' ? 'TeamUpdate' : 'PersonalUpdate'}
            tabs={['PERSONAL', 'TEAM', 'LOCAL']}
            initialTab={p.productType}
            initialPeriod={p.subscriptionType}
            seats={p.seats}
            invitationCode={p.invitationCode}
          />
        ) : (
          <Empty description={t('commerce.billingOff')} data-testid="pricing-off" />
        )}
      </Layout.Content>
      {billing && (
        <>
          <SeatModal />
          <PaymentModal />
          <Confetti />
        </>
      )}
    </Layout>
  );
}
