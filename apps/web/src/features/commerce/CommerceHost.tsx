/**
 * Mounted once in the app shell: the pricing modal, the seat modal, the payment step, the Subscribed
 * guide and the confetti; the billing flag from GET /api/system (missing = off, then nothing of
 * commerce shows); FREE_TRIAL_USAGE_LIMIT from any API answer or AI stream opens the pricing modal.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session';
import { useCommerce } from './commerce-store';
import { useCheckout } from './checkout';
// The pricing modal and its plans load when it first opens, not with the first screen (issue 28 point 4).
const PricingModal = lazy(() => import('./PricingModal').then((m) => ({ default: m.PricingModal })));
import { SeatModal } from './SeatModal';
import { PaymentModal } from './PaymentModal';
import { Confetti, SubscribedGuide } from './SuccessEffects';
import './commerce.css';

export const USAGE_LIMIT_EVENT = 'askdb:ai-usage-limit';
export const PURCHASE_PATH = '/settings/purchase';

export function CommerceHost({ onOpenSettings }: { onOpenSettings?: (section?: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const billing = useCommerce((s) => s.billing);
  const error = useCheckout((s) => s.error);
  // Mounted from the first time it is asked for, then kept (its close animation, instant reopening).
  const pricingOpen = useCommerce((s) => !!s.pricing);
  const [pricingAsked, setPricingAsked] = useState(false);
  useEffect(() => {
    if (pricingOpen) setPricingAsked(true);
  }, [pricingOpen]);

  useEffect(() => {
    const onLimit = () => {
      const s = useCommerce.getState();
      if (!s.billing || s.pricing) return;
      message.info(t('commerce.usageLimit'));
      const team = useSession.getState().user?.currentOrganization?.type === 'TEAM';
      s.openPricing({ mode: team ? 'TeamUpdate' : 'PersonalUpdate', usageLimit: true });
    };
    window.addEventListener(USAGE_LIMIT_EVENT, onLimit);
    return () => window.removeEventListener(USAGE_LIMIT_EVENT, onLimit);
  }, [message, t]);

  useEffect(() => {
    if (!error) return;
    message.error(error);
    useCheckout.setState({ error: null });
  }, [error, message]);

  useEffect(() => {
    // The standalone pricing page goes here after payment (spec 01 §2): the purchase details in settings.
    if (billing && window.location.pathname.replace(/\/+$/, '') === PURCHASE_PATH) {
      window.history.replaceState(null, '', '/workspace');
      onOpenSettings?.('purchase');
    }
  }, [billing, onOpenSettings]);

  if (!billing) return null;
  return (
    <>
      {pricingAsked && <Suspense fallback={null}><PricingModal /></Suspense>}
      <SeatModal />
      <PaymentModal />
      <SubscribedGuide />
      <Confetti />
    </>
  );
}
