/** Editor construction options from the user's editor settings; defaults of spec 01 §9. */
import type * as Monaco from 'monaco-editor';
import { EDITOR_DEFAULTS, LIMITS } from '@askdb/contracts';
import type { EditorSettings } from '../settings.js';
import { resolveTheme } from './themes.js';

/** Each font of spec 01 §9 with fall-backs so the editor stays monospace where the font is missing. */
export const FONT_STACKS: Record<string, string> = {
  Monaco: 'Monaco, Menlo, "DejaVu Sans Mono", Consolas, "Courier New", monospace',
  Consolas: 'Consolas, Monaco, Menlo, "DejaVu Sans Mono", "Courier New", monospace',
  'Courier New': '"Courier New", Courier, monospace',
  'JetBrains Mono': '"JetBrains Mono", Monaco, Menlo, "DejaVu Sans Mono", Consolas, monospace',
};

export function editorOptions(s: EditorSettings, extra: { placeholder?: string; readOnly?: boolean } = {}): Monaco.editor.IStandaloneEditorConstructionOptions {
  return {
    language: EDITOR_DEFAULTS.language,
    theme: resolveTheme(s.theme),
    fontSize: s.fontSize || EDITOR_DEFAULTS.fontSize,
    fontFamily: FONT_STACKS[s.fontFamily] ?? FONT_STACKS.Monaco,
    // Below 8, Monaco reads lineHeight as a multiple of the font size (1.6 → 22.4 px at 14 px).
    lineHeight: s.lineHeight || EDITOR_DEFAULTS.lineHeight,
    lineNumbers: EDITOR_DEFAULTS.lineNumbers,
    minimap: { enabled: s.minimap ?? EDITOR_DEFAULTS.minimap },
    wordWrap: s.wordWrap ?? EDITOR_DEFAULTS.wordWrap,
    folding: s.folding ?? EDITOR_DEFAULTS.folding,
    stickyScroll: { enabled: s.stickyScroll ?? EDITOR_DEFAULTS.stickyScroll },
    renderLineHighlight: EDITOR_DEFAULTS.renderLineHighlight,
    glyphMargin: true,
    automaticLayout: true,
    scrollBeyondLastLine: false,
    fixedOverflowWidgets: true,
    contextmenu: false,
    hover: { enabled: true, delay: LIMITS.hoverDelayMs },
    quickSuggestions: { other: true, comments: false, strings: false },
    suggest: { showWords: false, filterGraceful: true },
    tabSize: 2,
    placeholder: extra.placeholder,
    readOnly: extra.readOnly ?? false,
  };
}
