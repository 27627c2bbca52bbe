/**
 * The console's commands, shared by the toolbar, the right-click menu, the keyboard shortcuts and the
 * run glyphs: run all or the selection, run the statement at the cursor or a glyph's line, explain, save,
 * save to desktop, format, case convert, optimize with AI, preview a view, clipboard.
 */
import type * as Monaco from 'monaco-editor';
import { ApiError, api } from '../../lib/api.js';
import { useSettings } from '../../lib/settings.js';
import { useRuns } from '../results/run-store.js';
import type { TabBinding, WorkspaceTab } from '../workspace/tabs-store';
import { requestAi } from './ai-bridge.js';
import { isForeignInputFocused, sqlFileName, sqlToRun, statementAt, statementStartingAt, dialectOf, toggleCase } from './sql-actions.js';
import { downloadText, localFiles, writeBack } from './local-files.js';
import { getSession, useSessionViews, type EditorKind } from './session.js';
import { notify } from './notify.js';
import { i18n } from '../../i18n';

export interface CommandContext {
  editor(): Monaco.editor.IStandaloneCodeEditor | null;
  tab(): WorkspaceTab;
  binding(): TabBinding;
  kind: EditorKind;
  openSettings(): void;
}

export type CommandId = 'run' | 'runSingle' | 'explain' | 'save' | 'saveAs' | 'format' | 'caseConvert' | 'optimize' | 'preview' | 'settings' | 'copy' | 'cut' | 'paste';
export type Commands = Record<CommandId, () => void | Promise<void>> & { runAtLine(line: number): Promise<void> };

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);

function selectionText(ed: Monaco.editor.IStandaloneCodeEditor): string {
  const m = ed.getModel();
  const s = ed.getSelection();
  return m && s && !s.isEmpty() ? m.getValueInRange(s) : '';
}

