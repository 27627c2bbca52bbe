export { NotificationBell } from './NotificationBell';
export { PopNotice } from './PopNotice';
export { FeedbackButton, FeedbackDialog } from './FeedbackDialog';
export { notificationStrings } from './i18n';
export { useNotices } from './store';
