export { ApprovalList } from './ApprovalList';
export { PendingBadge, TeamTabBadge } from './PendingBadge';
export { approvalStrings } from './i18n';
