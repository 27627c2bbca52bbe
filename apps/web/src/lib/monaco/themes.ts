/**
 * Editor themes of spec 01 §9: the product's light (vs) and dark (vs-dark) themes, dimmed dark
 * (hc-black), and Dracula, GitHub light/dark, Monokai, Monokai Bright, One Dark, Solarized
 * light/dark and Xcode. An unknown name falls back to vs-dark.
 */
import type * as Monaco from 'monaco-editor';
import { useSettings } from '../settings.js';

type ThemeData = Monaco.editor.IStandaloneThemeData;
type Palette = {
  base: 'vs' | 'vs-dark';
  bg: string;
  fg: string;
  comment: string;
  keyword: string;
  string: string;
  number: string;
  operator: string;
  predefined: string;
  identifier?: string;
  lineHighlight: string;
  selection: string;
  lineNumber: string;
  cursor: string;
};

const PALETTES: Record<string, Palette> = {
  dracula: { base: 'vs-dark', bg: '#282a36', fg: '#f8f8f2', comment: '#6272a4', keyword: '#ff79c6', string: '#f1fa8c', number: '#bd93f9', operator: '#ff79c6', predefined: '#8be9fd', lineHighlight: '#44475a75', selection: '#44475a', lineNumber: '#6272a4', cursor: '#f8f8f0' },
  'github-light': { base: 'vs', bg: '#ffffff', fg: '#24292f', comment: '#6e7781', keyword: '#cf222e', string: '#0a3069', number: '#0550ae', operator: '#cf222e', predefined: '#8250df', lineHighlight: '#eaeef280', selection: '#add6ff', lineNumber: '#8c959f', cursor: '#044289' },
  'github-dark': { base: 'vs-dark', bg: '#0d1117', fg: '#c9d1d9', comment: '#8b949e', keyword: '#ff7b72', string: '#a5d6ff', number: '#79c0ff', operator: '#ff7b72', predefined: '#d2a8ff', lineHighlight: '#161b22', selection: '#264f78', lineNumber: '#6e7681', cursor: '#c9d1d9' },
  monokai: { base: 'vs-dark', bg: '#272822', fg: '#f8f8f2', comment: '#75715e', keyword: '#f92672', string: '#e6db74', number: '#ae81ff', operator: '#f92672', predefined: '#66d9ef', lineHighlight: '#3e3d32', selection: '#49483e', lineNumber: '#90908a', cursor: '#f8f8f0' },
  'monokai-bright': { base: 'vs-dark', bg: '#272822', fg: '#f8f8f2', comment: '#9a9a8a', keyword: '#ff4d94', string: '#ffee80', number: '#c9a6ff', operator: '#ff4d94', predefined: '#7ee5ff', identifier: '#ffffff', lineHighlight: '#3e3d32', selection: '#5a5946', lineNumber: '#b0b0a8', cursor: '#ffffff' },
  'one-dark': { base: 'vs-dark', bg: '#282c34', fg: '#abb2bf', comment: '#5c6370', keyword: '#c678dd', string: '#98c379', number: '#d19a66', operator: '#56b6c2', predefined: '#61afef', lineHighlight: '#2c313c', selection: '#3e4451', lineNumber: '#636d83', cursor: '#528bff' },
  'solarized-light': { base: 'vs', bg: '#fdf6e3', fg: '#657b83', comment: '#93a1a1', keyword: '#859900', string: '#2aa198', number: '#d33682', operator: '#859900', predefined: '#268bd2', lineHighlight: '#eee8d5', selection: '#eee8d5', lineNumber: '#93a1a1', cursor: '#657b83' },
  'solarized-dark': { base: 'vs-dark', bg: '#002b36', fg: '#839496', comment: '#586e75', keyword: '#859900', string: '#2aa198', number: '#d33682', operator: '#859900', predefined: '#268bd2', lineHighlight: '#073642', selection: '#274642', lineNumber: '#586e75', cursor: '#d30102' },
  xcode: { base: 'vs', bg: '#ffffff', fg: '#000000', comment: '#5d6c79', keyword: '#9b2393', string: '#c41a16', number: '#1c00cf', operator: '#000000', predefined: '#0f68a0', lineHighlight: '#ecf5ff', selection: '#b4d8fd', lineNumber: '#a6a6a6', cursor: '#000000' },
};

const hex = (c: string) => c.replace(/^#/, '');

function themeData(p: Palette): ThemeData {
  return {
    base: p.base,
    inherit: true,
    rules: [
      { token: '', foreground: hex(p.fg), background: hex(p.bg) },
      { token: 'comment', foreground: hex(p.comment), fontStyle: 'italic' },
      { token: 'keyword', foreground: hex(p.keyword), fontStyle: 'bold' },
      { token: 'string', foreground: hex(p.string) },
      { token: 'string.sql', foreground: hex(p.string) },
      { token: 'number', foreground: hex(p.number) },
      { token: 'operator', foreground: hex(p.operator) },
      { token: 'operator.sql', foreground: hex(p.operator) },
      { token: 'predefined', foreground: hex(p.predefined) },
      { token: 'predefined.sql', foreground: hex(p.predefined) },
      { token: 'identifier', foreground: hex(p.identifier ?? p.fg) },
      { token: 'identifier.quote', foreground: hex(p.identifier ?? p.fg) },
      { token: 'delimiter', foreground: hex(p.fg) },
    ],
    colors: {
      'editor.background': p.bg,
      'editor.foreground': p.fg,
      'editor.lineHighlightBackground': p.lineHighlight,
      'editor.selectionBackground': p.selection,
      'editorLineNumber.foreground': p.lineNumber,
      'editorCursor.foreground': p.cursor,
      'editorGutter.background': p.bg,
    },
  };
}

/** Built-in Monaco themes usable by name. */
const BUILT_IN = new Set(['vs', 'vs-dark', 'hc-black', 'hc-light']);
export const DEFAULT_EDITOR_THEME = 'vs-dark';
export const CUSTOM_THEME_NAMES = Object.keys(PALETTES);

/** Whether the app shows its light appearance (settings: light, or system with a light OS theme). */
function appLight(): boolean {
  const appearance = useSettings.getState().appearance;
  if (appearance === 'system') return typeof matchMedia === 'function' && !matchMedia('(prefers-color-scheme: dark)').matches;
  return appearance === 'light';
}

/**
 * The Monaco theme id for a settings theme name; unknown names fall back to vs-dark (spec 01 §9).
 * The default editor theme follows the app: a light appearance gets the light editor (issue 25
 * item 9); a theme the user picked by name is kept whatever the appearance.
 */
export function resolveTheme(name: string | null | undefined): string {
  const id = name && (BUILT_IN.has(name) || name in PALETTES) ? name : DEFAULT_EDITOR_THEME;
  return id === DEFAULT_EDITOR_THEME && appLight() ? 'vs' : id;
}

/** Whether a theme has a light background (the result grid and error bar follow it). */
export function isLightTheme(name: string): boolean {
  const id = resolveTheme(name);
  return id === 'vs' || id === 'hc-light' || PALETTES[id]?.base === 'vs';
}

export function defineThemes(monaco: typeof Monaco): void {
  for (const [name, p] of Object.entries(PALETTES)) monaco.editor.defineTheme(name, themeData(p));
  // Switching the app's appearance (or the OS theme under "system") re-themes every open editor.
  let last = '';
  const apply = () => {
    const id = resolveTheme(useSettings.getState().editor.theme);
    if (id !== last) monaco.editor.setTheme((last = id));
  };
  useSettings.subscribe(apply);
  if (typeof matchMedia === 'function') matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', apply);
}
