/**
 * MySQL-family schema objects for schema sync (issue 26): functions, procedures, triggers and events,
 * each as the server's own SHOW CREATE text without its DEFINER clause (the account running the script
 * becomes the definer, as with mysqldump --skip-definer). Names are unqualified: the script runs in the
 * target database.
 */
import type { SchemaObjectInfo } from '../driver.js';
import type { RunQuery } from './metadata.js';

export const ROUTINE_NAMES_SQL = `
SELECT ROUTINE_NAME AS name, ROUTINE_TYPE AS kind FROM information_schema.ROUTINES
WHERE ROUTINE_SCHEMA = ? ORDER BY ROUTINE_TYPE, ROUTINE_NAME`;
export const TRIGGER_NAMES_SQL = `
SELECT TRIGGER_NAME AS name, EVENT_OBJECT_TABLE AS table_name FROM information_schema.TRIGGERS
WHERE TRIGGER_SCHEMA = ? ORDER BY EVENT_OBJECT_TABLE, ACTION_ORDER, TRIGGER_NAME`;
export const EVENT_NAMES_SQL = `SELECT EVENT_NAME AS name FROM information_schema.EVENTS WHERE EVENT_SCHEMA = ? ORDER BY EVENT_NAME`;

/** `CREATE DEFINER=`root`@`localhost` FUNCTION …` → `CREATE FUNCTION …`. */
export function withoutDefiner(text: string): string {
  return text.replace(/^(\s*CREATE\s+)DEFINER\s*=\s*(?:`(?:[^`]|``)*`|'(?:[^']|'')*'|[\w.%-]+)(?:@(?:`(?:[^`]|``)*`|'(?:[^']|'')*'|[\w.%-]+))?\s+/i, '$1');
}

/** `ident`: the dialect's quoting, forced (SHOW CREATE and DROP name routines by a quoted identifier). */
export async function readMysqlObjects(query: RunQuery, db: string, ident: (name: string) => string): Promise<SchemaObjectInfo[]> {
  const out: SchemaObjectInfo[] = [];
  const show = async (what: string, name: string, column: string) => {
    const rows = await query<Record<string, string | null>>(`SHOW CREATE ${what} ${ident(db)}.${ident(name)}`);
    return withoutDefiner(String(rows[0]?.[column] ?? '')).trim();
  };
  const relationNames = (await query<{ name: string }>('SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?', [db])).map((r) => r.name);
  for (const r of await query<{ name: string; kind: string }>(ROUTINE_NAMES_SQL, [db])) {
    const kind = r.kind === 'PROCEDURE' ? 'procedure' : 'function';
    const create = await show(r.kind, r.name, r.kind === 'PROCEDURE' ? 'Create Procedure' : 'Create Function');
    if (!create) continue; // no privilege to see the body: nothing we could re-create
    out.push({ kind, identity: `${kind} ${r.name}`, name: r.name, create: [create], drop: `DROP ${r.kind} ${ident(r.name)}`, dependsOn: [], phase: 'beforeTables' });
  }
  const routines = out.map((o) => o.name);
  for (const t of await query<{ name: string; table_name: string }>(TRIGGER_NAMES_SQL, [db])) {
    const create = await show('TRIGGER', t.name, 'SQL Original Statement');
    if (!create) continue;
    out.push({
      kind: 'trigger', identity: `trigger ${t.table_name}.${t.name}`, name: t.name, table: t.table_name, create: [create],
      drop: `DROP TRIGGER ${ident(t.name)}`, dependsOn: [`table ${t.table_name}`, ...mentioned(create, routines).map((n) => `function ${n}`)], phase: 'afterTables',
    });
  }
  for (const e of await query<{ name: string }>(EVENT_NAMES_SQL, [db])) {
    const create = await show('EVENT', e.name, 'Create Event');
    if (!create) continue;
    out.push({
      kind: 'event', identity: `event ${e.name}`, name: e.name, create: [create], drop: `DROP EVENT ${ident(e.name)}`,
      dependsOn: mentioned(create, relationNames).map((n) => `table ${n}`), phase: 'afterViews',
    });
  }
  return out;
}

function mentioned(text: string, names: string[]): string[] {
  return names.filter((n) => new RegExp(`(?<![\\w$])\`?${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`?(?![\\w$])`, 'i').test(text));
}