export function createCommands(ctx: CommandContext): Commands {
  const execute = async (sql: string, opts: { single?: boolean; explain?: boolean } = {}) => {
    const b = ctx.binding();
    if (b.dataSourceId == null) {
      void notify().warning(t('console.needDataSource'));
      return;
    }
    const tab = ctx.tab();
    ctx.editor()?.trigger('askdb', 'hideSuggestWidget', {});
    // The console's text is in localStorage already; the run never touches the editor.
    await useRuns.getState().execute(tab.id, {
      sql,
      dataSourceId: b.dataSourceId,
      databaseName: b.databaseName,
      schemaName: b.schemaName,
      consoleId: tab.consoleId ?? null,
      single: opts.single,
      explain: opts.explain,
      errorContinue: useSettings.getState().editor.errorContinue,
    });
  };

  const runAll = async (explain = false) => {
    const ed = ctx.editor();
    if (!ed) return;
    const sql = sqlToRun(ed.getValue(), selectionText(ed));
    if (sql === null) return void notify().warning(t('console.pleaseSelect'));
    await execute(sql, { explain });
  };

  const currentStatement = (): string | null => {
    const ed = ctx.editor();
    const pos = ed?.getPosition();
    if (!ed || !pos) return null;
    const sel = selectionText(ed);
    if (sel.trim()) return sel;
    return statementAt(ed.getValue(), ctx.binding().databaseType, pos.lineNumber, pos.column)?.sql ?? null;
  };

  const replaceSelectionOrAll = (ed: Monaco.editor.IStandaloneCodeEditor, f: (s: string) => string, wholeWhenEmpty: boolean) => {
    const model = ed.getModel();
    if (!model) return;
    let sel = ed.getSelection();
    if (!sel || sel.isEmpty()) {
      if (wholeWhenEmpty) sel = model.getFullModelRange() as Monaco.Selection;
      else {
        const pos = ed.getPosition();
        const w = pos && model.getWordAtPosition(pos);
        if (!pos || !w) return;
        sel = { startLineNumber: pos.lineNumber, startColumn: w.startColumn, endLineNumber: pos.lineNumber, endColumn: w.endColumn } as Monaco.Selection;
      }
    }
    const text = model.getValueInRange(sel);
    const next = f(text);
    if (next === text) return;
    ed.pushUndoStop();
    ed.executeEdits('askdb', [{ range: sel, text: next, forceMoveMarkers: true }]);
    ed.pushUndoStop();
  };

  const save = async () => {
    const tab = ctx.tab();
    const s = getSession(tab.id);
    const ed = ctx.editor();
    if (ctx.kind === 'LOCAL_SQL_FILE') {
      const text = ed?.getValue() ?? '';
      const f = localFiles.get(tab.id);
      const name = f?.fileName ?? sqlFileName(tab.title, ctx.binding());
      if (!(await writeBack(tab.id, text))) downloadText(text, name);
      localFiles.markSaved(tab.id, text);
      useSessionViews.getState().set(tab.id, { dirty: false });
      void notify().success(t('console.fileSaved', { name }));
      return;
    }
    if (!s?.saver) return;
    await s.saver.save();
  };

  const format = async () => {
    const ed = ctx.editor();
    if (!ed) return;
    const type = ctx.binding().databaseType;
    if (!type) return void notify().warning(t('console.format.needDatabase'));
    const model = ed.getModel();
    const sel = ed.getSelection();
    const range = sel && !sel.isEmpty() ? sel : model?.getFullModelRange();
    if (!model || !range) return;
    const original = model.getValueInRange(range);
    if (!original.trim()) return;
    let formatted = original;
    try {
      formatted = await api<string>('/api/sql/format', { body: { sql: original, dbType: type, keywordCase: useSettings.getState().editor.keywordCase, strict: true } });
      if (typeof formatted !== 'string') formatted = original;
    } catch (e) {
      console.error('Server-side SQL formatting error:', e);
      // Too large to format within the server's budget, or not SQL the formatter can read (spec 02 §8
      // "Formatting failed, please check whether the sql is correct"): say so (the message comes translated).
      if (e instanceof ApiError && (e.status === 413 || e.errorCode === 'FORMAT_FAILED')) notify().warning(e.message);
      formatted = original;
    }
    if (formatted === original || model.getValueInRange(range) !== original) return;
    ed.pushUndoStop();
    ed.executeEdits('askdb-format', [{ range, text: formatted, forceMoveMarkers: true }]);
    ed.pushUndoStop();
  };

  const optimize = () => {
    const ed = ctx.editor();
    const b = ctx.binding();
    const sel = ed ? selectionText(ed) : '';
    if (!sel.trim()) return void notify().warning(t('console.pleaseSelect'));
    if (b.dataSourceId == null || !b.databaseType) return void notify().warning(t('console.needDataSource'));
    const d = dialectOf(b.databaseType);
    if ((d.supportsDatabase && !b.databaseName) || (d.supportsSchema && !b.schemaName)) return void notify().warning(t('console.needDatabaseSchema'));
    requestAi({ questionType: 'SQL_OPTIMIZER', input: sel, context: { ...b, consoleId: ctx.tab().consoleId ?? null, sql: ed?.getValue() } });
  };

  return {
    run: () => runAll(false),
    explain: () => runAll(true),
    async runSingle() {
      const sql = currentStatement();
      if (!sql || !sql.trim()) return void notify().warning(t('console.pleaseSelect'));
      await execute(sql, { single: true });
    },
    async runAtLine(line: number) {
      const ed = ctx.editor();
      if (!ed) return;
      const st = statementStartingAt(ed.getValue(), ctx.binding().databaseType, line);
      if (!st) return;
      ed.setPosition({ lineNumber: st.startLine, column: st.startColumn });
      await execute(st.sql, { single: true });
    },
    save,
    saveAs() {
      const ed = ctx.editor();
      const tab = ctx.tab();
      downloadText(ed?.getValue() ?? '', sqlFileName(tab.type === 'LOCAL_SQL_FILE' ? localFiles.get(tab.id)?.fileName ?? tab.title : tab.title, ctx.binding()));
    },
    format,
    caseConvert() {
      const ed = ctx.editor();
      if (ed) replaceSelectionOrAll(ed, toggleCase, false);
    },
    optimize,
    async preview() {
      const tab = ctx.tab();
      const name = (tab.params?.viewName as string | undefined) ?? tab.tableName ?? tab.title;
      const d = dialectOf(ctx.binding().databaseType);
      await execute(`SELECT * FROM ${name.split('.').map((p) => d.quoteIdentifier(p)).join('.')}`, { single: true });
    },
    settings: () => ctx.openSettings(),
    async copy() {
      const ed = ctx.editor();
      if (!ed) return;
      const text = selectionText(ed);
      if (!text) return;
      try {
        await navigator.clipboard.writeText(text);
      } catch (e) {
        console.error('Clipboard write failed:', e);
      }
      ed.focus();
    },
    async cut() {
      const ed = ctx.editor();
      if (!ed) return;
      const text = selectionText(ed);
      if (!text) return;
      try {
        await navigator.clipboard.writeText(text);
        ed.executeEdits('askdb-cut', [{ range: ed.getSelection()!, text: '' }]);
      } catch (e) {
        console.error('Clipboard write failed:', e);
      }
      ed.focus();
    },
    async paste() {
      const ed = ctx.editor();
      if (!ed) return;
      // Spec 01 §5: ignored when a plain input or textarea outside the editor has focus.
      if (isForeignInputFocused(ed.getContainerDomNode())) return;
      let text: string;
      try {
        text = await navigator.clipboard.readText();
      } catch (e) {
        console.error('Clipboard read failed:', e);
        return;
      }
      const sel = ed.getSelection();
      if (!sel) return;
      ed.executeEdits('askdb-paste', [{ range: sel, text, forceMoveMarkers: true }]);
      ed.focus();
    },
  };
}
