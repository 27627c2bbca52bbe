/**
 * What each editor model is bound to (console, data source, database, schema, engine type): the SQL
 * intelligence providers are registered once per language, so they read the binding of the model they
 * are asked about. A change of binding resets that model's completion cache (spec 01 §4).
 */
export interface SqlContext {
  consoleId: number | null;
  dataSourceId: number | null;
  databaseName: string | null;
  schemaName: string | null;
  databaseType: string | null;
  keywordCase: 'off' | 'upper' | 'lower';
}

interface Entry {
  ctx: SqlContext;
  /** When this binding was registered: tips within 300 ms of it come from the cache. */
  registeredAt: number;
  key: string;
}

const contexts = new Map<string, Entry>();
const listeners = new Set<(uri: string) => void>();

export const contextKey = (c: SqlContext) => [c.consoleId, c.dataSourceId, c.databaseName, c.schemaName, c.databaseType, c.keywordCase].join('\u0001');

/** Binds a model (by URI string) to a context. Returns true when the binding changed. */
export function setSqlContext(uri: string, ctx: SqlContext, now = Date.now()): boolean {
  const key = contextKey(ctx);
  const prev = contexts.get(uri);
  if (prev && prev.key === key) return false;
  contexts.set(uri, { ctx, registeredAt: now, key });
  listeners.forEach((l) => l(uri));
  return true;
}

export function getSqlContext(uri: string): Entry | undefined {
  return contexts.get(uri);
}

export function clearSqlContext(uri: string): void {
  contexts.delete(uri);
  listeners.forEach((l) => l(uri));
}

export function onSqlContextChange(l: (uri: string) => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
