/**
 * `notify`: the one call every feature makes to tell users something (approvals, orders, tasks,
 * dashboards, the system). Stores one row per recipient — a message key and its parameters,
 * rendered in the reader's language by the web app — and pushes a wake-up to open browsers on
 * every replica (hub.ts). Never throws into the caller's flow: a failed push is logged; the row
 * is what counts, and the bell polls as a fallback.
 */
import type { NotificationType } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { nowIso } from '../../store/db.js';
import { notificationDb } from '../../store/notifications-schema.js';
import { notificationHub } from './hub.js';

export interface NotifyInput {
  organizationId: number | null;
  userIds: number[];
  type: NotificationType;
  messageKey: string;
  params?: Record<string, string | number>;
  action?: { kind: string; targetId: string | number };
}

export async function notify(deps: Pick<AppDeps, 'store' | 'config'>, n: NotifyInput): Promise<void> {
  const userIds = [...new Set(n.userIds.filter((u) => Number.isInteger(u) && u > 0))];
  if (!userIds.length) return;
  const now = nowIso();
  const params = JSON.stringify(n.params ?? {});
  await notificationDb(deps.store.db)
    .insertInto('notifications')
    .values(userIds.map((u) => ({
      organization_id: n.organizationId, user_id: u, type: n.type, message_key: n.messageKey, params_json: params,
      action_kind: n.action?.kind ?? null, action_target: n.action ? String(n.action.targetId) : null, read_at: null, created_at: now,
    })))
    .execute();
  try {
    await notificationHub(deps).publish({ organizationId: n.organizationId, userIds, type: n.type, messageKey: n.messageKey });
  } catch (e) {
    process.emitWarning(`AskDB notifications: the push failed (${(e as Error).message}); browsers will see it on their next poll`);
  }
}
