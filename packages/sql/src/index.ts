/** @askdb/sql — SQL intelligence, pure TypeScript (runs in Node and in the browser). */
export type { Dialect, DialectFor, QuoteStyle, SplitterOptions } from './dialect.js';
export { dialectFor, definitionNameFor, DEFINITIONS, type DefinitionName } from './dialects/registry.js';
export { mapColumnType, type TypeFamily } from './column-type.js';
export { needsQuoting, quoteWith, quoteStringWith } from './quoting.js';
export { quoteRedisText } from './redis-quote.js';
export * from './redis-key-editor.js';
export { Scanner, TK, type TokenKind, type ScanOptions } from './tokenizer/scanner.js';
export { splitStatements, splitRanges, type SqlStatement, type SplitCarry } from './splitter.js';
export { streamSplitter, type StreamSplitter } from './stream-splitter.js';
export { statementType } from './statement-type.js';
export { statementAccess, type StatementAccess, type StatementAccessOptions, type TableAccess, type AccessTable, type AccessCategory } from './access/statement-access.js';
export { readOnlyRefusal, type ReadOnlyRefusal, type ReadOnlyReason, type ReadOnlyOptions } from './access/read-only.js';
export { statementAtCursor } from './cursor.js';
export { LineIndex, attachPositions, type LineCol } from './positions.js';
export {
  dialectDefinition, functionHelp, functionHelpList, ALL_FUNCTION_ROWS,
  type DialectDefinition, type FunctionHelp, type FunctionParameter, type FunctionCategory,
} from './definitions/index.js';
export type { SchemaCatalog, CatalogColumn, CatalogKey, CatalogTable, CatalogView, CatalogRoutine } from './catalog/catalog.js';
export { catalogIndex, CatalogIndex, type Relation, type ForeignKeyLink } from './catalog/catalog-index.js';
export { parseSql, analyzeStatement, type ParseOptions } from './parser/parse-script.js';
export { PARSER_MESSAGES } from './parser/messages.js';
export { tokenize, identValue, type Token } from './parser/tokens.js';
export type { StatementAnalysis, Scope, Source, TableSource, ColumnRef, SyntaxIssue, NamePath, ClauseKind } from './parser/model.js';
export { Resolver, type ResolveContext, type ResolvedSource } from './parser/resolve.js';
export { complete, completeJson, completeJsonParts, completePage, TIP_PAGE_SIZE, type CompleteInput, type CompletionPage } from './completion/complete.js';
export { namedTables } from './completion/named-tables.js';
export { warmCompletion } from './completion/warm.js';
export { shouldAutoSuggest } from './completion/auto-trigger.js';
export { cursorContext, type CursorContext, type ContextKind } from './completion/context.js';
export { matchScore } from './completion/match.js';
export { hover, relationInfo, type HoverRequest } from './hover/hover.js';
// Formatting pulls in sql-formatter (large): import it from '@askdb/sql/format' where it is needed.
export type { FormatKeywordCase } from './format/format.js';
