/** Pure rules behind the console's commands (spec 01 §3, §5): what to run, which statement, file names, case. */
import { dialectFor, splitStatements, statementAtCursor, type SqlStatement } from '@askdb/sql';
import type { DatabaseType } from '@askdb/contracts';

/** Execute (Cmd/Ctrl+R): the selection when there is one, otherwise the whole text; null when nothing to run. */
export function sqlToRun(text: string, selection: string): string | null {
  if (selection.trim() !== '') return selection;
  return text.trim() !== '' ? text : null;
}

export function dialectOf(databaseType: string | null | undefined) {
  return dialectFor((databaseType || 'MYSQL') as DatabaseType);
}

/** The statements of a text, blank ones dropped. */
export function statementsOf(text: string, databaseType: string | null | undefined): SqlStatement[] {
  return splitStatements(text, dialectOf(databaseType)).filter((s) => s.sql.trim() !== '');
}

/**
 * Execute single (Cmd/Ctrl+Enter): the statement containing the cursor, else the nearest on the same
 * line by column distance (spec 01 §5 statement lookup). Null when the cursor line has none.
 */
export function statementAt(text: string, databaseType: string | null | undefined, line: number, column: number): SqlStatement | null {
  return statementAtCursor(statementsOf(text, databaseType), line, column) ?? null;
}

/** The statement that starts on a line (the run glyph beside it). */
export function statementStartingAt(text: string, databaseType: string | null | undefined, line: number): SqlStatement | null {
  return statementsOf(text, databaseType).find((s) => s.startLine === line) ?? null;
}

/**
 * Save to desktop file name (spec 01 §3): the tab name, otherwise the data source, database and schema
 * names joined by underscore; characters a file system rejects become '_'; always ends in `.sql`.
 */
export function sqlFileName(tabName: string | null | undefined, binding: { dataSourceName?: string | null; databaseName?: string | null; schemaName?: string | null }): string {
  const base = (tabName ?? '').trim() || [binding.dataSourceName, binding.databaseName, binding.schemaName].filter((x) => x && String(x).trim()).join('_') || 'console';
  const safe = base.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').replace(/\.sql$/i, '');
  return `${safe}.sql`;
}

/** Case convert (Cmd/Ctrl+Shift+U): text that has lower-case letters becomes upper case, otherwise lower case. */
export function toggleCase(s: string): string {
  return s !== s.toUpperCase() ? s.toUpperCase() : s.toLowerCase();
}

/** An input or textarea outside the editor has focus: paste from the menu is ignored there (spec 01 §5). */
export function isForeignInputFocused(editorRoot: Element | null, active: Element | null = document.activeElement): boolean {
  if (!active) return false;
  const tag = active.tagName;
  const isInput = tag === 'INPUT' || tag === 'TEXTAREA' || (active as HTMLElement).isContentEditable;
  if (!isInput) return false;
  return !(editorRoot && editorRoot.contains(active));
}
