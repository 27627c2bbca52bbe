/** Registers the SQL language providers once per page (completion, hover); parsing is attached per editor. */
import type * as Monaco from 'monaco-editor';
import { registerCompletion } from './completion.js';
import { registerHover } from './hover.js';
import { registerAutoSuggest } from './auto-suggest.js';

let registered = false;
export function registerSqlIntelligence(monaco: typeof Monaco): void {
  if (registered) return;
  registered = true;
  registerCompletion(monaco);
  registerHover(monaco);
  registerAutoSuggest(monaco);
}
export { attachParser, parsedStatements, parseSkipReason, MARKER_OWNER } from './parse.js';
export { prefetchTips } from './completion.js';
export { setSqlContext, getSqlContext, clearSqlContext, type SqlContext } from './context.js';
export { hoverTarget } from './hover.js';
