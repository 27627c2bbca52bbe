/** Monaco set-up for the whole app: load it lazily (its own chunk), the editor defaults, themes, SQL intelligence. */
import type * as Monaco from 'monaco-editor';
import { registerSqlIntelligence } from './intelligence.js';

export type MonacoApi = typeof Monaco;
let loading: Promise<MonacoApi> | null = null;

/** Loads Monaco once (a separate chunk, so the app shell paints before the editor code arrives). */
export function loadMonaco(): Promise<MonacoApi> {
  loading ??= import('./setup.js').then((m) => {
    const monaco = m.monaco as unknown as MonacoApi;
    registerSqlIntelligence(monaco);
    return monaco;
  });
  return loading;
}

export { resolveTheme, isLightTheme, DEFAULT_EDITOR_THEME, CUSTOM_THEME_NAMES } from './themes.js';
export { editorOptions, FONT_STACKS } from './options.js';
export { attachParser, parsedStatements, parseSkipReason, prefetchTips, setSqlContext, getSqlContext, clearSqlContext, hoverTarget, MARKER_OWNER, type SqlContext } from './intelligence.js';
export { decideTips, tipsWindow, isDelimiter } from './tips-rules.js';
