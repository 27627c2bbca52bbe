export { CommerceHost } from './CommerceHost';
export { EditionBadge } from './EditionBadge';
// PricingPage is loaded on demand (App.tsx imports './PricingPage' lazily): re-exporting it here would pull it into the first screen.
export { isPricingPath } from './pricing-path';
export { SubscriptionRecords } from './SubscriptionRecords';
export { UpgradeSeatsButton } from './UpgradeSeatsButton';
export { PurchaseDetails } from './PurchaseDetails';
export { useCommerce } from './commerce-store';
