export { SchemaSyncDialog, type SchemaSyncDialogProps } from './SchemaSyncDialog.js';
export { SchemaSyncHost } from './SchemaSyncHost.js';
export { openSchemaSync, SCHEMA_SYNC_EVENT, AI_EVENT, type SyncSide, type AiRepairDetail } from './events.js';
export { schemaSyncStrings } from './i18n.js';
