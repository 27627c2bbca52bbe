/** Window events of schema sync: anyone (header button, tree menu) can open the dialog without importing it. */

/** One side of a sync: a data source and, where the engine has them, a database and a schema. */
export interface SyncSide {
  dataSourceId?: number;
  databaseName?: string | null;
  schemaName?: string | null;
}

export const SCHEMA_SYNC_EVENT = 'askdb:schema-sync';
export const AI_EVENT = 'askdb:ai';

export interface SchemaSyncEventDetail {
  source?: SyncSide;
}

/** Open the schema-sync dialog, optionally with the source already chosen. */
export function openSchemaSync(source?: SyncSide): void {
  window.dispatchEvent(new CustomEvent<SchemaSyncEventDetail>(SCHEMA_SYNC_EVENT, { detail: { source } }));
}

/** What 'use AI to repair' sends to the chat panel (spec 01 §8: a SQL_DEBUG question with the error). */
export interface AiRepairDetail {
  questionType: 'SQL_DEBUG';
  input: string;
  errorMessage: string;
  /** The target the statement ran on; name and type save the chat a look-up. */
  context: { dataSourceId: number; databaseName: string | null; schemaName: string | null; dataSourceName?: string; databaseType?: string };
}

export function askAiToRepair(detail: AiRepairDetail): void {
  window.dispatchEvent(new CustomEvent<AiRepairDetail>(AI_EVENT, { detail }));
}
