/** The generated sync script in an editable Monaco editor (spec 01 §2, step 1). */
import { useEffect, useRef } from 'react';
import { useSettings } from '../../lib/settings.js';
import { monaco } from './monaco.js';

interface Props {
  value: string;
  onChange(value: string): void;
  height?: number;
}

const BUILT_IN_THEMES = new Set(['vs', 'vs-dark', 'hc-black', 'hc-light']);

/** The user's editor theme when Monaco knows it without the app-wide set-up, else the one matching the app. */
function themeFor(editorTheme: string, appDark: boolean): string {
  return BUILT_IN_THEMES.has(editorTheme) ? editorTheme : appDark ? 'vs-dark' : 'vs';
}

export function SqlEditor({ value, onChange, height = 360 }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const { fontSize, fontFamily, lineHeight } = useSettings((s) => s.editor);
  const editorTheme = useSettings((s) => s.editor.theme);
  const theme = themeFor(editorTheme, document.documentElement.dataset.theme !== 'light');

  useEffect(() => {
    const e = monaco.editor.create(host.current!, {
      value,
      language: 'sql',
      theme,
      automaticLayout: true,
      minimap: { enabled: false },
      wordWrap: 'on',
      scrollBeyondLastLine: false,
      renderLineHighlight: 'line',
      fontSize,
      fontFamily,
      lineHeight: Math.round(fontSize * lineHeight),
      tabSize: 2,
    });
    editor.current = e;
    const sub = e.onDidChangeModelContent(() => changed.current(e.getValue()));
    return () => {
      sub.dispose();
      e.getModel()?.dispose();
      e.dispose();
      editor.current = null;
    };
    // Created once; the props below are applied by the following effects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const e = editor.current;
    if (e && e.getValue() !== value) e.setValue(value);
  }, [value]);
  useEffect(() => monaco.editor.setTheme(theme), [theme]);
  useEffect(() => editor.current?.updateOptions({ fontSize, fontFamily, lineHeight: Math.round(fontSize * lineHeight) }), [fontSize, fontFamily, lineHeight]);

  return <div ref={host} data-testid="sync-sql-editor" style={{ height, border: '1px solid rgba(128,128,128,.3)', borderRadius: 4 }} />;
}
