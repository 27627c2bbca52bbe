/** @askdb/schema-diff — schema model, diff as typed operations, DDL per dialect (schema sync, table editor). */
export * from './model.js';
export { engineFamily, engineTraits, type EngineTraits } from './engine.js';
export { fromCatalog } from './normalize/catalog.js';
export { canonicalType, typeDetail } from './normalize/types.js';
export { parseType, formatType, type TypeParts } from './normalize/type-text.js';
export { diffSchemas, type DiffOptions } from './diff.js';
export type { Operation, OperationKind, ColumnChange, SchemaDiff } from './operations.js';
export { DdlGenerator, joinStatements, type DdlOptions } from './ddl/base.js';
export { ddlGeneratorFor } from './ddl/index.js';
export { syncSql, syncPlan, scriptOf, UnsupportedEngineError, type SyncOptions, type SyncPlan } from './sync.js';
export { statementKind, typeChangeCanFail, type PlanItem, type PlanItemKind } from './plan-items.js';
export { createTableSql, alterTableSql, checkIndexMethods, InvalidIndexMethodError, type TableEditOptions } from './table-editor.js';
