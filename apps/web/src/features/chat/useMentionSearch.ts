/**
 * Candidates for the @table popup: the context's tables searched on the server (debounced
 * 300 ms, page 1000, spec 01 §9), or the elements of the bound AI data collection.
 */
import { useEffect, useState } from 'react';
import { LIMITS } from '@askdb/contracts';
import { searchTables } from './meta.js';
import { collectionsApi } from '../ai-collections/api.js';
import type { ChatContext } from './chat-store.js';
import type { MentionedTable } from './mentions.js';

export interface MentionSearch {
  items: MentionedTable[];
  loading: boolean;
}

export function useMentionSearch(query: string | null, ctx: ChatContext): MentionSearch {
  const [state, setState] = useState<MentionSearch>({ items: [], loading: false });
  useEffect(() => {
    if (query === null) {
      setState({ items: [], loading: false });
      return;
    }
    const ac = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(async () => {
      try {
        let items: MentionedTable[] = [];
        if (ctx.collectionId != null) {
          const q = query.toLowerCase();
          items = (await collectionsApi.elements(ctx.collectionId))
            .filter((e) => e.tableName.toLowerCase().includes(q))
            .map((e) => ({ tableName: e.tableName, tableType: e.type }));
        } else if (ctx.dataSourceId != null) {
          const names = await searchTables({ dataSourceId: ctx.dataSourceId, databaseName: ctx.databaseName, schemaName: ctx.schemaName }, query, ac.signal);
          items = names.map((tableName) => ({ tableName, tableType: 'TABLE' }));
        }
        const seen = new Set<string>();
        items = items.filter((x) => !seen.has(x.tableName) && !!seen.add(x.tableName));
        if (!ac.signal.aborted) setState({ items, loading: false });
      } catch {
        if (!ac.signal.aborted) setState({ items: [], loading: false });
      }
    }, LIMITS.mentionSearchDebounceMs);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [query, ctx.dataSourceId, ctx.databaseName, ctx.schemaName, ctx.collectionId]);
  return state;
}
