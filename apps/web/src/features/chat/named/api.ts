/** Named AI chats (API.md "AI chats"): every path of the chat main tab lives here. */
import type { AnswerPart, ChatV2, ChatV2Detail, ExcelHeader, ExcelUploadPreview, Page, ShareScope, SharePermission, SlashMagic } from '@askdb/contracts';
import { api, ApiError } from '../../../lib/api.js';
import { LIMITS } from '@askdb/contracts';

export interface CreateChat {
  name: string;
  description?: string;
  sourceType: 'DATABASE' | 'EXCEL';
  dataset?: { dataSourceId?: number; databaseName?: string; schemaName?: string; dataSourceCollectionId?: number };
  uploadId?: string;
  header?: ExcelHeader;
}

export const chatApi = {
  list: (pageNo: number, searchKey?: string) => api<Page<ChatV2>>('/api/v2/ai/chat/list', { query: { pageNo, pageSize: 20, searchKey } }),
  get: (id: number, pageNo = 1) => api<ChatV2Detail>('/api/v2/ai/chat/get', { query: { id, pageNo, pageSize: 5 } }),
  brief: (id: number) => api<ChatV2>('/api/v2/ai/chat/getChatBrief', { query: { id } }),
  create: (c: CreateChat) => api<ChatV2>('/api/ai/chat/create', { body: c }),
  update: (id: number, c: { name?: string; description?: string }) => api<ChatV2>('/api/ai/chat/update', { body: { id, ...c } }),
  remove: (id: number) => api<boolean>('/api/ai/chat/delete', { method: 'DELETE', query: { id } }),
  share: (id: number, scope: ShareScope, permission: SharePermission, collaboratorIds: number[]) =>
    api<{ token: string; link: string }>('/api/ai/chat/share', { body: { id, scope, permission, collaboratorIds } }),
  resolve: (token: string) => api<ChatV2>('/api/ai/chat/share/resolve', { query: { token } }),
  updateSql: (answerId: number, content: string) => api<unknown>('/api/ai/parts/answer/update', { body: { answerId, step: 1, content } }),
  feedback: (answerId: number, helpful: boolean, reason?: string) => api<unknown>('/api/ai/chat/answer/feedback', { body: { answerId, helpful, reason } }),
  dataSources: () => api<Page<{ id: number; alias: string; type: string }>>('/api/connection/datasource/list', { query: { pageNo: 1, pageSize: 1000 } }).then((p) => p.data),
  databases: (dataSourceId: number) => api<{ name: string }[]>('/api/rdb/database/list', { query: { dataSourceId }, quietRefusal: true }),
  schemas: (dataSourceId: number, databaseName?: string) => api<{ name: string }[]>('/api/rdb/schema/list', { query: { dataSourceId, databaseName }, quietRefusal: true }),
  collections: () => api<Page<{ id: number; title: string }> | { id: number; title: string }[]>('/api/ai/data_collection/list', { query: { pageNo: 1, pageSize: LIMITS.pageSizeDataCollections } }).then((r) => (Array.isArray(r) ? r : r.data)),
  members: (organizationId: number) => api<Page<{ userId: number; userName?: string; name?: string }>>('/api/organization/list_user', { query: { organizationId, pageNo: 1, pageSize: 200 }, quietRefusal: true }).then((p) => p.data),
};

/** Uploads one file (multipart) for the header wizard. */
export async function uploadFile(file: File, language: string): Promise<ExcelUploadPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch('/api/ai/chat/excel', { method: 'POST', body: form, headers: { 'accept-language': language } });
  const env = await res.json().catch(() => ({ success: false, errorMessage: `HTTP ${res.status}` }));
  if (!env.success) throw new ApiError(env.errorMessage ?? `HTTP ${res.status}`, env.errorCode, res.status);
  return env.data as ExcelUploadPreview;
}

export interface AnswerEvents {
  onAnswer?: (answerId: number) => void;
  onPart: (answerId: number, part: AnswerPart) => void;
  onError?: (message: string) => void;
}

export interface AnswerMessage { answerId?: number; part?: AnswerPart; errorCode?: string; errorMessage?: string }

/**
 * One message of an answer stream. A refusal the app acts on goes out as the same global event the
 * chat store sends: FREE_TRIAL_USAGE_LIMIT opens the pricing modal (features/commerce), an offline
 * licence that is over its dialog; the failed part shows the message in the answer.
 */
export function answerMessage(msg: AnswerMessage, ev: AnswerEvents, target: EventTarget = window): void {
  if (msg.errorCode === 'FREE_TRIAL_USAGE_LIMIT') target.dispatchEvent(new CustomEvent('askdb:ai-usage-limit', { detail: { errorCode: msg.errorCode, errorMessage: msg.errorMessage } }));
  else if (msg.errorCode?.startsWith('OFFLINE_')) target.dispatchEvent(new CustomEvent('askdb:licence-error', { detail: { errorCode: msg.errorCode, errorMessage: msg.errorMessage } }));
  else if (msg.errorMessage) ev.onError?.(msg.errorMessage);
  else if (msg.part && msg.answerId) ev.onPart(msg.answerId, msg.part);
  else if (msg.answerId) ev.onAnswer?.(msg.answerId);
}

/** Asks (or retries) and reads the answer's parts as they stream (server-sent events). */
export async function streamAnswer(path: '/api/ai/chat/ask' | '/api/ai/chat/answer/retry', body: { chatId?: number; question?: string; magic?: SlashMagic; answerId?: number; step?: number }, language: string, ev: AnswerEvents): Promise<void> {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'accept-language': language }, body: JSON.stringify(body) });
  if (!(res.headers.get('content-type') ?? '').includes('event-stream')) {
    const env = await res.json().catch(() => ({ errorMessage: `HTTP ${res.status}` }));
    throw new ApiError(env.errorMessage ?? `HTTP ${res.status}`, env.errorCode, res.status);
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buf += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      if (!block.startsWith('data: ')) continue;
      const data = block.slice(6);
      if (data === '[DONE]') return;
      answerMessage(JSON.parse(data) as AnswerMessage, ev);
    }
  }
}

/** "/query_table how many…" → the magic and the question. */
export function slashMagic(input: string): { magic?: SlashMagic; question: string } {
  const m = /^\s*\/(query_table|query_chart)\b\s*/.exec(input);
  return m ? { magic: m[1] as SlashMagic, question: input.slice(m[0].length).trim() } : { question: input.trim() };
}
