/**
 * A console tab (and the other SQL editor tabs: local file, view, function, procedure, trigger): toolbar
 * with the binding picker, the Monaco editor with its right-click menu and error bar, and the results.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor';
import { App, Button, Dropdown, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadMonaco, type MonacoApi } from '../../lib/monaco/index.js';
import { useTabs, type TabBinding, type WorkspaceTab } from '../workspace/tabs-store';
import { ResultsPanel } from '../results/ResultsPanel.js';
import { useRuns, type StatementResult } from '../results/run-store.js';
import { useDelayedTrue } from '../results/use-delayed.js';
import { createCommands, type CommandId } from './commands.js';
import { contextMenuOf, COMMAND_ICONS, shortcutLabel } from './menu-items.js';
import { editorKindOf, openSession, useSessionViews, type Session } from './session.js';
import { SqlEditor } from './SqlEditor.js';
import { Toolbar } from './Toolbar.js';
import { ErrorBar } from './ErrorBar.js';
import { EditorSettingsPanel } from './EditorSettingsPanel.js';
import { DataSourcePicker } from '../workspace/DataSourcePicker';
import { setConsoleNotifier } from './notify.js';
import { requestAi } from './ai-bridge.js';
import { openLocalFile } from './open-file.js';
import { commandFor } from './shortcuts.js';
import { isForeignInputFocused } from './sql-actions.js';
import { registerInsertHandler } from './insert-sql.js';
import { consoleApi } from './save/console-api.js';
import './console.css';
import { useErrorToast } from '../../app/use-error-toast';

function bindingOf(tab: WorkspaceTab): TabBinding {
  return { dataSourceId: tab.dataSourceId ?? null, dataSourceName: tab.dataSourceName ?? null, databaseType: tab.databaseType ?? null, databaseName: tab.databaseName ?? null, schemaName: tab.schemaName ?? null };
}

export function ConsoleTab({ tab }: { tab: WorkspaceTab }) {
  const { t } = useTranslation();
  const { message, notification } = App.useApp();
  const showError = useErrorToast();
  const kind = editorKindOf(tab);
  const [monaco, setMonaco] = useState<MonacoApi | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [editorShare, setEditorShare] = useState(0.5);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const split = useRef<HTMLDivElement>(null);
  const tabRef = useRef(tab);
  tabRef.current = tab;
  const binding = useMemo(() => bindingOf(tab), [tab]);
  const bindingRef = useRef(binding);
  bindingRef.current = binding;
  const running = useDelayedTrue(useRuns((s) => s.byTab[tab.id]?.running ?? false), 150);
  const runError = useRuns((s) => s.byTab[tab.id]?.error ?? null);
  const view = useSessionViews((s) => s.views[tab.id]);
  const active = useTabs((s) => s.activeId === tab.id);

  useEffect(() => {
    setConsoleNotifier(message);
  }, [message]);

  useEffect(() => {
    let live = true;
    loadMonaco()
      .then((m) => {
        if (live) setMonaco(m);
        return openSession(m, tabRef.current);
      })
      .then(
        (s) => {
          if (!live) return;
          setSession(s);
          if (s.olderLocal) {
            const older = s.olderLocal;
            s.olderLocal = null;
            const key = `older-${tab.id}`;
            notification.warning({
              key,
              title: t('console.olderLocal.title'),
              description: t('console.olderLocal.body'),
              duration: 0,
              actions: (
                <Button
                  size="small"
                  onClick={() => {
                    s.model.pushEditOperations([], [{ range: s.model.getFullModelRange(), text: older }], () => null);
                    notification.destroy(key);
                  }}
                >
                  {t('console.olderLocal.restore')}
                </Button>
              ),
            });
          }
        },
        (e: Error) => live && setLoadError(e.message),
      );
    return () => {
      live = false;
    };
    // One session per tab id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab.id]);

  const openSettings = useCallback(() => setSettingsOpen(true), []);
  const commands = useMemo(() => createCommands({ editor: () => editorRef.current, tab: () => tabRef.current, binding: () => bindingRef.current, kind, openSettings }), [kind, openSettings]);

  // Shortcuts while focus is in the console but outside the editor (results grid, toolbar): Ctrl+R must not reload.
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const id = commandFor(e);
      if (!id) return;
      const target = e.target as Element | null;
      const inConsole = !!target && (target === document.body || !!root.current?.contains(target));
      if (!inConsole || isForeignInputFocused(editorRef.current?.getContainerDomNode() ?? null, target)) return;
      e.preventDefault();
      void commands[id]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, commands]);

  // SQL from the assistant: on its own line at the cursor, selected, and run when asked.
  useEffect(() => {
    if (!session) return;
    return registerInsertHandler(tab.id, ({ sql, run }) => {
      const ed = editorRef.current;
      const model = ed?.getModel();
      const pos = ed?.getPosition();
      if (!ed || !model || !pos) return;
      const line = model.getLineContent(pos.lineNumber);
      const atLine = line.trim() === '' ? pos.lineNumber : pos.lineNumber + 1;
      const text = line.trim() === '' ? sql : `\n${sql}`;
      const col = line.trim() === '' ? 1 : line.length + 1;
      const range = { startLineNumber: pos.lineNumber, startColumn: col, endLineNumber: pos.lineNumber, endColumn: line.trim() === '' ? line.length + 1 : col };
      ed.pushUndoStop();
      ed.executeEdits('askdb-ai', [{ range, text, forceMoveMarkers: true }]);
      ed.pushUndoStop();
      const lines = sql.split('\n');
      const sel = { startLineNumber: atLine, startColumn: 1, endLineNumber: atLine + lines.length - 1, endColumn: lines[lines.length - 1]!.length + 1 };
      ed.setSelection(sel);
      ed.revealRangeInCenterIfOutsideViewport(sel);
      ed.focus();
      if (run) void commands.run();
    });
  }, [session, tab.id, commands]);

  // Renamed or rebound elsewhere (tree, another tab): take the console's new version if only that changed.
  useEffect(() => {
    const saver = session?.saver;
    if (!saver || tab.consoleId == null) return;
    const id = setTimeout(() => void consoleApi.get(tab.consoleId!).then((c) => saver.resync({ version: c.version, ddl: c.ddl, status: c.status }), () => {}), 300);
    return () => clearTimeout(id);
  }, [session, tab.consoleId, tab.title, tab.dataSourceId, tab.databaseName, tab.schemaName]);

  const onBindingChange = (next: TabBinding) => {
    const merged = { ...bindingRef.current, ...next };
    useTabs.getState().update(tab.id, merged);
    const saver = session?.saver;
    if (saver) {
      void saver
        .updateMeta({ dataSourceId: merged.dataSourceId ?? null, dataSourceName: merged.dataSourceName ?? null, databaseName: merged.databaseName ?? null, schemaName: merged.schemaName ?? null, type: merged.databaseType ?? null })
        .catch((e: Error) => void showError(e));
    }
  };

  const rename = (name: string) => {
    useTabs.getState().update(tab.id, { title: name });
    void session?.saver?.updateMeta({ name }).catch((e: Error) => void showError(e));
  };

  const repair = (r: StatementResult) =>
    requestAi({ questionType: 'SQL_DEBUG', input: r.originalSql, context: { ...bindingRef.current, consoleId: tab.consoleId ?? null, errorMessage: r.message, sql: editorRef.current?.getValue() } });

  const startDrag = (e: React.MouseEvent) => {
    e.preventDefault();
    const box = split.current!.getBoundingClientRect();
    const move = (ev: MouseEvent) => setEditorShare(Math.min(0.9, Math.max(0.1, (ev.clientY - box.top) / box.height)));
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  if (loadError) return <Result status="warning" title={t('console.loadFailed')} subTitle={loadError} data-testid="console-load-error" />;

  const menuItems = contextMenuOf(kind).map((id, i) =>
    id === '|'
      ? { type: 'divider' as const, key: `d${i}` }
      : {
          key: id,
          icon: COMMAND_ICONS[id],
          label: (
            <span className="askdb-menu-item" data-testid={`menu-${id}`}>
              <span>{t(`console.action.${id}`)}</span>
              {shortcutLabel(id) && <span className="askdb-menu-shortcut">{shortcutLabel(id)}</span>}
            </span>
          ),
        },
  );

  const picker = (
    <DataSourcePicker value={binding} onChange={onBindingChange} disabled={kind !== 'CONSOLE' && kind !== 'LOCAL_SQL_FILE'} />
  );

  return (
    <div ref={root} className="askdb-console" data-testid="console-tab" data-console-id={tab.consoleId ?? undefined}>
      <Toolbar
        kind={kind}
        commands={commands}
        running={running}
        view={view}
        name={kind === 'CONSOLE' ? tab.title : undefined}
        onRename={kind === 'CONSOLE' && session?.saver ? rename : undefined}
        onOpenFile={(f, h) => void openLocalFile(f, bindingRef.current, h)}
        picker={picker}
        settings={{ open: settingsOpen, onOpenChange: setSettingsOpen, title: t('console.action.settings'), content: <EditorSettingsPanel /> }}
      />
      <div ref={split} className="askdb-console-split">
        <div className="askdb-console-editor" style={{ flexBasis: `${editorShare * 100}%` }}>
          <Dropdown trigger={['contextMenu']} menu={{ items: menuItems, onClick: ({ key }) => void commands[key as CommandId]() }}>
            <div className="askdb-console-editor-host">
              {monaco && session ? (
                <SqlEditor
                  monaco={monaco}
                  session={session}
                  binding={binding}
                  consoleId={tab.consoleId ?? null}
                  commands={commands}
                  onReady={(ed) => (editorRef.current = ed)}
                />
              ) : (
                <Spin style={{ margin: 48 }} data-testid="console-loading" />
              )}
            </div>
          </Dropdown>
          <ErrorBar message={runError} onClose={() => useRuns.getState().dismissError(tab.id)} />
        </div>
        <div className="askdb-console-splitter" onMouseDown={startDrag} role="separator" aria-orientation="horizontal" data-testid="console-splitter" />
        <div className="askdb-console-results">
          <ResultsPanel tabId={tab.id} binding={binding} onRepair={repair} />
        </div>
      </div>
    </div>
  );
}
