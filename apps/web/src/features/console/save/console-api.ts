/** Saved consoles and the draft store on the server (API.md "Consoles"; spec 01 §3, §7). */
import type { SavedConsole } from '@askdb/contracts';
import { api } from '../../../lib/api.js';

export interface ConsoleFieldsPatch {
  name?: string;
  status?: 'DRAFT' | 'RELEASE';
  ddl?: string;
  dataSourceId?: number | null;
  dataSourceName?: string | null;
  databaseName?: string | null;
  schemaName?: string | null;
  type?: string | null;
  tabOpened?: boolean;
}
export interface UpdateResult {
  version: number;
  conflict: boolean;
  message?: string;
}

export const consoleApi = {
  get: (id: number) => api<SavedConsole>(`/api/operation/saved/${id}`),
  create: (f: ConsoleFieldsPatch & { name: string; operationType?: string }) => api<number>('/api/operation/saved/create', { body: { status: 'DRAFT', tabOpened: true, operationType: 'CONSOLE', ...f } }),
  update: (id: number, f: ConsoleFieldsPatch, baseVersion?: number) => api<UpdateResult>('/api/operation/saved/update', { body: { id, ...f, baseVersion } }),
  getDraft: (id: number) => api<{ ddl: string; updatedAt: string } | null>(`/api/operation/draft/${id}`),
  setDraft: (id: number, ddl: string) => api<boolean>('/api/operation/draft/set', { body: { consoleId: id, ddl } }),
  deleteDraft: (id: number) => api<boolean>(`/api/operation/draft/${id}`, { method: 'DELETE' }),
};
export type ConsoleApi = typeof consoleApi;

/** Fire-and-forget save that outlives the page (pagehide): fetch with keepalive. */
export function beaconSave(id: number, status: 'DRAFT' | 'RELEASE', ddl: string, baseVersion: number): void {
  const url = status === 'RELEASE' ? '/api/operation/saved/update' : '/api/operation/draft/set';
  const body = status === 'RELEASE' ? { id, ddl, status, baseVersion } : { consoleId: id, ddl };
  const json = JSON.stringify(body);
  // keepalive bodies are capped at 64 KB; a larger text stays in localStorage and is restored on reload.
  if (json.length > 60_000) return;
  void fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json, keepalive: true }).catch(() => {});
}
