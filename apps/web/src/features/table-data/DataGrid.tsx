/**
 * The table-data grid: a row number column, sortable headers with types, cells rendered as text
 * (never HTML), NULL shown apart from an empty string, pending edits marked, in-cell editing.
 */
import { memo, type MouseEvent } from 'react';
import { CaretDownOutlined, CaretUpOutlined, KeyOutlined } from '@ant-design/icons';
import type { Cell, GridColumn } from './dml';
import type { EditState, RowRef } from './edits';
import { CellEditor } from './CellEditor';

export interface SortState { column: string; desc: boolean }
export interface GridRow {
  ref: RowRef;
  values: (Cell | undefined)[];
  original?: Cell[];
  deleted?: boolean;
  isNew?: boolean;
}
export const refKey = (r: RowRef) => `${r.kind}:${r.index}`;

export function displayRows(rows: Cell[][], edits: EditState): GridRow[] {
  return [
    ...rows.map((r, index) => ({ ref: { kind: 'row' as const, index }, values: edits.updates[index] ?? r, original: r, deleted: !!edits.deleted[index] })),
    ...edits.inserts.map((values, index) => ({ ref: { kind: 'new' as const, index }, values, isNew: true })),
  ];
}

interface Props {
  columns: GridColumn[];
  rows: GridRow[];
  rowOffset: number;
  readOnly: boolean;
  sort: SortState | null;
  onSort(column: string): void;
  selectedCell: { row: string; col: number } | null;
  onSelectCell(row: string, col: number): void;
  selectedRows: Set<string>;
  onRowHeader(row: string, e: MouseEvent): void;
  /** Asked before the first edit (tables without a primary key warn). */
  canEdit(): Promise<boolean>;
  onEdit(ref: RowRef, col: number, value: Cell): void;
  onCellMenu(row: GridRow, col: number, e: MouseEvent): void;
  editing: { row: string; col: number } | null;
  onEditing(e: { row: string; col: number } | null): void;
}

function CellText({ v }: { v: Cell | undefined }) {
  if (v === undefined) return <span className="askdb-cell-default">(default)</span>;
  if (v === null) return <span className="askdb-cell-nullv">NULL</span>;
  return <>{v.length > 500 ? v.slice(0, 500) + '…' : v.replace(/\r?\n/g, '⏎')}</>;
}

export const DataGrid = memo(function DataGrid(p: Props) {
  const { editing, onEditing: setEditing } = p;
  const sample = (col: number) => p.rows.slice(0, 20).map((r) => r.values[col]);

  const startEdit = async (row: GridRow, col: number) => {
    if (p.readOnly || row.deleted || p.columns[col]!.dataType === 'BINARY') return;
    if (!(await p.canEdit())) return;
    setEditing({ row: refKey(row.ref), col });
  };

  return (
    <table className="askdb-tdg" data-testid="data-grid" role="grid" aria-readonly={p.readOnly}>
      <thead>
        <tr>
          <th className="askdb-tdg-rownum">#</th>
          {p.columns.map((c) => {
            const sorted = p.sort?.column === c.name ? p.sort : null;
            return (
              <th key={c.name} onClick={() => p.onSort(c.name)} title={`${c.name} ${c.columnType}`} data-testid="grid-header" data-column={c.name}>
                <span className="askdb-tdg-hname">
                  {c.primaryKey && <KeyOutlined style={{ color: '#e0a030', marginRight: 4 }} />}
                  {c.name}
                </span>
                <span className="askdb-tdg-htype">{c.columnType.toLowerCase()}</span>
                {sorted && (sorted.desc ? <CaretDownOutlined className="askdb-tdg-sort" /> : <CaretUpOutlined className="askdb-tdg-sort" />)}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {p.rows.map((row, i) => {
          const key = refKey(row.ref);
          const cls = [row.deleted ? 'is-deleted' : '', row.isNew ? 'is-new' : '', p.selectedRows.has(key) ? 'is-selected' : ''].join(' ');
          return (
            <tr key={key} className={cls} data-testid="grid-row" data-row={key}>
              <td className="askdb-tdg-rownum" onClick={(e) => p.onRowHeader(key, e)}>
                {row.isNew ? '+' : p.rowOffset + i + 1}
              </td>
              {p.columns.map((c, col) => {
                const v = row.values[col];
                const changed = !row.isNew && row.original && v !== row.original[col];
                const isSel = p.selectedCell?.row === key && p.selectedCell.col === col;
                const isEditing = editing?.row === key && editing.col === col;
                return (
                  <td
                    key={c.name}
                    className={`${changed ? 'is-changed' : ''}${isSel ? ' is-active' : ''}${c.dataType === 'NUMERIC' ? ' is-num' : ''}`}
                    data-testid="grid-cell"
                    data-column={c.name}
                    data-null={v === null ? 'true' : undefined}
                    title={typeof v === 'string' && v.length > 30 ? v.slice(0, 2000) : undefined}
                    onMouseDown={() => p.onSelectCell(key, col)}
                    onDoubleClick={() => void startEdit(row, col)}
                    onContextMenu={(e) => {
                      e.preventDefault();
                      p.onSelectCell(key, col);
                      p.onCellMenu(row, col, e);
                    }}
                  >
                    {isEditing ? (
                      <CellEditor
                        column={c}
                        value={v}
                        sample={sample(col)}
                        onCommit={(nv) => {
                          setEditing(null);
                          if (nv !== v) p.onEdit(row.ref, col, nv);
                        }}
                        onCancel={() => setEditing(null)}
                        onTab={(nv, back) => {
                          if (nv !== v) p.onEdit(row.ref, col, nv);
                          const next = back ? col - 1 : col + 1;
                          if (next >= 0 && next < p.columns.length) {
                            p.onSelectCell(key, next);
                            setEditing({ row: key, col: next });
                          } else setEditing(null);
                        }}
                      />
                    ) : (
                      <CellText v={v} />
                    )}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
});
