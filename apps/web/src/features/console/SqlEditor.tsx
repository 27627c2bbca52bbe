/**
 * The Monaco editor of a console tab: the session's model, the user's editor settings, shortcuts,
 * run glyphs beside each valid statement, parser markers, completion/hover binding, the '/' AI box.
 */
import { useEffect, useRef } from 'react';
import type * as Monaco from 'monaco-editor';
import { useTranslation } from 'react-i18next';
import type { SqlStatementInfo } from '@askdb/contracts';
import { attachParser, editorOptions, prefetchTips, resolveTheme, setSqlContext, isDelimiter, type MonacoApi } from '../../lib/monaco/index.js';
import { useSettings } from '../../lib/settings.js';
import type { TabBinding } from '../workspace/tabs-store';
import type { Commands, CommandId } from './commands.js';
import { EDITOR_SHORTCUTS, monacoKey } from './shortcuts.js';
import { attachInlineAi } from './inline-ai.js';
import type { Session } from './session.js';

export interface SqlEditorProps {
  monaco: MonacoApi;
  session: Session;
  binding: TabBinding;
  consoleId: number | null;
  commands: Commands;
  readOnly?: boolean;
  onReady(editor: Monaco.editor.IStandaloneCodeEditor | null): void;
}

const ACTIONS: CommandId[] = ['run', 'runSingle', 'save', 'saveAs', 'format', 'caseConvert', 'settings'];

export function SqlEditor({ monaco, session, binding, consoleId, commands, readOnly, onReady }: SqlEditorProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const commandsRef = useRef(commands);
  commandsRef.current = commands;
  const bindingRef = useRef(binding);
  bindingRef.current = binding;
  const settings = useSettings((s) => s.editor);

  useEffect(() => {
    const ed = monaco.editor.create(host.current!, { ...editorOptions(useSettings.getState().editor, { placeholder: t('console.placeholder'), readOnly }), model: session.model });
    editorRef.current = ed;
    for (const id of ACTIONS) {
      const s = EDITOR_SHORTCUTS[id]!;
      ed.addAction({ id: `askdb.${id}`, label: t(`console.action.${id}`), keybindings: [monacoKey(monaco, s)], run: () => void commandsRef.current[id]() });
    }
    ed.addAction({ id: 'askdb.explain', label: t('console.action.explain'), run: () => void commandsRef.current.explain() });

    // Run glyphs: one beside the first line of each valid statement.
    const glyphs = ed.createDecorationsCollection();
    const glyphLines = new Set<number>();
    const showGlyphs = (list: SqlStatementInfo[]) => {
      glyphLines.clear();
      const decorations: Monaco.editor.IModelDeltaDecoration[] = [];
      for (const s of list) {
        if (glyphLines.has(s.sqlStartRowNum)) continue;
        glyphLines.add(s.sqlStartRowNum);
        decorations.push({
          range: new monaco.Range(s.sqlStartRowNum, 1, s.sqlStartRowNum, 1),
          options: { glyphMarginClassName: 'askdb-run-glyph', glyphMarginHoverMessage: { value: t('console.runStatement') }, stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges },
        });
      }
      glyphs.set(decorations);
    };
    const parser = attachParser(monaco, ed, showGlyphs);
    const mouse = ed.onMouseDown((e) => {
      if (e.target.type !== monaco.editor.MouseTargetType.GUTTER_GLYPH_MARGIN || !e.target.position) return;
      const line = e.target.position.lineNumber;
      const el = e.target.element as HTMLElement | null;
      if (!glyphLines.has(line) && !el?.classList.contains('askdb-run-glyph')) return;
      e.event.preventDefault();
      void commandsRef.current.runAtLine(line);
    });
    // Tips: refresh the cache when a delimiter has just been typed (spec 01 §5).
    const typing = ed.onDidChangeModelContent((e) => {
      const c = e.changes[0];
      if (!c || e.changes.length !== 1 || c.text.length !== 1 || !isDelimiter(c.text)) return;
      const pos = ed.getPosition();
      if (pos) prefetchTips(session.model, pos);
    });
    const ai = attachInlineAi(monaco, ed, {
      placeholder: t('console.ai.placeholder'),
      hint: t('console.ai.hint'),
      context: () => ({ ...bindingRef.current, consoleId }),
    });
    onReady(ed);
    ed.focus();
    return () => {
      onReady(null);
      ai.dispose();
      typing.dispose();
      mouse.dispose();
      parser.dispose();
      glyphs.clear();
      editorRef.current = null;
      // The model belongs to the session (kept for the tab's lifetime); only the view goes.
      ed.setModel(null);
      ed.dispose();
    };
    // The editor is created once per session; settings and binding changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [monaco, session]);

  useEffect(() => {
    const ed = editorRef.current;
    if (!ed) return;
    const { theme: _theme, ...rest } = editorOptions(settings, { placeholder: t('console.placeholder'), readOnly });
    ed.updateOptions(rest);
    monaco.editor.setTheme(resolveTheme(settings.theme));
  }, [settings, monaco, t, readOnly]);

  useEffect(() => {
    setSqlContext(session.model.uri.toString(), {
      consoleId,
      dataSourceId: binding.dataSourceId ?? null,
      databaseName: binding.databaseName ?? null,
      schemaName: binding.schemaName ?? null,
      databaseType: binding.databaseType ?? null,
      keywordCase: settings.keywordCase,
    });
  }, [session, consoleId, binding.dataSourceId, binding.databaseName, binding.schemaName, binding.databaseType, settings.keywordCase]);

  return <div ref={host} className="askdb-sql-editor" data-testid="sql-editor" />;
}
