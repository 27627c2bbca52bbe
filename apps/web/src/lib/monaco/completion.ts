/**
 * Monaco completion provider backed by POST /api/sql_parser/context/tip, following the client rules in
 * tips-rules.ts. One provider for the SQL language; each model's binding comes from context.ts.
 * A failed fetch is logged and gives an empty list (spec 01 §8), so a missing endpoint costs nothing.
 * Tips are asked `paged`: a long list (30,000 tables after FROM) comes capped and `incomplete`, as does
 * a list answered while the schema is still loading; the provider then asks again at every keystroke
 * and tells Monaco the list is incomplete, so it asks too as the prefix grows.
 */
import type * as Monaco from 'monaco-editor';
import type { CompletionItem, TipPage } from '@askdb/contracts';
import { api, ApiError } from '../api.js';
import { getSqlContext, onSqlContextChange, type SqlContext } from './context.js';
import { decideTips, isDelimiter, tipsWindow } from './tips-rules.js';

interface Cache {
  key: string;
  /** The text before the word the list was fetched for (see tips-rules). */
  anchor: string;
  /** The part of that word typed when it was fetched: the server sends only what matches it. */
  prefix: string;
  items: CompletionItem[];
  /** The last answer was capped or read from a schema still loading: ask again at the next keystroke. */
  incomplete: boolean;
  filled: boolean;
  pending: Promise<TipPage> | null;
}
const caches = new Map<string, Cache>();
onSqlContextChange((uri) => caches.delete(uri));

function cacheFor(uri: string, key: string): Cache {
  let c = caches.get(uri);
  if (!c || c.key !== key) {
    c = { key, anchor: '', prefix: '', items: [], incomplete: false, filled: false, pending: null };
    caches.set(uri, c);
  }
  return c;
}

/** Set when the tip endpoint answers 404 (not deployed yet); asked again after a minute. */
let tipsMissingSince = 0;

const EMPTY: TipPage = { items: [], incomplete: false };

async function fetchTips(ctx: SqlContext, model: Monaco.editor.ITextModel, pos: Monaco.IPosition): Promise<TipPage> {
  if (Date.now() - tipsMissingSince < 60_000) return EMPTY;
  const lines = model.getLinesContent();
  const { beforeSql, afterSql } = tipsWindow(lines, pos.lineNumber, pos.column);
  try {
    const r = await api<TipPage | CompletionItem[]>('/api/sql_parser/context/tip', {
      body: { consoleId: ctx.consoleId, beforeSql, afterSql, dataSourceId: ctx.dataSourceId, databaseName: ctx.databaseName, schemaName: ctx.schemaName, needFullName: false, keywordCase: ctx.keywordCase, paged: true },
      quietRefusal: true,
    });
    // A server from before paged tips answers the whole array.
    if (Array.isArray(r)) return { items: r, incomplete: false };
    return r && Array.isArray(r.items) ? { items: r.items, incomplete: !!r.incomplete } : EMPTY;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) tipsMissingSince = Date.now();
    else console.error('Failed to fetch SQL tips:', e);
    return EMPTY;
  }
}

interface Place {
  /** The text before the word at the cursor (up to the tips window). */
  anchor: string;
  /** The word's part before the cursor, lower case. */
  prefix: string;
}

function placeAt(model: Monaco.editor.ITextModel, pos: Monaco.IPosition): Place {
  const word = model.getWordUntilPosition(pos);
  return { anchor: tipsWindow(model.getLinesContent(), pos.lineNumber, word.startColumn).beforeSql, prefix: word.word.toLowerCase() };
}

/**
 * Whether the cached list serves this place: fetched before the same word, with a typed part this
 * word still starts with (a list for `u` holds the matches of `upd`, never those of `sel`).
 */
function serves(cache: Cache, place: Place): boolean {
  return cache.anchor === place.anchor && place.prefix.startsWith(cache.prefix);
}

/** Starts a fetch for the cache; the answer fills it unless a later fetch started meanwhile. */
function refill(cache: Cache, place: Place, p: Promise<TipPage>): Promise<TipPage> {
  cache.pending = p;
  cache.anchor = place.anchor;
  cache.prefix = place.prefix;
  cache.filled = false;
  void p.then((page) => {
    if (cache.pending !== p) return;
    cache.items = page.items;
    cache.incomplete = page.incomplete;
    cache.filled = true;
    cache.pending = null;
  });
  return p;
}

/** Refreshes the cache of a model (after a delimiter is typed) so the next word's suggestions are ready. */
export function prefetchTips(model: Monaco.editor.ITextModel, pos: Monaco.IPosition): void {
  const uri = model.uri.toString();
  const entry = getSqlContext(uri);
  if (!entry || entry.ctx.consoleId == null || entry.ctx.dataSourceId == null) return;
  // Only right after a delimiter (a position read before the cursor moved is not one: nothing to do).
  const before = charBefore(model, pos);
  if (!isDelimiter(before) || before === undefined) return;
  const cache = cacheFor(uri, entry.key);
  const place = placeAt(model, pos);
  const d = decideTips({ charBefore: before, now: Date.now(), registeredAt: entry.registeredAt, hasContext: true, cacheFilled: cache.filled || !!cache.pending, sameAnchor: serves(cache, place) });
  if (!d.fetch) return;
  refill(cache, place, fetchTips(entry.ctx, model, pos));
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
    // `.` opens the list at once; spaces and commas open it where shouldAutoSuggest says (auto-suggest.ts).
    triggerCharacters: ['.'],
    async provideCompletionItems(model, position) {
      const uri = model.uri.toString();
      const entry = getSqlContext(uri);
      const ctx = entry?.ctx;
      const hasContext = !!ctx && ctx.consoleId != null && ctx.dataSourceId != null;
      if (!entry || !hasContext) return { suggestions: [] };
      const cache = cacheFor(uri, entry.key);
      const place = placeAt(model, position);
      const same = serves(cache, place);
      const d = decideTips({
        charBefore: charBefore(model, position), now: Date.now(), registeredAt: entry.registeredAt, hasContext,
        cacheFilled: cache.filled || !!cache.pending, cacheIncomplete: cache.incomplete && !cache.pending, sameAnchor: same,
      });
      if (d.reason === 'registration' && !same) return { suggestions: [], incomplete: true };
      let page = d.fetch ? await refill(cache, place, fetchTips(ctx, model, position)) : cache.pending ? await cache.pending : { items: cache.items, incomplete: cache.incomplete };
      // An incomplete answer to an earlier request (a shorter prefix): ask for this position now.
      if (!d.fetch && page.incomplete && d.reason !== 'registration') page = await refill(cache, place, fetchTips(ctx, model, position));
      const items = page.items;
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
      // Incomplete: Monaco asks again as the word grows instead of filtering this list.
      return { suggestions, incomplete: page.incomplete || d.reason === 'registration' };
    },
  });
}

export { isDelimiter };
