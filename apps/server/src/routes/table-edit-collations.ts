/**
 * The collations the table editor offers for a column, read from the database itself: the MySQL
 * family's information_schema.COLLATIONS (each with its character set) and PostgreSQL's pg_collation
 * (those usable with the database's encoding). Other engines offer none.
 */
import type { Connection } from '@askdb/drivers';
import type { EngineFamily } from '@askdb/schema-diff';

export interface CollationInfo { name: string; charset: string | null; isDefault: boolean }

const SQL: Partial<Record<EngineFamily, string>> = {
  mysql: `SELECT COLLATION_NAME, CHARACTER_SET_NAME, IS_DEFAULT FROM information_schema.COLLATIONS ORDER BY CHARACTER_SET_NAME, COLLATION_NAME`,
  postgresql: `SELECT collname, NULL, CASE WHEN collname = 'default' THEN 'Yes' ELSE '' END FROM pg_catalog.pg_collation
    WHERE collencoding IN (-1, (SELECT encoding FROM pg_catalog.pg_database WHERE datname = current_database())) ORDER BY collname`,
};

/** Whether the engine lists collations to choose from (others are not even connected to for them). */
export const listsCollations = (family: EngineFamily) => SQL[family] !== undefined;

/** The engine's collations; empty when the engine has none to offer or the catalog cannot be read. */
export async function readCollations(c: Connection, family: EngineFamily): Promise<CollationInfo[]> {
  const sql = SQL[family];
  if (!sql) return [];
  const out: CollationInfo[] = [];
  let ok = true;
  for await (const ev of c.execute(sql)) {
    if (ev.type === 'rows') for (const [name, charset, dflt] of ev.rows) if (name) out.push({ name, charset: charset ?? null, isDefault: /^yes$/i.test(dflt ?? '') });
    if (ev.type === 'done') ok = ev.success;
  }
  return ok ? out.filter((x) => x.name !== 'default') : [];
}
