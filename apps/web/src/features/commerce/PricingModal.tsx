/** The pricing modal (spec 01 §2): 960 px wide, at most 80 vh, not closed by the backdrop; Personal and Team tabs. */
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCommerce } from './commerce-store';
import { PricingContent } from './PricingContent';
import { pricingTitleKey } from './titles';

export function PricingModal() {
  const { t } = useTranslation();
  const req = useCommerce((s) => s.pricing);
  const close = useCommerce((s) => s.closePricing);
  const key = pricingTitleKey(req);
  const title = key ? t(key) : '';
  return (
    <Modal
      open={!!req}
      width={960}
      maskClosable={false}
      footer={null}
      destroyOnHidden
      onCancel={close}
      title={<span data-testid="pricing-title">{title}</span>}
      styles={{ body: { maxHeight: 'calc(80vh - 110px)', overflowY: 'auto' } }}
      data-testid="pricing-modal"
      wrapClassName="askdb-pricing-modal"
    >
      {req && (
        <>
          <div className="askdb-pricing-subtitle" data-testid="pricing-subtitle">{req.usageLimit ? t('commerce.subtitle.startFree') : t('commerce.subtitle.select')}</div>
          <PricingContent mode={req.mode} tabs={req.mode === 'Offline' ? ['LOCAL'] : ['PERSONAL', 'TEAM']} usageLimit={req.usageLimit} />
        </>
      )}
    </Modal>
  );
}
