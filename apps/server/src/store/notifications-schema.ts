/**
 * Table types of the notification centre, pop notices, feedback and uploads (migration 0015).
 * The store code reaches them with `notificationDb(db)`.
 */
import type { Generated, Kysely } from 'kysely';
import type { StoreDb } from './db.js';

export interface NotificationsTable {
  id: Generated<number>;
  organization_id: number | null;
  user_id: number;
  /** APPROVAL, ORDER, TASK, DASHBOARD or SYSTEM (NotificationType in @askdb/contracts). */
  type: string;
  message_key: string;
  params_json: string;
  action_kind: string | null;
  action_target: string | null;
  read_at: string | null;
  created_at: string;
}
export interface PopNoticesTable {
  id: Generated<number>;
  code: string;
  /** null = every organisation. */
  organization_id: number | null;
  title: string;
  content: string;
  image_url: string | null;
  share_url: string | null;
  starts_at: string | null;
  ends_at: string | null;
  created_by: number;
  created_at: string;
}
export interface PopNoticeSeenTable {
  notice_id: number;
  user_id: number;
  seen_at: string;
}
export interface UploadsTable {
  id: Generated<number>;
  /** FEEDBACK_IMG, FEEDBACK_LOG (private). */
  kind: string;
  owner_id: number;
  organization_id: number | null;
  file_name: string;
  /** Relative to $ASKDB_HOME/uploads. */
  storage_path: string;
  mime: string;
  size: number;
  created_at: string;
}
export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  organization_id: number | null;
  contact: string;
  feeling: string;
  category: string;
  content: string;
  /** JSON array of upload ids. */
  image_ids: string;
  log_upload_id: number | null;
  created_at: string;
}

export type NotificationTables = {
  notifications: NotificationsTable;
  pop_notices: PopNoticesTable;
  pop_notice_seen: PopNoticeSeenTable;
  uploads: UploadsTable;
  feedback: FeedbackTable;
  users: { id: number; name: string; email: string | null };
  organization_members: { organization_id: number; user_id: number; role_code: string; status: string };
};
export type NotificationDb = Kysely<NotificationTables>;

export function notificationDb(db: StoreDb | Kysely<any>): NotificationDb {
  return (db as Kysely<any>).withTables<NotificationTables>() as unknown as NotificationDb;
}
