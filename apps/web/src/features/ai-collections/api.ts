/**
 * AI data collections (spec 01 §3, §7): a named set of tables and views from any data source that
 * a chat can be bound to. All paths live here.
 */
import { LIMITS } from '@askdb/contracts';
import { api } from '../../lib/api.js';

export interface AiCollection {
  id: number;
  title: string;
}

export interface AiCollectionElement {
  id: number;
  type: 'TABLE' | 'VIEW';
  tableName: string;
  dataSourceId?: number;
  dataSourceName: string;
  databaseName?: string | null;
  schemaName?: string | null;
  /** What the table means, in the user's words; schema linking reads it. */
  annotation?: string | null;
}

export interface NewElement {
  type: 'TABLE' | 'VIEW';
  tableName: string;
  dataSourceId: number;
  databaseName?: string | null;
  schemaName?: string | null;
}

interface Page<T> {
  data: T[];
}
const rows = <T>(r: Page<T> | T[]): T[] => (Array.isArray(r) ? r : (r?.data ?? []));

const BASE = '/api/ai/data_collection';

export const collectionsApi = {
  list: async (): Promise<AiCollection[]> => rows(await api<Page<AiCollection> | AiCollection[]>(`${BASE}/list`, { query: { pageNo: 1, pageSize: LIMITS.pageSizePopup } })),
  create: (title: string) => api<number>(`${BASE}/create`, { body: { title } }),
  rename: (id: number, title: string) => api<unknown>(`${BASE}/rename`, { body: { id, title } }),
  remove: (id: number) => api<unknown>(`${BASE}/${id}`, { method: 'DELETE' }),
  elements: async (id: number): Promise<AiCollectionElement[]> =>
    rows(await api<Page<AiCollectionElement> | AiCollectionElement[]>(`${BASE}/element/list`, { query: { id, pageNo: 1, pageSize: LIMITS.pageSizePopup } })).map((e) => ({
      ...e,
      type: String(e.type).toUpperCase() === 'VIEW' ? 'VIEW' : 'TABLE',
    })),
  addElements: (id: number, elements: NewElement[]) => api<unknown>(`${BASE}/element/add`, { body: { id, elements } }),
  removeElement: (id: number, elementId: number) => api<unknown>(`${BASE}/element/delete`, { body: { id, elementId } }),
  annotate: (id: number, elementId: number, annotation: string) => api<unknown>(`${BASE}/element/annotate`, { body: { id, elementId, annotation } }),
};
