/** Table operations shared by the tree menu and the tabs: truncate, drop, DDL, refreshing the tree after a change. */
import { dialectFor } from '@askdb/sql';
import type { DatabaseType } from '@askdb/contracts';
import { metaApi } from './meta-api';
import { locationKey } from './tree/loaders';
import { useTree } from './tree/tree-store';
import { useTabs } from './tabs-store';
import { qualifiedName } from './sql-templates';
import type { TabTarget } from './open-tabs';

export type TableTarget = TabTarget & { tableName: string };

export function tableSqlName(t: TableTarget): string {
  return qualifiedName(dialectFor(t.databaseType), t.tableName, t.schemaName);
}

/** Runs one statement; throws with the database's message when it fails. */
export async function runStatement(t: TabTarget, sql: string): Promise<void> {
  const [r] = await metaApi.execute(t, sql, { errorContinue: false });
  if (r && !r.success) throw new Error(r.message);
}

export function truncateSql(t: TableTarget): string {
  // SQLite has no TRUNCATE: an unqualified DELETE is its truncate optimisation.
  return dialectFor(t.databaseType).name === 'sqlite' ? `DELETE FROM ${tableSqlName(t)}` : `TRUNCATE TABLE ${tableSqlName(t)}`;
}

export function dropSql(t: TableTarget): string {
  return `DROP TABLE ${tableSqlName(t)}`;
}

/** Reloads the TABLES folder of a location if the tree has it loaded. */
export async function refreshTablesFolder(type: DatabaseType, t: TabTarget): Promise<void> {
  const key = `${locationKey(type, t)}/tables`;
  const tree = useTree.getState();
  if (tree.children[key] || tree.find(key)) await tree.refresh(key);
}

/** Closes the tabs that show a table (after it was dropped). */
export function closeTableTabs(t: TableTarget): void {
  const tabs = useTabs.getState();
  for (const tab of tabs.tabs) {
    if (tab.type !== 'CONSOLE' && tab.dataSourceId === t.dataSourceId && tab.tableName === t.tableName && (tab.databaseName ?? null) === (t.databaseName ?? null) && (tab.schemaName ?? null) === (t.schemaName ?? null)) tabs.close(tab.id);
  }
}
