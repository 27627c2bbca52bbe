export { CommerceHost } from './CommerceHost';
export { EditionBadge } from './EditionBadge';
export { PricingPage, isPricingPath } from './PricingPage';
export { SubscriptionRecords } from './SubscriptionRecords';
export { PurchaseDetails } from './PurchaseDetails';
export { useCommerce } from './commerce-store';
