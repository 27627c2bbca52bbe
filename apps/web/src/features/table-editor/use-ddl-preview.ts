/**
 * The live DDL preview: the server's statements for the edited table, asked for once the user has
 * paused for a moment; an older answer never replaces a newer one. `pending` is true while the
 * statements shown are not those of the current edit.
 */
import { useEffect, useMemo, useState } from 'react';
import type { TableEditSqlInput } from '@askdb/contracts';
import type { Location } from '../workspace/meta-api';
import { tableEditApi } from './edit-api';

export const PREVIEW_DELAY_MS = 250;

type Request = Omit<TableEditSqlInput, 'dataSourceId' | 'databaseName' | 'schemaName'>;
interface Answer { key: string; sql: string[]; error: string | null }

export function useDdlPreview(loc: Location, request: Request | null): { sql: string[]; error: string | null; pending: boolean } {
  const key = useMemo(() => (request ? JSON.stringify([loc.dataSourceId, loc.databaseName ?? null, loc.schemaName ?? null, request]) : ''), [loc, request]);
  const [answer, setAnswer] = useState<Answer>({ key: '', sql: [], error: null });
  useEffect(() => {
    if (!request) {
      setAnswer({ key: '', sql: [], error: null });
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      tableEditApi.sql(loc, request, abort.signal).then(
        (r) => setAnswer({ key, sql: r.statements, error: null }),
        (e: Error) => {
          if (e.name !== 'AbortError') setAnswer({ key, sql: [], error: e.message });
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
    // The key stands for loc and request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const pending = !!request && answer.key !== key;
  return { sql: request ? answer.sql : [], error: pending || !request ? null : answer.error, pending };
}
