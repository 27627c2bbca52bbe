/** One plan card (spec 01 §2): subtitle, title, current price with its suffix, optional then line, feature lines, buy button. */
import { Button, Tag } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Product } from '@askdb/contracts';
import { cardPrice } from './price';

export function PlanCard(props: {
  testId: string;
  product: Product | null;
  subtitle: string;
  title: string;
  features: string[];
  button: string;
  popular?: boolean;
  freeTrial?: boolean;
  loading?: boolean;
  onBuy(product: Product | null): void;
}) {
  const { t } = useTranslation();
  const p = props.product;
  const price = p ? cardPrice(p, props.freeTrial) : null;
  return (
    <div className={`askdb-plan-card${props.popular ? ' askdb-plan-popular' : ''}`} data-testid={props.testId}>
      {props.popular && <Tag color="blue" className="askdb-plan-ribbon" data-testid="most-popular">{t('commerce.mostPopular')}</Tag>}
      <div className="askdb-plan-subtitle">{props.subtitle}</div>
      <div className="askdb-plan-title">{p?.title || props.title}</div>
      <div className="askdb-plan-price">
        {price ? (
          <>
            <span className="askdb-plan-current" data-testid={`${props.testId}-price`}>{price.current}</span>
            <span className="askdb-plan-suffix">
              {price.perSeat ? t('commerce.perUser') : ''}{t(`commerce.suffix.${price.suffix}`)}
            </span>
            {price.original && <s className="askdb-plan-original">{price.original}</s>}
          </>
        ) : (
          <span className="askdb-plan-current">—</span>
        )}
      </div>
      <div className="askdb-plan-then" data-testid={`${props.testId}-then`}>
        {price?.then ? t('commerce.then', { price: price.then.amount, suffix: t(`commerce.suffix.${price.then.suffix}`) }) : '\u00a0'}
      </div>
      <Button type={props.popular ? 'primary' : 'default'} block size="large" loading={props.loading} disabled={!p?.id} data-testid={`${props.testId}-buy`} onClick={() => props.onBuy(p)}>
        {props.button}
      </Button>
      {p?.id && p.paymentMethods.length === 0 && (
        <div className="askdb-plan-no-payment" role="note" data-testid={`${props.testId}-no-payment`}>{t('commerce.noPaymentMethod')}</div>
      )}
      <ul className="askdb-plan-features">
        {props.features.map((f) => (
          <li key={f}><CheckOutlined /> {f}</li>
        ))}
      </ul>
    </div>
  );
}
