/** Settings sections of commerce (spec 02 §2 Settings): purchase details, my invitations, and the operator's payouts. Hidden with billing off. */
import type { SettingsSection } from '../settings/extra-sections';
import { useSession } from '../auth/session';
import { InvitationsPanel, PayoutsPage } from '../rewards';
import { useCommerce } from './commerce-store';
import { PurchaseDetails } from './PurchaseDetails';

const off = () => !useCommerce.getState().billing;

export const commerceSettingsSections: SettingsSection[] = [
  { key: 'purchase', labelKey: 'commerce.settings.purchase', Component: PurchaseDetails, serverOnly: true, hidden: off },
  { key: 'invitations', labelKey: 'commerce.settings.invitations', Component: InvitationsPanel, serverOnly: true, hidden: off },
  { key: 'payouts', labelKey: 'commerce.settings.payouts', Component: PayoutsPage, serverOnly: true, hidden: () => off() || !useSession.getState().user?.isOperator },
];
