/** The tree node of spec 01 §3: key, originalTitle, treeNodeType, isLeaf, describe, id, extraParams, decorativeParams. */
import type { DatabaseType, TreeNodeType } from '@askdb/contracts';

export interface ExtraParams {
  dataSourceId?: number;
  dataSourceName?: string;
  databaseType?: DatabaseType;
  databaseName?: string | null;
  schemaName?: string | null;
  tableName?: string | null;
  aiDataCollectionId?: number;
  hasPermission?: boolean;
  /** A function's overload (PostgreSQL, SQL Server): names its definition. */
  specificName?: string | null;
  /** Issue 26: the schema-object kind(s) of a SCHEMA_OBJECTS folder (comma-separated) or of a SCHEMA_OBJECT. */
  objectKind?: string | null;
  /** Group of a data source or parent of a group (drag and drop, "move to"). */
  groupId?: number | null;
}
export interface DecorativeParams {
  pinned?: boolean;
  comment?: string | null;
  /** Primary key column (columns), unique index, … shown as a small mark. */
  primaryKey?: boolean;
  /** A Redis key's type (string, hash, list, set, zset, stream): its icon. */
  redisType?: string;
}
export interface TreeNode {
  key: string;
  originalTitle: string;
  treeNodeType: TreeNodeType;
  isLeaf: boolean;
  /** Secondary text after the title: a column's type, a key's columns, a data source's host. */
  describe?: string;
  id?: number;
  extraParams: ExtraParams;
  decorativeParams?: DecorativeParams;
}

/** Folder nodes: their title is translated from the type, not taken from the database. */
export const FOLDER_TYPES: ReadonlySet<TreeNodeType> = new Set<TreeNodeType>([
  'TABLES', 'VIEWS', 'FUNCTIONS', 'PROCEDURES', 'TRIGGERS', 'COLUMNS', 'KEYS', 'INDEXES', 'VIEW_COLUMNS', 'CONSOLES', 'ALL_DATA',
]);

/** Nodes the server may mark hasPermission: false (tagged "no permission", not browsable, hideable). */
export const NO_PERMISSION_TYPES: ReadonlySet<TreeNodeType> = new Set<TreeNodeType>(['DATA_SOURCE', 'TABLE', 'VIEW']);

export const ROOT_KEY = '';

/** One key segment: `kind:name`, the name URI-encoded so '/' inside names cannot split a key. */
export function childKey(parent: string, kind: string, name?: string | number): string {
  const seg = name === undefined ? kind : `${kind}:${encodeURIComponent(String(name))}`;
  return parent ? `${parent}/${seg}` : seg;
}
