/** "Change AI table info" (spec 01 §2 tab type, 02 §3 "AI dataset"): GET/PUT /api/ai/table_info. */
import { api } from '../../lib/api';

export interface AiColumnFields {
  aliasName?: string;
  aliasComment?: string;
  foreignTable?: string;
  foreignColumn?: string;
  exampleData?: string;
  excluded?: boolean;
  exampleFunction?: string;
  enumValues?: string[];
  extraAttribute?: string;
}

export interface AiInfoColumn extends AiColumnFields {
  name: string;
  columnType: string;
  comment: string | null;
}

export interface AiTableInfoAnswer {
  dataSourceId: number;
  databaseName: string | null;
  schemaName: string | null;
  tableName: string;
  collectionId: number | null;
  /** False for a member on a shared source: the source's own info is its creator's or an admin's to change. */
  canEdit: boolean;
  version: number;
  aiTableName: string | null;
  aiTableComment: string | null;
  columns: AiInfoColumn[];
  /** A collection's editor: what the data source's own info says underneath. */
  inherited?: { aiTableName: string | null; aiTableComment: string | null; columns: ({ name: string } & AiColumnFields)[] };
}

export interface AiInfoPlace {
  dataSourceId: number;
  databaseName?: string | null;
  schemaName?: string | null;
  tableName: string;
  collectionId?: number | null;
}

export interface AiTableInfoSave extends AiInfoPlace {
  version: number;
  aiTableName?: string;
  aiTableComment?: string;
  columns: ({ name: string } & AiColumnFields)[];
}

const URL = '/api/ai/table_info';

export const aiTableInfoApi = {
  get: (p: AiInfoPlace) => api<AiTableInfoAnswer>(URL, { query: { ...p } }),
  save: (body: AiTableInfoSave) => api<{ version: number }>(URL, { method: 'PUT', body }),
};
