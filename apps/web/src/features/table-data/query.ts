/** The SELECT of one grid page (filter, sort, paging per dialect) and its COUNT. */
import type { Dialect } from '@askdb/sql';

export interface PageQuery {
  where?: string;
  orderBy?: { column: string; desc: boolean }[];
  limit: number;
  offset: number;
}

function whereClause(where?: string): string {
  const w = where?.trim().replace(/;+\s*$/, '');
  return w ? ` WHERE ${w}` : '';
}

export function pageSql(d: Dialect, table: string, q: PageQuery): string {
  const order = q.orderBy?.length ? ` ORDER BY ${q.orderBy.map((o) => `${d.quoteIdentifier(o.column)} ${o.desc ? 'DESC' : 'ASC'}`).join(', ')}` : '';
  const base = `SELECT * FROM ${table}${whereClause(q.where)}`;
  if (d.name === 'sqlserver') return `${base}${order || ' ORDER BY (SELECT NULL)'} OFFSET ${q.offset} ROWS FETCH NEXT ${q.limit} ROWS ONLY`;
  if (d.name === 'oracle') return `${base}${order} OFFSET ${q.offset} ROWS FETCH NEXT ${q.limit} ROWS ONLY`;
  return `${base}${order} LIMIT ${q.limit}${q.offset ? ` OFFSET ${q.offset}` : ''}`;
}

export function countSql(table: string, where?: string): string {
  return `SELECT COUNT(*) FROM ${table}${whereClause(where)}`;
}
