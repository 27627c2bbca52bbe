/** What statement analysis finds: query scopes, their sources, and the names referenced. */

export type StatementKind =
  | 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE' | 'MERGE' | 'CREATE' | 'ALTER' | 'DROP' | 'TRUNCATE' | 'OTHER';

/** A possibly qualified name as written: `db.schema.table` → parts ['db', 'schema', 'table']. */
export interface NamePath {
  parts: string[];
  /** Offsets of each part. */
  starts: number[];
  ends: number[];
  /** Which parts were quoted (case kept exactly). */
  quoted: boolean[];
}

export interface TableSource {
  kind: 'table';
  path: NamePath;
  alias?: string;
  aliasStart?: number;
  /** Where the source is written (name through alias). */
  start: number;
  end: number;
  /** Role of the reference: read in FROM/JOIN, or the target of INSERT/UPDATE/DELETE. */
  role: 'from' | 'target';
}

export interface QuerySource {
  kind: 'subquery';
  alias?: string;
  /** Column names declared after the alias: `(SELECT …) AS d(a, b)`. */
  columnAliases?: string[];
  scope: Scope;
  start: number;
  end: number;
}

/** A table function or other source whose columns we cannot know (`generate_series(…) g`, `VALUES …`). */
export interface OpaqueSource {
  kind: 'opaque';
  alias?: string;
  name?: string;
  columnAliases?: string[];
  start: number;
  end: number;
}

export type Source = TableSource | QuerySource | OpaqueSource;

export interface Cte {
  name: string;
  start: number;
  end: number;
  columnAliases?: string[];
  scope?: Scope;
}

/** One item of a select list. */
export interface SelectItem {
  /** Output name: alias, or the column name of a plain column reference; undefined for unnamed expressions. */
  name?: string;
  /** `*` or `t.*`. */
  star?: { qualifier?: string[] };
  start: number;
  end: number;
}

export type ClauseKind =
  | 'select' | 'from' | 'where' | 'group' | 'having' | 'order' | 'limit' | 'window' | 'qualify'
  | 'set' | 'values' | 'columns' | 'on' | 'returning' | 'other';

export interface ColumnRef {
  path: NamePath;
  /** The scope whose names it may use (and its parents). */
  scope: Scope;
  clause: ClauseKind;
  /** Names that may legitimately be select-list aliases (ORDER BY, GROUP BY, HAVING). */
  mayBeAlias?: boolean;
  /** Checked against one known table only: INSERT column lists, UPDATE SET targets. */
  target?: TableSource;
}

export interface FunctionRef {
  name: string;
  start: number;
  end: number;
}

export interface Scope {
  id: number;
  parent?: Scope;
  start: number;
  end: number;
  sources: Source[];
  ctes: Cte[];
  items: SelectItem[];
  /** Clause ranges in this query block, in order. */
  clauses: { kind: ClauseKind; start: number; end: number }[];
  children: Scope[];
}

export interface SyntaxIssue {
  code: string;
  params?: Record<string, string>;
  start: number;
  end: number;
}

export interface StatementAnalysis {
  kind: StatementKind;
  start: number;
  end: number;
  errors: SyntaxIssue[];
  root: Scope;
  scopes: Scope[];
  tables: TableSource[];
  columns: ColumnRef[];
  functions: FunctionRef[];
  /** Tables and views this statement creates (so later statements may use them). */
  creates: string[];
}
