/** Calls of knowledge management and the MCP settings entry. */
import type { KnowledgeFields, KnowledgeImportError, KnowledgeItem, KnowledgeKind, McpClientConfig, Page } from '@askdb/contracts';
import { api, ApiError } from '../../lib/api';
import { downloadBlob } from '../../lib/download';
import i18n from 'i18next';

export type KnowledgeDraft = KnowledgeFields;
export interface KnowledgeFilter {
  kind?: KnowledgeKind;
  dataSourceId?: number;
  searchKey?: string;
}

async function download(path: string, query: Record<string, unknown>, fallbackName: string): Promise<void> {
  const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${path}${qs ? `?${qs}` : ''}`, { headers: { 'accept-language': i18n.language } });
  if (!res.ok) {
    const env = await res.json().catch(() => ({}));
    throw new ApiError(env.errorMessage ?? `HTTP ${res.status}`, env.errorCode, res.status);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  downloadBlob(await res.blob(), name);
}

export const knowledgeApi = {
  list: (f: KnowledgeFilter & { pageNo: number; pageSize: number }) => api<Page<KnowledgeItem>>('/api/knowledge/list', { query: { ...f } }),
  create: (d: KnowledgeDraft) => api<number>('/api/knowledge/create', { body: d }),
  update: (id: number, d: KnowledgeDraft) => api<boolean>('/api/knowledge/update', { body: { id, ...d } }),
  remove: (ids: number[]) => api<{ deleted: number }>('/api/knowledge/delete', { body: { ids } }),
  template: () => download('/api/knowledge/template', {}, 'knowledge-template.xlsx'),
  exportItems: (f: KnowledgeFilter, ids?: number[]) => download('/api/knowledge/export', { kind: f.kind, dataSourceId: f.dataSourceId, ids: ids?.length ? ids.join(',') : undefined }, 'knowledge.xlsx'),
  /** Resolves the created count; rejects with ApiError whose `data.errors` lists invalid rows. */
  async importFile(file: File): Promise<number> {
    const form = new FormData();
    form.append('file', file);
    const res = await fetch('/api/knowledge/import', { method: 'POST', body: form, headers: { 'accept-language': i18n.language } });
    const env = await res.json().catch(() => ({ success: false, errorMessage: `HTTP ${res.status}` }));
    if (!env.success) throw new ApiError(env.errorMessage, env.errorCode, res.status, env.errorDetail, env.data);
    return env.data.created as number;
  },
  dataSources: () => api<Page<{ id: number; alias: string }>>('/api/connection/datasource/list', { query: { pageNo: 1, pageSize: 500 }, quietRefusal: true }),
  mcpConfig: () => api<McpClientConfig>('/api/mcp/config/copy'),
};

export const importErrorsOf = (e: unknown): KnowledgeImportError[] => ((e as ApiError)?.data as { errors?: KnowledgeImportError[] } | undefined)?.errors ?? [];
