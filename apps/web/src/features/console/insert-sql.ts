/**
 * SQL from the AI assistant (window event `askdb:insert-sql` `{ sql, run }`): inserted into the active
 * console at the cursor (on its own line), and run when asked. Without an open console, a new one bound
 * like the active tab receives it once its editor is ready.
 */
import { useTabs, type TabBinding } from '../workspace/tabs-store';
import { openNewConsole } from '../workspace/open-console';

export interface InsertRequest {
  sql: string;
  run?: boolean;
}
type Handler = (r: InsertRequest) => void;

const handlers = new Map<string, Handler>();
const pending = new Map<string, InsertRequest>();
const EDITOR_TABS = new Set(['CONSOLE', 'LOCAL_SQL_FILE']);

/** A mounted console takes insert requests for its tab; a request waiting for it is delivered now. */
export function registerInsertHandler(tabId: string, h: Handler): () => void {
  handlers.set(tabId, h);
  const waiting = pending.get(tabId);
  if (waiting) {
    pending.delete(tabId);
    queueMicrotask(() => h(waiting));
  }
  return () => {
    if (handlers.get(tabId) === h) handlers.delete(tabId);
  };
}

let installed = false;
export function installInsertSqlBridge(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('askdb:insert-sql', (e) => {
    const d = (e as CustomEvent<InsertRequest>).detail;
    if (!d || typeof d.sql !== 'string' || !d.sql.trim()) return;
    const { tabs, activeId } = useTabs.getState();
    const active = tabs.find((t) => t.id === activeId);
    if (active && EDITOR_TABS.has(active.type) && handlers.has(active.id)) return handlers.get(active.id)!(d);
    const b: TabBinding = active ?? {};
    void openNewConsole({ dataSourceId: b.dataSourceId, dataSourceName: b.dataSourceName, databaseType: b.databaseType, databaseName: b.databaseName, schemaName: b.schemaName }).then((tab) => {
      if (!tab) return;
      const h = handlers.get(tab.id);
      if (h) h(d);
      else pending.set(tab.id, d);
    });
  });
}
