/**
 * Monaco completion provider backed by POST /api/sql_parser/context/tip, following the client rules in
 * tips-rules.ts. One provider for the SQL language; each model's binding comes from context.ts.
 * A failed fetch is logged and gives an empty list (spec 01 §8), so a missing endpoint costs nothing.
 */
import type * as Monaco from 'monaco-editor';
import type { CompletionItem } from '@askdb/contracts';
import { api, ApiError } from '../api.js';
import { getSqlContext, onSqlContextChange, type SqlContext } from './context.js';
import { decideTips, isDelimiter, tipsWindow } from './tips-rules.js';

interface Cache {
  key: string;
  items: CompletionItem[];
  filled: boolean;
  pending: Promise<CompletionItem[]> | null;
}
const caches = new Map<string, Cache>();
onSqlContextChange((uri) => caches.delete(uri));

function cacheFor(uri: string, key: string): Cache {
  let c = caches.get(uri);
  if (!c || c.key !== key) {
    c = { key, items: [], filled: false, pending: null };
    caches.set(uri, c);
  }
  return c;
}

/** Set when the tip endpoint answers 404 (not deployed yet); asked again after a minute. */
let tipsMissingSince = 0;

async function fetchTips(ctx: SqlContext, model: Monaco.editor.ITextModel, pos: Monaco.IPosition): Promise<CompletionItem[]> {
  if (Date.now() - tipsMissingSince < 60_000) return [];
  const lines = model.getLinesContent();
  const { beforeSql, afterSql } = tipsWindow(lines, pos.lineNumber, pos.column);
  try {
    const r = await api<CompletionItem[]>('/api/sql_parser/context/tip', {
      body: { consoleId: ctx.consoleId, beforeSql, afterSql, dataSourceId: ctx.dataSourceId, databaseName: ctx.databaseName, schemaName: ctx.schemaName, needFullName: false, keywordCase: ctx.keywordCase },
    });
    return Array.isArray(r) ? r : [];
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) tipsMissingSince = Date.now();
    else console.error('Failed to fetch SQL tips:', e);
    return [];
  }
}

/** Refreshes the cache of a model (after a delimiter is typed) so the next word's suggestions are ready. */
export function prefetchTips(model: Monaco.editor.ITextModel, pos: Monaco.IPosition): void {
  const uri = model.uri.toString();
  const entry = getSqlContext(uri);
  if (!entry || entry.ctx.consoleId == null || entry.ctx.dataSourceId == null) return;
  const d = decideTips({ charBefore: charBefore(model, pos), now: Date.now(), registeredAt: entry.registeredAt, hasContext: true, cacheFilled: true });
  if (!d.fetch) return;
  const cache = cacheFor(uri, entry.key);
  const p = fetchTips(entry.ctx, model, pos);
  cache.pending = p;
  void p.then((items) => {
    if (cache.pending !== p) return;
    cache.items = items;
    cache.filled = true;
    cache.pending = null;
  });
}

function charBefore(model: Monaco.editor.ITextModel, pos: Monaco.IPosition): string | undefined {
  if (pos.column <= 1) return pos.lineNumber > 1 ? '\n' : undefined;
  return model.getLineContent(pos.lineNumber).charAt(pos.column - 2);
}

function kindOf(monaco: typeof Monaco, kind: CompletionItem['kind']): Monaco.languages.CompletionItemKind {
  const K = monaco.languages.CompletionItemKind;
  const map: Record<string, Monaco.languages.CompletionItemKind> = {
    keyword: K.Keyword, snippet: K.Snippet, database: K.Module, schema: K.Folder, table: K.Class, view: K.Interface, column: K.Field,
    function: K.Function, procedure: K.Method, trigger: K.Event, parameter: K.Variable, 'join clause': K.Reference,
  };
  return map[kind] ?? K.Text;
}

export function registerCompletion(monaco: typeof Monaco): Monaco.IDisposable {
  return monaco.languages.registerCompletionItemProvider('sql', {
    triggerCharacters: ['.'],
    async provideCompletionItems(model, position) {
      const uri = model.uri.toString();
      const entry = getSqlContext(uri);
      const ctx = entry?.ctx;
      const hasContext = !!ctx && ctx.consoleId != null && ctx.dataSourceId != null;
      if (!entry || !hasContext) return { suggestions: [] };
      const cache = cacheFor(uri, entry.key);
      const d = decideTips({ charBefore: charBefore(model, position), now: Date.now(), registeredAt: entry.registeredAt, hasContext, cacheFilled: cache.filled || !!cache.pending });
      let items: CompletionItem[];
      if (d.fetch) {
        const p = fetchTips(ctx, model, position);
        cache.pending = p;
        items = await p;
        if (cache.pending === p) {
          cache.items = items;
          cache.filled = true;
          cache.pending = null;
        }
      } else items = cache.pending ? await cache.pending : cache.items;
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      const suggestions = items.map((it, i) => ({
        label: { label: it.label, description: it.detail },
        kind: kindOf(monaco, it.kind),
        insertText: it.insertText || it.label,
        insertTextRules: it.kind === 'snippet' ? monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet : undefined,
        detail: it.detail,
        documentation: it.documentation ? { value: it.documentation } : undefined,
        sortText: it.sortText ?? String(i).padStart(6, '0'),
        filterText: it.label,
        range,
      }));
      return { suggestions, incomplete: false };
    },
  });
}

export { isDelimiter };
