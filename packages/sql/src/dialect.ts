/**
 * The Dialect contract: what packages/sql knows about one engine's SQL. Drivers, completion,
 * the splitter, the formatter, the table editor and schema diff all read it.
 */
import type { ColumnType, DatabaseType } from '@askdb/contracts';

export type QuoteStyle = 'double' | 'backtick' | 'bracket';

export interface SplitterOptions {
  /** `$tag$ … $tag$` bodies (PostgreSQL family). */
  dollarQuotes: boolean;
  /** Nested block comments (PostgreSQL): a comment inside a comment needs its own end marker. */
  nestedBlockComments: boolean;
  /** MySQL client `DELIMITER //`. */
  delimiterCommand: boolean;
  /** SQL Server `GO` on its own line. */
  goSeparator: boolean;
  /** Oracle `/` on its own line ends a PL/SQL block. */
  slashTerminator: boolean;
  /** `#` starts a line comment (MySQL). */
  hashComments: boolean;
  /** Backslash escapes inside '…' strings (MySQL). */
  backslashEscapes: boolean;
  /** BEGIN … END bodies keep their inner semicolons (triggers, procedures). */
  beginEndBlocks: boolean;
  /** Identifier quote characters recognised by the tokenizer. */
  identifierQuotes: ('"' | '`' | '[')[];
  /**
   * Additive (packages/sql): which BEGIN opens a block. 'begin' (default): any BEGIN not followed by
   * TRANSACTION/WORK/TRAN/;; 'begin-atomic': only `BEGIN ATOMIC` (PostgreSQL, whose BEGIN starts a transaction).
   */
  blockStart?: 'begin' | 'begin-atomic';
  /** Additive (packages/sql): every non-empty line is one command (Redis). */
  splitByLines?: boolean;
  /**
   * Additive (drivers, issue 23): `COPY … FROM STDIN;` takes the data lines after it, up to a `\.`
   * line or the end of the script, as psql does (PostgreSQL family). The statement keeps them.
   */
  copyData?: boolean;
}

export interface Dialect {
  /** Name of the definition (generic/mysql, postgresql, oracle, sqlserver, sqlite, duckdb, clickhouse, redis). */
  readonly name: string;
  readonly quoteStyle: QuoteStyle;
  readonly supportsDatabase: boolean;
  readonly supportsSchema: boolean;
  readonly splitter: SplitterOptions;
  /** Quote an identifier when needed (spec 01 §5), always when `force`. */
  quoteIdentifier(name: string, force?: boolean): string;
  /** A string literal with the engine's escaping. */
  quoteString(value: string): string;
  /** Map a native type name (e.g. `varchar(20)`, `int8`, `timestamptz`) to the spec's column type. */
  columnType(nativeType: string): ColumnType;
  /** sql-formatter language for this dialect. */
  readonly formatterLanguage: string;
  /** Additive (packages/sql): the spec type this instance was made for. */
  readonly databaseType?: DatabaseType;
  /** Additive (packages/sql): how the engine folds unquoted identifiers ('preserve' = no folding). */
  readonly identifierCase?: 'lower' | 'upper' | 'preserve';
  /** Additive (packages/sql): whether a name needs quoting (spec 01 §5). */
  needsQuoting?(name: string): boolean;
}

export type DialectFor = (type: DatabaseType) => Dialect;
