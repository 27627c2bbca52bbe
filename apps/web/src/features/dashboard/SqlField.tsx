/**
 * The chart editor's SQL: the console's Monaco set-up (lib/monaco: bundled editor, themes, the user's
 * editor settings, completion and hover bound to the chart's data source, parser markers). Ctrl/Cmd+Enter runs.
 */
import { useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor';
import { Spin } from 'antd';
import { attachParser, clearSqlContext, editorOptions, loadMonaco, setSqlContext, type MonacoApi } from '../../lib/monaco/index.js';
import { useSettings } from '../../lib/settings.js';

export interface SqlFieldProps {
  value: string;
  onChange(sql: string): void;
  onRun(): void;
  dataSourceId: number | null;
  databaseName: string | null;
  schemaName: string | null;
  databaseType: string | null;
}

let seq = 0;

export function SqlField({ value, onChange, onRun, dataSourceId, databaseName, schemaName, databaseType }: SqlFieldProps) {
  const host = useRef<HTMLDivElement>(null);
  const [monaco, setMonaco] = useState<MonacoApi | null>(null);
  const editor = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const model = useRef<Monaco.editor.ITextModel | null>(null);
  const latest = useRef({ onChange, onRun });
  latest.current = { onChange, onRun };
  const keywordCase = useSettings((s) => s.editor.keywordCase);

  useEffect(() => {
    let alive = true;
    void loadMonaco().then((m) => alive && setMonaco(m));
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (!monaco || !host.current) return;
    const uri = monaco.Uri.parse(`inmemory://askdb/chart-${++seq}.sql`);
    const m = monaco.editor.createModel(value, 'sql', uri);
    model.current = m;
    const ed = monaco.editor.create(host.current, { ...editorOptions(useSettings.getState().editor, {}), model: m, minimap: { enabled: false }, automaticLayout: true, glyphMargin: false });
    editor.current = ed;
    ed.addAction({ id: 'askdb.chart.run', label: 'Run', keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyR], run: () => latest.current.onRun() });
    const parser = attachParser(monaco, ed, () => {});
    const sub = m.onDidChangeContent(() => latest.current.onChange(m.getValue()));
    return () => {
      sub.dispose();
      parser.dispose();
      clearSqlContext(uri.toString());
      ed.dispose();
      m.dispose();
      editor.current = null;
      model.current = null;
    };
    // The model is created once; later values come in through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [monaco]);

  useEffect(() => {
    const m = model.current;
    if (m && m.getValue() !== value) m.setValue(value);
  }, [value, monaco]);

  useEffect(() => {
    const m = model.current;
    if (!m) return;
    setSqlContext(m.uri.toString(), { consoleId: null, dataSourceId, databaseName, schemaName, databaseType, keywordCase });
  }, [monaco, dataSourceId, databaseName, schemaName, databaseType, keywordCase]);

  return (
    <div className="askdb-chart-sql" data-testid="chart-sql-editor">
      {!monaco && <Spin size="small" />}
      <div ref={host} style={{ height: '100%' }} />
    </div>
  );
}
