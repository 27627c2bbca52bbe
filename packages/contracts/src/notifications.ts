/**
 * Notification centre, pop notices and feedback (issue 18 points 1–2; spec 02 §3 "Feedback",
 * §7 "Notifications", "System"; API.md "Dashboards, AI chats, knowledge, other").
 */
import { z } from 'zod';

export const NOTIFICATION_TYPES = ['APPROVAL', 'ORDER', 'TASK', 'DASHBOARD', 'SYSTEM'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Message keys the server stores; the web renders them in the reader's language (features/notifications/i18n.ts). */
export const NOTIFICATION_MESSAGE_KEYS = [
  'approval.requested', 'approval.decided', 'order.paid', 'order.cancelled', 'order.credited',
  'task.import.done', 'task.import.failed', 'task.import.stopped', 'task.export.done', 'task.export.failed', 'task.export.stopped',
  'dashboard.refreshFailed', 'system.message', 'account.signInThrottled',
] as const;

export interface NotificationItem {
  id: number;
  type: NotificationType;
  messageKey: string;
  params: Record<string, string | number>;
  action: { kind: string; targetId: string } | null;
  read: boolean;
  createdAt: string;
}

export const NotificationListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  unreadOnly: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
});
export const NotificationTakeAction = z.object({ id: z.number().int().positive().optional(), all: z.boolean().optional() });

export const POP_NOTICE_CODES = ['SUBSCRIPTION_POP', 'ANNOUNCEMENT'] as const;
export const PopNoticeCreate = z.object({
  code: z.enum(POP_NOTICE_CODES).default('SUBSCRIPTION_POP'),
  organizationId: z.number().int().positive().nullable().default(null),
  title: z.string().trim().min(1).max(255),
  content: z.string().max(5000).default(''),
  imageUrl: z.string().url().max(1024).nullable().default(null),
  shareUrl: z.string().url().max(1024).nullable().default(null),
  startsAt: z.string().datetime().nullable().default(null),
  endsAt: z.string().datetime().nullable().default(null),
});
export type PopNoticeCreate = z.infer<typeof PopNoticeCreate>;
export const PopNoticeDismiss = z.object({ id: z.number().int().positive() });
export interface PopNotice {
  id: number;
  code: string;
  title: string;
  content: string;
  imageUrl: string | null;
  shareUrl: string | null;
}

export const FEEDBACK_FEELINGS = ['amazing', 'good', 'ok', 'bad', 'terrible'] as const;
export const FEEDBACK_CATEGORIES = ['AI', 'UI', 'FEATURE_SUGGESTION'] as const;
export const FEEDBACK_MAX_IMAGES = 5;
export const FEEDBACK_MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Private upload URLs expire after this many seconds (spec 01 §… "signed URL valid 2592000 s"). */
export const SIGNED_URL_TTL_SECONDS = 2_592_000;

export interface FeedbackItem {
  id: number;
  userId: number;
  userName: string | null;
  organizationId: number | null;
  contact: string;
  feeling: string;
  category: string;
  content: string;
  images: string[];
  logUrl: string | null;
  createdAt: string;
}
