/**
 * The generated sync script in an editable Monaco editor (spec 01 §2, step 1), with the user's editor
 * settings. Uncontrolled: it starts from `initialValue` and reports every change; to show another
 * script, remount it (a new React `key`). Feeding the text back as a prop would undo keystrokes typed
 * faster than React re-renders.
 */
import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import { useSettings } from '../../lib/settings.js';
import { editorOptions, loadMonaco, resolveTheme, type MonacoApi } from '../../lib/monaco/index.js';

interface Props {
  initialValue: string;
  onChange(value: string): void;
  height?: number;
}

export function SqlEditor({ initialValue, onChange, height = 360 }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<ReturnType<MonacoApi['editor']['create']> | null>(null);
  const [monaco, setMonaco] = useState<MonacoApi | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const initial = useRef(initialValue);
  const settings = useSettings((s) => s.editor);

  useEffect(() => {
    let live = true;
    void loadMonaco().then((m) => live && setMonaco(m));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!monaco || !host.current) return;
    const e = monaco.editor.create(host.current, { ...editorOptions(useSettings.getState().editor), value: initial.current, glyphMargin: false });
    editor.current = e;
    const sub = e.onDidChangeModelContent(() => changed.current(e.getValue()));
    return () => {
      sub.dispose();
      e.getModel()?.dispose();
      e.dispose();
      editor.current = null;
    };
  }, [monaco]);

  useEffect(() => {
    if (!monaco || !editor.current) return;
    const { theme, ...rest } = editorOptions(settings);
    editor.current.updateOptions({ ...rest, glyphMargin: false });
    monaco.editor.setTheme(resolveTheme(theme));
  }, [monaco, settings]);

  return (
    <div style={{ position: 'relative', height, border: '1px solid rgba(128,128,128,.3)', borderRadius: 4, overflow: 'hidden' }}>
      <div ref={host} data-testid="sync-sql-editor" style={{ height: '100%' }} />
      {!monaco && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />}
    </div>
  );
}
