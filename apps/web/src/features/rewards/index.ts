export { InvitationsPanel } from './InvitationsPanel';
export { PayoutsPage } from './PayoutsPage';
