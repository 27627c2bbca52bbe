/**
 * How a member's grants cover a place in a data source — pure functions over the live grants.
 * A grant names a data source and optionally a database, a schema, a table and columns; a level it
 * leaves empty means "all of them". Browsing (the tree, completion) is allowed down the path to
 * anything granted; reading and writing need a grant that covers the table and the columns.
 */
import type { Authorization, GrantAction } from '../../store/authorizations.js';

export interface Place {
  databaseName: string | null;
  schemaName: string | null;
  tableName?: string | null;
}

/** Names compare exactly, or case-insensitively where the engine keeps identifiers as written (MySQL, SQLite, …). */
export const sameName = (a: string, b: string, ci: boolean) => (ci ? a.toLowerCase() === b.toLowerCase() : a === b);
const levelOk = (granted: string | null, asked: string | null | undefined, ci: boolean) => granted === null || asked == null || sameName(granted, asked, ci);

/** The grant lies on the path to or below the place (a tree node the member may open). */
export function onPath(g: Authorization, p: Place, ci: boolean): boolean {
  if (!levelOk(g.databaseName, p.databaseName, ci) || !levelOk(g.schemaName, p.schemaName, ci)) return false;
  return p.tableName == null || g.tableName === null || sameName(g.tableName, p.tableName, ci);
}

/** The grant covers the whole place (every table below it, every column). */
export function coversWhole(g: Authorization, p: Place, ci: boolean): boolean {
  const covers = (granted: string | null, asked: string | null | undefined) => granted === null || (asked != null && sameName(granted, asked, ci));
  if (!covers(g.databaseName, p.databaseName) || !covers(g.schemaName, p.schemaName)) return false;
  if (g.tableName !== null && !(p.tableName != null && sameName(g.tableName, p.tableName, ci))) return false;
  return g.columns === null;
}

/** The grant is on the data source as a whole. */
export const wholeSource = (g: Authorization) => g.databaseName === null && g.schemaName === null && g.tableName === null && g.columns === null;

/**
 * The columns of a table the grants allow for an action: 'all', a list (column-level grants), or
 * null when no grant with that action reaches the table.
 */
export function allowedColumns(grants: Authorization[], action: GrantAction, table: Required<Place>, ci: boolean): 'all' | string[] | null {
  let cols: string[] | null = null;
  for (const g of grants) {
    if (!g.actions.includes(action)) continue;
    const covers = (granted: string | null, asked: string | null) => granted === null || (asked !== null && sameName(granted, asked, ci));
    if (!covers(g.databaseName, table.databaseName) || !covers(g.schemaName, table.schemaName) || !covers(g.tableName, table.tableName)) continue;
    if (g.columns === null) return 'all';
    cols = [...(cols ?? []), ...g.columns];
  }
  return cols;
}

/** The columns asked for that the allowance does not include ('*' when all columns are asked for and only some are allowed). */
export function missingColumns(allowed: 'all' | string[], asked: string[] | '*', ci: boolean): string[] | '*' {
  if (allowed === 'all') return [];
  if (asked === '*') return '*';
  return asked.filter((c) => !allowed.some((a) => sameName(a, c, ci)));
}
