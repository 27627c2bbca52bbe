/** SQL templates for a table (context menu "generate SQL"), identifiers quoted by the dialect. */
import type { Dialect } from '@askdb/sql';
import type { ColumnItem } from './meta-api';

/**
 * `schema.table` where the engine has schemas, else the bare table (executions are bound to the
 * database already); each part quoted by the dialect when needed.
 */
export function qualifiedName(d: Dialect, table: string, schemaName?: string | null): string {
  const parts: string[] = [];
  if (d.supportsSchema && schemaName) parts.push(schemaName);
  parts.push(table);
  return parts.map((p) => d.quoteIdentifier(p)).join('.');
}

export type TemplateKind = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';

export function sqlTemplate(kind: TemplateKind, d: Dialect, name: string, columns: ColumnItem[]): string {
  const cols = columns.map((c) => d.quoteIdentifier(c.name));
  const keys = columns.filter((c) => c.primaryKey);
  const where = (keys.length ? keys : columns.slice(0, 1)).map((c) => `${d.quoteIdentifier(c.name)} = ?`).join(' AND ') || '1 = 1';
  switch (kind) {
    case 'SELECT':
      return `SELECT ${cols.length ? cols.join(', ') : '*'}\nFROM ${name}\nWHERE ${where};`;
    case 'INSERT':
      return `INSERT INTO ${name} (${cols.join(', ')})\nVALUES (${cols.map(() => '?').join(', ')});`;
    case 'UPDATE': {
      const set = columns.filter((c) => !c.primaryKey).map((c) => `${d.quoteIdentifier(c.name)} = ?`);
      return `UPDATE ${name}\nSET ${(set.length ? set : cols.map((c) => `${c} = ?`)).join(',\n    ')}\nWHERE ${where};`;
    }
    case 'DELETE':
      return `DELETE FROM ${name}\nWHERE ${where};`;
  }
}
