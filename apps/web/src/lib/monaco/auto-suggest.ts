/**
 * Opens the suggestion list by itself after `FROM `, `JOIN `, `ON `, `WHERE `, a comma in a select
 * list, `alias.` … (packages/sql shouldAutoSuggest decides where). Monaco's quick suggestions only
 * open it on letters; a space or a comma would otherwise need Ctrl+Space. Attached to every editor
 * whose model is bound to a data source (a console), so each editor needs no code of its own.
 */
import type * as Monaco from 'monaco-editor';
import { dialectFor, shouldAutoSuggest } from '@askdb/sql';
import { getSqlContext } from './context.js';
import { tipsWindow } from './tips-rules.js';

const TRIGGERS = new Set([' ', ',', '.']);

/** Whether to open the list after the single character just typed at `pos` (the cursor after it). */
export function autoSuggestHere(model: Monaco.editor.ITextModel, pos: Monaco.IPosition): boolean {
  const entry = getSqlContext(model.uri.toString());
  if (!entry || entry.ctx.consoleId == null || entry.ctx.dataSourceId == null) return false;
  const { beforeSql, afterSql } = tipsWindow(model.getLinesContent(), pos.lineNumber, pos.column);
  try {
    return shouldAutoSuggest(beforeSql, afterSql, dialectFor(entry.ctx.databaseType ?? 'MYSQL'));
  } catch {
    return false;
  }
}

function attach(ed: Monaco.editor.ICodeEditor): Monaco.IDisposable {
  return ed.onDidChangeModelContent((e) => {
    const c = e.changes[0];
    if (e.isFlush || e.isUndoing || e.isRedoing || e.changes.length !== 1 || !c || c.rangeLength !== 0 || !TRIGGERS.has(c.text)) return;
    const model = ed.getModel();
    if (!model || model.getLanguageId() !== 'sql') return;
    // The cursor moves after this event: the position is read off the change itself.
    const pos = { lineNumber: c.range.startLineNumber, column: c.range.startColumn + 1 };
    if (!autoSuggestHere(model, pos)) return;
    // Opened once the editor has finished handling the keystroke (its own suggest logic included); as an
    // automatic list: nothing to offer shows nothing, not "No suggestions".
    setTimeout(() => {
      const now = ed.getPosition();
      if (ed.getModel() === model && now && now.lineNumber === pos.lineNumber && now.column === pos.column) ed.trigger('askdb-auto-suggest', 'editor.action.triggerSuggest', { auto: true });
    }, 0);
  });
}

/** Attaches the rule to every editor created from now on. */
export function registerAutoSuggest(monaco: typeof Monaco): Monaco.IDisposable {
  return monaco.editor.onDidCreateEditor((ed) => {
    const sub = attach(ed);
    ed.onDidDispose(() => sub.dispose());
  });
}
