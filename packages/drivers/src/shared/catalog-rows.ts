/**
 * Catalogs that answer with one row per key or index column (information_schema, sys.*, ALL_*)
 * are folded into KeyInfo / IndexInfo lists per table here, once for every such engine.
 */
import type { IndexInfo, KeyInfo } from '../driver.js';
import { pushTo } from './group-by.js';

export interface KeyColumnRow {
  table_name: string;
  name: string;
  type: KeyInfo['type'];
  column_name?: string | null;
  referenced_schema?: string | null;
  referenced_table?: string | null;
  referenced_column?: string | null;
  on_update?: string | null;
  on_delete?: string | null;
  check_expression?: string | null;
}

/** Rows must come ordered by table, key, column position. */
export function keysByTable(rows: KeyColumnRow[]): Map<string, KeyInfo[]> {
  const out = new Map<string, KeyInfo[]>();
  const seen = new Map<string, KeyInfo>();
  for (const r of rows) {
    const id = `${r.table_name}\u0000${r.name}`;
    let key = seen.get(id);
    if (!key) {
      key = { name: r.name, type: r.type, columns: [] };
      if (r.type === 'FOREIGN') {
        Object.assign(key, { referencedTable: r.referenced_table ?? null, referencedSchema: r.referenced_schema ?? null, referencedColumns: [], onUpdate: r.on_update ?? null, onDelete: r.on_delete ?? null });
      }
      if (r.type === 'CHECK') key.checkExpression = r.check_expression ?? null;
      seen.set(id, key);
      pushTo(out, r.table_name, key);
    }
    if (r.column_name) key.columns.push(r.column_name);
    if (r.type === 'FOREIGN' && r.referenced_column) key.referencedColumns!.push(r.referenced_column);
  }
  return out;
}

export interface IndexColumnRow {
  table_name: string;
  name: string;
  unique: boolean;
  primary?: boolean;
  method?: string | null;
  where?: string | null;
  column_name: string;
  descending?: boolean;
  /** MySQL family: the prefix length (SUB_PART). */
  length?: number | null;
}

/** Rows must come ordered by table, index, column position. */
export function indexesByTable(rows: IndexColumnRow[]): Map<string, IndexInfo[]> {
  const out = new Map<string, IndexInfo[]>();
  const seen = new Map<string, IndexInfo>();
  for (const r of rows) {
    const id = `${r.table_name}\u0000${r.name}`;
    let index = seen.get(id);
    if (!index) {
      index = { name: r.name, unique: r.unique, primary: !!r.primary, method: r.method ?? null, where: r.where ?? null, columns: [] };
      seen.set(id, index);
      pushTo(out, r.table_name, index);
    }
    index.columns.push({ name: r.column_name, order: r.descending ? 'DESC' : 'ASC', ...(r.length ? { length: Number(r.length) } : {}) });
  }
  return out;
}
