/** Calls of the notification centre and feedback (API.md "…other"). */
import type { NotificationItem, PopNotice } from '@askdb/contracts';
import { api, ApiError } from '../../lib/api';

export interface NoticePage {
  data: NotificationItem[];
  total: number;
  hasNextPage: boolean;
  unreadCount: number;
}

export const noticeApi = {
  unreadCount: () => api<number>('/api/notification/unread_count'),
  list: (pageNo: number, unreadOnly: boolean) => api<NoticePage>('/api/notification/list', { query: { pageNo, pageSize: 20, unreadOnly } }),
  takeAction: (body: { id?: number; all?: boolean }) => api<{ action: { kind: string; targetId: string } | null; unreadCount: number }>('/api/notification/take_action', { body }),
  pop: () => api<PopNotice | null>('/api/notification/pop'),
  dismissPop: (id: number) => api<boolean>('/api/notification/pop/dismiss', { body: { id } }),
};

/** POST /api/system/feedback/create as a multipart form; answers the envelope's data or throws its message. */
export async function sendFeedback(form: FormData, language: string): Promise<{ id: number }> {
  const res = await fetch('/api/system/feedback/create', { method: 'POST', body: form, headers: { 'accept-language': language } });
  const env = (await res.json().catch(() => ({ success: false, errorMessage: `HTTP ${res.status}` }))) as { success: boolean; data?: { id: number }; errorMessage?: string; errorCode?: string };
  if (!env.success) throw new ApiError(env.errorMessage ?? `HTTP ${res.status}`, env.errorCode, res.status);
  return env.data!;
}
