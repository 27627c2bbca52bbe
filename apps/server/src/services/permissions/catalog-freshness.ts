/**
 * Column-level grants on engines without the plan check (MySQL, MariaDB, SQLite, ...): the catalog
 * that expands `*` and places unqualified columns is kept five minutes and dropped only on the
 * replica where DDL ran through AskDB. A column added outside AskDB (or through another replica)
 * would be missing from it, so `select *` would pass the check and return that column.
 *
 * So before a member's statement runs, the columns of the tables it reads in the bound place are read
 * from the database now and compared with the catalog's; on any difference — or when the engine
 * cannot read a few tables' columns — the catalog is read again and the script analysed again.
 */
import type { SchemaCatalog, StatementAccess } from '@askdb/sql';
import type { ExecPlace } from './statement-check.js';
import { sameName } from './grant-match.js';

/** Reads the named tables' columns now, by table name; null when the engine cannot. */
export type ColumnsNow = (names: string[]) => Promise<Map<string, string[]> | null>;

const same = (a: string | undefined | null, b: string | null, ci: boolean) => a == null || b == null || sameName(a, b, ci);

/** The tables the statements read in the bound place (those the catalog describes). */
export function placeTables(accesses: StatementAccess[], place: ExecPlace, ci: boolean): string[] {
  const names = new Set<string>();
  for (const a of accesses) {
    for (const t of [...a.reads, ...a.writes]) {
      if (same(t.table.database, place.databaseName, ci) && same(t.table.schema, place.schemaName, ci)) names.add(t.table.name);
    }
  }
  return [...names];
}

/** Whether the catalog's columns of these tables differ from the ones read now. */
export function catalogDiffers(catalog: SchemaCatalog, now: Map<string, string[]>, names: string[], ci: boolean): boolean {
  const key = (n: string) => (ci ? n.toLowerCase() : n);
  const known = new Map<string, string[]>();
  for (const t of catalog.tables) known.set(key(t.name), t.columns.map((c) => c.name));
  for (const v of catalog.views ?? []) if (v.columns) known.set(key(v.name), v.columns.map((c) => c.name));
  const fresh = new Map([...now].map(([n, cols]) => [key(n), cols]));
  for (const name of names) {
    const before = known.get(key(name));
    const after = fresh.get(key(name));
    if (!before && !after) continue; // neither knows it (a CTE's name, or no such table: the engine refuses)
    if (!before || !after || before.length !== after.length) return true;
    const had = new Set(before.map(key));
    if (after.some((c) => !had.has(key(c)))) return true;
  }
  return false;
}

/** True when the catalog can be trusted for these statements; false when it must be read again. */
export async function catalogCurrent(catalog: SchemaCatalog, accesses: StatementAccess[], place: ExecPlace, ci: boolean, columnsNow: ColumnsNow): Promise<boolean> {
  const names = placeTables(accesses, place, ci);
  if (!names.length) return true;
  let now: Map<string, string[]> | null;
  try {
    now = await columnsNow(names);
  } catch {
    now = null;
  }
  return now !== null && !catalogDiffers(catalog, now, names, ci);
}
