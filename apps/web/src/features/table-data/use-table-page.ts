/** Loads a table's columns and one page of rows (filter, sort, paging), and counts the filtered rows. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Dialect } from '@askdb/sql';
import { metaApi, type ColumnItem, type Location } from '../workspace/meta-api';
import type { Cell, GridColumn } from './dml';
import { countSql, pageSql } from './query';

export interface PageState {
  columns: GridColumn[];
  rows: Cell[][];
  hasNext: boolean;
  total: number | null;
  loading: boolean;
  error: string | null;
  /** Whether the table's own column list was available (editing needs it). */
  known: boolean;
}

export interface PageParams {
  where: string;
  sort: { column: string; desc: boolean } | null;
  page: number;
  pageSize: number;
}

export function useTablePage(loc: Location, table: string, tableName: string, d: Dialect, view: boolean, params: PageParams) {
  const [state, setState] = useState<PageState>({ columns: [], rows: [], hasNext: false, total: null, loading: true, error: null, known: false });
  const meta = useRef<ColumnItem[] | null>(null);
  const seq = useRef(0);

  const load = useCallback(async (refreshMeta = false) => {
    const my = ++seq.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      if (!meta.current || refreshMeta) {
        const tl = { ...loc, tableName };
        meta.current = await (view ? metaApi.viewColumns(tl, refreshMeta) : metaApi.columns(tl, refreshMeta)).catch(() => []);
      }
      const cols = meta.current;
      const pk = cols.filter((c) => c.primaryKey).map((c) => c.name);
      const orderBy = params.sort ? [params.sort] : pk.map((column) => ({ column, desc: false }));
      const sql = pageSql(d, table, { where: params.where, orderBy, limit: params.pageSize + 1, offset: params.page * params.pageSize });
      const [r] = await metaApi.execute(loc, sql, { pageSize: params.pageSize + 1, errorContinue: false });
      if (my !== seq.current) return;
      if (!r || !r.success) {
        setState((s) => ({ ...s, loading: false, error: r?.message ?? 'No result', rows: [], hasNext: false }));
        return;
      }
      const byName = new Map(cols.map((c) => [c.name, c]));
      const columns: GridColumn[] = r.headerList.map((h) => {
        const c = byName.get(h.name);
        return { name: h.name, dataType: c?.dataType ?? h.dataType, columnType: c?.columnType ?? h.columnType, primaryKey: !!c?.primaryKey, nullable: c ? c.nullable : true, autoIncrement: !!c?.autoIncrement };
      });
      setState((s) => ({ ...s, columns, rows: r.dataList.slice(0, params.pageSize), hasNext: r.dataList.length > params.pageSize || r.hasMore, loading: false, known: cols.length > 0 }));
      metaApi.execute(loc, countSql(table, params.where), { errorContinue: false }).then(
        ([c]) => my === seq.current && setState((s) => ({ ...s, total: c?.success && c.dataList[0] ? Number(c.dataList[0][0]) : null })),
        () => {},
      );
    } catch (e) {
      if (my === seq.current) setState((s) => ({ ...s, loading: false, error: (e as Error).message }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loc.dataSourceId, loc.databaseName, loc.schemaName, table, params.where, params.sort?.column, params.sort?.desc, params.page, params.pageSize]);

  useEffect(() => {
    void load();
  }, [load]);

  return { ...state, reload: load, hasPrimaryKey: state.columns.some((c) => c.primaryKey) };
}
