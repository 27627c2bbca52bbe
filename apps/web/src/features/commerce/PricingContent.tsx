/**
 * The pricing body shared by the modal and the standalone page (spec 01 §2): tabs, the intro panel,
 * the billing period selector and the two plan cards. The product list reloads when the period
 * changes and when the body opens. A buy click without a plan id, or while a request is out, is
 * ignored; a team (or offline) plan opens the seat dialog, a personal plan goes to payment.
 */
import { useEffect, useState } from 'react';
import { Segmented, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PricingMode, Product, SubscriptionType } from '@askdb/contracts';
import { commerceApi } from './commerce-api';
import { billingPeriods } from './price';
import { pickCards } from './price';
import { CHINA_BUILD, useCommerce } from './commerce-store';
import { useCheckout } from './checkout';
import { PlanCard } from './PlanCard';
import { CARD_FEATURES, INTRO_FEATURES, type PlanTab } from './features-list';

export interface PricingContentProps {
  mode: PricingMode;
  tabs: PlanTab[];
  initialTab?: PlanTab;
  initialPeriod?: SubscriptionType;
  usageLimit?: boolean;
  /** Preset for the seat dialog (standalone page query parameters). */
  seats?: number;
  invitationCode?: string;
}

export function tabOfMode(mode: PricingMode): PlanTab {
  return mode === 'Offline' ? 'LOCAL' : mode === 'TeamUpdate' || mode === 'TeamAddSeat' ? 'TEAM' : 'PERSONAL';
}

export function PricingContent(props: PricingContentProps) {
  const { t } = useTranslation();
  const periods = billingPeriods(CHINA_BUILD);
  const [tab, setTab] = useState<PlanTab>(props.initialTab ?? tabOfMode(props.mode));
  const [period, setPeriod] = useState<SubscriptionType>(props.initialPeriod && periods.includes(props.initialPeriod) ? props.initialPeriod : periods[0]!);
  const [products, setProducts] = useState<Product[] | null>(null);
  const loading = useCheckout((s) => s.loading);
  const openSeat = useCommerce((s) => s.openSeat);

  useEffect(() => {
    let live = true;
    setProducts(null);
    commerceApi.products({ subscriptionType: [period] }).then((p) => live && setProducts(p), () => live && setProducts([]));
    return () => {
      live = false;
    };
  }, [period]);

  const offline = tab === 'LOCAL';
  const { personal, team } = pickCards(products ?? [], period, offline);
  const trialMode = (p: Product | null) => !!props.usageLimit && !!p?.freeTrial;

  const buy = (p: Product | null) => {
    if (!p?.id || useCheckout.getState().loading) return;
    if (p.type === 'PERSONAL') {
      void useCheckout.getState().start(p, { seats: 1, invitationCode: props.invitationCode, freeTrial: trialMode(p) || undefined });
      return;
    }
    openSeat({ product: p, seats: props.seats, invitationCode: props.invitationCode, freeTrial: trialMode(p) || undefined });
  };

  const showPersonal = props.mode !== 'TeamAddSeat';
  return (
    <div className="askdb-pricing" data-testid="pricing-content">
      {props.tabs.length > 1 && (
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as PlanTab)}
          items={props.tabs.map((k) => ({ key: k, label: <span data-testid={`pricing-tab-${k}`}>{t(`commerce.tab.${k}`)}</span> }))}
        />
      )}
      <div className="askdb-pricing-body">
        <aside className="askdb-pricing-intro" data-testid="pricing-intro">
          <div className="askdb-pricing-intro-title">{t(`commerce.intro.${tab}`)}</div>
          <ul>
            {INTRO_FEATURES[tab].map((k) => (
              <li key={k}>{t(k)}</li>
            ))}
          </ul>
        </aside>
        <div className="askdb-pricing-main">
          <Segmented<SubscriptionType>
            data-testid="billing-period"
            value={period}
            onChange={setPeriod}
            options={periods.map((p) => ({ value: p, label: <span data-testid={`period-${p}`}>{t(`commerce.period.${p}`)}</span> }))}
          />
          {products === null ? (
            <div className="askdb-pricing-loading"><Spin /></div>
          ) : (
            <div className="askdb-plan-cards">
              {showPersonal && (
                <PlanCard
                  testId={offline ? 'plan-local' : 'plan-personal'}
                  product={personal}
                  subtitle={t(offline ? 'commerce.card.localSubtitle' : 'commerce.card.personalSubtitle')}
                  title={t(offline ? 'commerce.card.localTitle' : 'commerce.card.personalTitle')}
                  features={(offline ? CARD_FEATURES.local : CARD_FEATURES.personal).map((k) => t(k))}
                  button={trialMode(personal) ? t('commerce.button.startFree') : t(offline ? 'commerce.button.buyOffline' : 'commerce.button.updatePro')}
                  freeTrial={trialMode(personal)}
                  loading={loading}
                  onBuy={buy}
                />
              )}
              {team && (
                <PlanCard
                  testId="plan-team"
                  product={team}
                  popular
                  subtitle={t('commerce.card.teamSubtitle')}
                  title={t('commerce.card.teamTitle')}
                  features={CARD_FEATURES.team.map((k) => t(k))}
                  button={props.mode === 'TeamAddSeat' ? t('commerce.button.addSeats') : trialMode(team) ? t('commerce.button.startFree') : t('commerce.button.updateTeam')}
                  freeTrial={trialMode(team)}
                  loading={loading}
                  onBuy={buy}
                />
              )}
              {!personal && !team && <div className="askdb-pricing-empty" data-testid="pricing-empty">{t('commerce.noProducts')}</div>}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
