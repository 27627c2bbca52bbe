/** The list behind the "view all tables/views" tabs: loads a database/schema's objects, filters them by name or comment. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isSelectionComplete, type DatabaseType } from '@askdb/contracts';
import type { TabTarget } from './open-tabs';
import type { WorkspaceTab } from './tabs-store';

export interface ObjectList<T> {
  target: TabTarget;
  rows: T[] | null;
  setRows: (rows: T[] | null) => void;
  error: Error | null;
  search: string;
  setSearch: (q: string) => void;
  /** The rows whose name or comment holds the search text. */
  shown: T[];
  load: (refresh?: boolean) => void;
}

export function useObjectList<T extends { name: string; comment?: string | null }>(tab: WorkspaceTab, fetch: (target: TabTarget, refresh: boolean) => Promise<T[]>): ObjectList<T> {
  const [rows, setRows] = useState<T[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [search, setSearch] = useState('');
  const target: TabTarget = { dataSourceId: tab.dataSourceId!, dataSourceName: tab.dataSourceName, databaseType: tab.databaseType as DatabaseType, databaseName: tab.databaseName, schemaName: tab.schemaName };
  const load = useCallback((refresh = false) => {
    setError(null);
    if (!tab.databaseType || !isSelectionComplete(tab.databaseType as DatabaseType, tab.databaseName, tab.schemaName)) return;
    fetch(target, refresh).then(setRows, (e) => setError(e as Error));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab.dataSourceId, tab.databaseName, tab.schemaName]);
  useEffect(() => load(), [load]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (rows ?? []).filter((r) => !q || r.name.toLowerCase().includes(q) || (r.comment ?? '').toLowerCase().includes(q));
  }, [rows, search]);
  return { target, rows, setRows, error, search, setSearch, shown, load };
}
