/**
 * Saved conversations (server: /api/ai/chat/*): what of a message is kept, and the calls. A message in
 * flight is never saved; what the UI needs to draw an answer again (checks, error, thinking) travels in `meta`.
 */
import type { ChatDetail, ChatSummary, Page } from '@askdb/contracts';
import { LIMITS } from '@askdb/contracts';
import { api } from '../../lib/api.js';
import type { ChatContext, ChatMessage } from './chat-store.js';

export interface SavedMessage { role: 'user' | 'assistant'; content: string; meta?: Record<string, unknown> }

const META_FIELDS = ['thinking', 'state', 'error', 'info', 'stopped', 'events', 'questionType', 'tables', 'context'] as const;

export function toSaved(messages: ChatMessage[]): SavedMessage[] {
  return messages
    .filter((m) => m.role === 'user' || (m.state !== 'loading' && m.state !== 'thinking'))
    .map((m) => {
      const meta: Record<string, unknown> = {};
      for (const f of META_FIELDS) if (m[f] !== undefined) meta[f] = m[f];
      return { role: m.role, content: m.content, ...(Object.keys(meta).length ? { meta } : {}) };
    });
}

/** Saved messages as the store holds them; `newId` is the store's own id maker. */
export function fromSaved(messages: SavedMessage[], newId: () => string): ChatMessage[] {
  return messages.map((m) => ({ ...(m.meta as Partial<ChatMessage>), id: newId(), role: m.role, content: m.content }));
}

export const chatHistoryApi = {
  list: (pageNo = 1) => api<Page<ChatSummary>>('/api/ai/chat/list', { query: { pageNo, pageSize: LIMITS.pageSizeChatList } }),
  latest: () => api<ChatDetail | null>('/api/ai/chat/brief'),
  get: (id: number) => api<ChatDetail>(`/api/ai/chat/${id}`),
  save: (body: { id?: number; context: ChatContext; messages: SavedMessage[] }) => api<number>('/api/ai/chat/save', { body }),
  remove: (id: number) => api<boolean>(`/api/ai/chat/${id}`, { method: 'DELETE' }),
};
