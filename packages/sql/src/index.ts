/** @askdb/sql — SQL intelligence, pure TypeScript (runs in Node and in the browser). */
export type { Dialect, DialectFor, QuoteStyle, SplitterOptions } from './dialect.js';
export { dialectFor, definitionNameFor, DEFINITIONS, type DefinitionName } from './dialects/registry.js';
export { mapColumnType, type TypeFamily } from './column-type.js';
export { needsQuoting, quoteWith, quoteStringWith } from './quoting.js';
export { Scanner, TK, type TokenKind, type ScanOptions } from './tokenizer/scanner.js';
export { splitStatements, splitRanges, type SqlStatement } from './splitter.js';
export { statementAtCursor } from './cursor.js';
export { LineIndex, attachPositions, type LineCol } from './positions.js';
export {
  dialectDefinition, functionHelp, functionHelpList, ALL_FUNCTION_ROWS,
  type DialectDefinition, type FunctionHelp, type FunctionParameter, type FunctionCategory,
} from './definitions/index.js';
