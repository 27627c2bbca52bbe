/**
 * EDIT_TABLE_DATA tab: a paged grid of a table (or a view, read-only) with a WHERE filter, sorting,
 * cell editing, new and deleted rows. Pending changes are shown as SQL and applied in one transaction.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Alert, App, Button, Dropdown, Input, Select, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, LeftOutlined, PlusOutlined, ReloadOutlined, RightOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dialectFor } from '@askdb/sql';
import type { DatabaseType } from '@askdb/contracts';
import type { WorkspaceTab } from '../workspace/tabs-store';
import { tableSqlName } from '../workspace/table-actions';
import { usePendingWork } from '../workspace/pending-changes';
import { writeClipboard as copyText } from '../../lib/clipboard';
import { DataGrid, displayRows, refKey, type GridRow, type SortState } from './DataGrid';
import { editsReducer, emptyEdits, pendingCount, toChanges, type RowRef } from './edits';
import { generateDml, type Cell } from './dml';
import { applyInTransaction, sessionIdFor, type ApplyResult } from './apply';
import { useTablePage } from './use-table-page';
import { ChangesDialog } from './ChangesDialog';
import './table-data.css';

const PAGE_SIZES = [50, 100, 200, 500];

export function TableDataTab({ tab }: { tab: WorkspaceTab }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const type = tab.databaseType as DatabaseType;
  const d = dialectFor(type);
  const loc = useMemo(() => ({ dataSourceId: tab.dataSourceId!, databaseName: tab.databaseName, schemaName: tab.schemaName }), [tab.dataSourceId, tab.databaseName, tab.schemaName]);
  const tableName = tab.tableName!;
  const qualified = tableSqlName({ ...loc, databaseType: type, tableName });
  const view = !!tab.params?.readOnly;

  const [whereDraft, setWhereDraft] = useState('');
  const [where, setWhere] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(100);
  const data = useTablePage(loc, qualified, tableName, d, view, { where, sort, page, pageSize });
  const readOnly = view || !data.known;

  const [edits, dispatch] = useReducer(editsReducer, undefined, emptyEdits);
  const [selectedCell, setSelectedCell] = useState<{ row: string; col: number } | null>(null);
  const [selectedRows, setSelectedRows] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<{ row: string; col: number } | null>(null);
  const [noKeyAccepted, setNoKeyAccepted] = useState(false);
  const [review, setReview] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ApplyResult | null>(null);
  const pending = pendingCount(edits);
  const gridBox = useRef<HTMLDivElement>(null);
  const inserted = edits.inserts.length;
  // Show a row the user just added (new rows sit below the page's rows).
  useEffect(() => {
    if (inserted && gridBox.current) gridBox.current.scrollTop = gridBox.current.scrollHeight;
  }, [inserted]);
  const rows = useMemo(() => displayRows(data.rows, edits), [data.rows, edits]);
  const statements = useMemo(
    () => (review ? generateDml({ dialect: d, databaseType: type, table: qualified, columns: data.columns }, toChanges(edits, data.rows)) : []),
    [review, d, type, qualified, data.columns, edits, data.rows],
  );

  const confirmDiscard = (then: () => void) => {
    if (!pending) return then();
    modal.confirm({
      title: t('tableData.discardTitle', { count: pending }),
      okText: t('tableData.discard'),
      okButtonProps: { danger: true },
      onOk: () => {
        dispatch({ type: 'reset' });
        then();
      },
    });
  };
  const go = (fn: () => void) => confirmDiscard(() => {
    setSelectedRows(new Set());
    setSelectedCell(null);
    fn();
  });

  const canEdit = useCallback(async () => {
    if (readOnly) return false;
    if (data.hasPrimaryKey || noKeyAccepted) return true;
    const ok = await modal.confirm({ title: t('tableData.noKey.title'), content: t('tableData.noKey.body'), okText: t('tableData.noKey.ok') });
    if (ok) setNoKeyAccepted(true);
    return !!ok;
  }, [readOnly, data.hasPrimaryKey, noKeyAccepted, modal, t]);

  const findRow = (key: string): GridRow | undefined => rows.find((r) => refKey(r.ref) === key);
  const targetRefs = (): RowRef[] => {
    const keys = selectedRows.size ? [...selectedRows] : selectedCell ? [selectedCell.row] : [];
    return keys.map(findRow).filter((r): r is GridRow => !!r).map((r) => r.ref);
  };

  const addRow = async () => {
    if (!(await canEdit())) return;
    dispatch({ type: 'add', width: data.columns.length });
    const key = `new:${edits.inserts.length}`;
    const first = data.columns.findIndex((c) => !c.autoIncrement);
    setSelectedCell({ row: key, col: Math.max(0, first) });
  };
  const deleteRows = async () => {
    const refs = targetRefs();
    if (!refs.length || !(await canEdit())) return;
    dispatch({ type: 'delete', refs });
    setSelectedRows(new Set());
  };
  const setCell = (ref: RowRef, col: number, value: Cell) => dispatch({ type: 'set', ref, col, value, rows: data.rows });

  const apply = async () => {
    setBusy(true);
    setResult(null);
    try {
      const r = await applyInTransaction(loc, d, statements, sessionIdFor(tab.id));
      setResult(r);
      if (r.ok) {
        void message.success(t('tableData.applied', { count: statements.length }));
        setReview(false);
        dispatch({ type: 'reset' });
        setSelectedRows(new Set());
        await data.reload();
      }
    } finally {
      setBusy(false);
    }
  };

  // Closing the tab, leaving or signing out with edits not applied asks first; "apply" there runs
  // them like the review dialog does and, when they fail, opens that dialog with the reason.
  usePendingWork(
    tab.id,
    pending,
    async () => {
      const all = generateDml({ dialect: d, databaseType: type, table: qualified, columns: data.columns }, toChanges(edits, data.rows));
      setResult(null);
      const r = await applyInTransaction(loc, d, all, sessionIdFor(tab.id));
      if (!r.ok) {
        setResult(r);
        setReview(true);
        return false;
      }
      dispatch({ type: 'reset' });
      return true;
    },
    () => dispatch({ type: 'reset' }),
  );

  const onRowHeader = (key: string, e: MouseEvent) => {
    setSelectedRows((prev) => {
      const next = new Set(e.metaKey || e.ctrlKey ? prev : []);
      if (e.shiftKey && prev.size) {
        const keys = rows.map((r) => refKey(r.ref));
        const last = keys.indexOf([...prev].pop()!);
        const cur = keys.indexOf(key);
        for (let i = Math.min(last, cur); i <= Math.max(last, cur); i++) next.add(keys[i]!);
      } else if (prev.has(key) && (e.metaKey || e.ctrlKey)) next.delete(key);
      else next.add(key);
      return next;
    });
  };

  const [cellMenu, setCellMenu] = useState<{ row: GridRow; col: number; x: number; y: number } | null>(null);
  const onCellMenu = useCallback((row: GridRow, col: number, e: MouseEvent) => setCellMenu({ row, col, x: e.clientX, y: e.clientY }), []);
  const cellMenuItems = cellMenu
    ? [
        { key: 'copy', label: t('tableData.menu.copy') },
        ...(!readOnly && !cellMenu.row.deleted && data.columns[cellMenu.col]!.dataType !== 'BINARY'
          ? [
              { key: 'null', label: t('tableData.setNull'), disabled: data.columns[cellMenu.col]!.nullable === false },
              { key: 'empty', label: t('tableData.menu.setEmpty') },
            ]
          : []),
        ...(!readOnly ? [{ type: 'divider' as const }, { key: 'delete', label: t('tableData.menu.deleteRow'), danger: true }, { key: 'revert', label: t('tableData.menu.revertRow') }] : []),
      ]
    : [];
  const onCellMenuClick = async (key: string) => {
    const m = cellMenu!;
    setCellMenu(null);
    const v = m.row.values[m.col];
    if (key === 'copy') {
      if (await copyText(v ?? 'NULL')) void message.success(t('tableData.copied'));
    } else if (key === 'null' || key === 'empty') {
      if (await canEdit()) setCell(m.row.ref, m.col, key === 'null' ? null : '');
    } else if (key === 'delete') {
      if (await canEdit()) dispatch({ type: 'delete', refs: [m.row.ref] });
    } else if (key === 'revert') dispatch({ type: 'revert', refs: [m.row.ref] });
  };

  const onKeyDown = async (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing || !selectedCell) return;
    const keys = rows.map((r) => refKey(r.ref));
    const ri = keys.indexOf(selectedCell.row);
    const move = (dr: number, dc: number) => {
      const r = keys[Math.max(0, Math.min(keys.length - 1, ri + dr))];
      const c = Math.max(0, Math.min(data.columns.length - 1, selectedCell.col + dc));
      if (r) setSelectedCell({ row: r, col: c });
    };
    if (e.key === 'ArrowDown') move(1, 0);
    else if (e.key === 'ArrowUp') move(-1, 0);
    else if (e.key === 'ArrowLeft') move(0, -1);
    else if (e.key === 'ArrowRight') move(0, 1);
    else if (e.key === 'Enter' || e.key === 'F2') {
      const row = findRow(selectedCell.row);
      if (row && !row.deleted && (await canEdit())) setEditing(selectedCell);
    } else return;
    e.preventDefault();
  };

  const from = page * pageSize + 1;
  const to = page * pageSize + data.rows.length;
  return (
    <div className="askdb-pane" data-testid="table-data-tab">
      <div className="askdb-pane-toolbar">
        <Space.Compact style={{ flex: '1 1 280px', maxWidth: 640 }}>
          <Input
            size="small"
            prefix={<span className="askdb-where-label">WHERE</span>}
            placeholder={t('tableData.wherePlaceholder')}
            value={whereDraft}
            onChange={(e) => setWhereDraft(e.target.value)}
            onPressEnter={() => go(() => { setPage(0); setWhere(whereDraft); })}
            data-testid="where-input"
            allowClear
            aria-label={t('tableData.filter')}
          />
          <Button size="small" onClick={() => go(() => { setPage(0); setWhere(whereDraft); })} data-testid="where-apply">
            {t('tableData.filter')}
          </Button>
        </Space.Compact>
        <Tooltip title={t('tableData.refresh')}>
          <Button size="small" icon={<ReloadOutlined />} onClick={() => go(() => void data.reload(true))} data-testid="data-refresh" aria-label={t('tableData.refresh')} />
        </Tooltip>
        {!readOnly && (
          <>
            <Button size="small" icon={<PlusOutlined />} onClick={() => void addRow()} data-testid="row-add">
              {t('tableData.addRow')}
            </Button>
            <Button size="small" icon={<DeleteOutlined />} onClick={() => void deleteRows()} disabled={!selectedRows.size && !selectedCell} data-testid="row-delete">
              {t('tableData.deleteRows')}
            </Button>
            <Button size="small" icon={<UndoOutlined />} disabled={!pending} onClick={() => dispatch({ type: 'reset' })} data-testid="changes-discard">
              {t('tableData.discard')}
            </Button>
            <Button size="small" type="primary" icon={<SaveOutlined />} disabled={!pending} onClick={() => { setResult(null); setReview(true); }} data-testid="changes-submit">
              {t('tableData.submit', { count: pending })}
            </Button>
          </>
        )}
        {view && <Tag>{t('tableData.readOnlyView')}</Tag>}
      </div>
      {!readOnly && !data.hasPrimaryKey && data.columns.length > 0 && (
        <Alert type="warning" showIcon banner title={t('tableData.noKey.banner')} data-testid="no-key-warning" />
      )}
      {data.error && <Alert type="error" showIcon banner title={data.error} data-testid="data-error" />}
      <div ref={gridBox} className="askdb-pane-body askdb-tdg-wrap" tabIndex={0} onKeyDown={(e) => void onKeyDown(e)}>
        <DataGrid
          columns={data.columns}
          rows={rows}
          rowOffset={page * pageSize}
          readOnly={readOnly}
          sort={sort}
          onSort={(column) => go(() => setSort((s) => (s?.column !== column ? { column, desc: false } : s.desc ? null : { column, desc: true })))}
          selectedCell={selectedCell}
          onSelectCell={(row, col) => setSelectedCell({ row, col })}
          selectedRows={selectedRows}
          onRowHeader={onRowHeader}
          canEdit={canEdit}
          onEdit={setCell}
          onCellMenu={onCellMenu}
          editing={editing}
          onEditing={setEditing}
        />
        {!data.loading && !data.error && rows.length === 0 && <div className="askdb-tdg-empty">{where ? t('tableData.noMatch') : t('tableData.noRows')}</div>}
      </div>
      <div className="askdb-tdg-status">
        <span data-testid="data-status">
          {data.loading ? t('tableData.loading') : data.rows.length ? t('tableData.range', { from, to }) : ''}
          {data.total !== null && !data.loading ? ` ${t('tableData.of', { total: data.total.toLocaleString() })}` : ''}
        </span>
        {pending > 0 && <Tag color="gold" style={{ marginLeft: 8 }}>{t('tableData.pending', { count: pending })}</Tag>}
        <span style={{ marginLeft: 'auto', display: 'flex', gap: 4, alignItems: 'center' }}>
          <Button size="small" type="text" icon={<LeftOutlined />} disabled={page === 0 || data.loading} onClick={() => go(() => setPage((p) => p - 1))} data-testid="page-prev" aria-label={t('tableData.prev')} />
          <span>{t('tableData.page', { page: page + 1 })}</span>
          <Button size="small" type="text" icon={<RightOutlined />} disabled={!data.hasNext || data.loading} onClick={() => go(() => setPage((p) => p + 1))} data-testid="page-next" aria-label={t('tableData.next')} />
          <Select size="small" value={pageSize} onChange={(v) => go(() => { setPage(0); setPageSize(v); })} options={PAGE_SIZES.map((n) => ({ value: n, label: t('tableData.perPage', { n }) }))} style={{ width: 110 }} />
        </span>
      </div>
      <ChangesDialog open={review} statements={statements} busy={busy} result={result} onApply={() => void apply()} onClose={() => setReview(false)} />
      {cellMenu && (
        <Dropdown open menu={{ items: cellMenuItems, onClick: ({ key }) => void onCellMenuClick(key) }} onOpenChange={(o) => !o && setCellMenu(null)} trigger={['contextMenu']}>
          <div style={{ position: 'fixed', left: cellMenu.x, top: cellMenu.y, width: 1, height: 1 }} />
        </Dropdown>
      )}
    </div>
  );
}
