/**
 * A lean virtualised grid: absolutely positioned rows (28 px) and cells with fixed, resizable column
 * widths; only the rows and columns in view are in the DOM, so a million-row result scrolls like ten.
 * Cells are text nodes only. Rows past the loaded ones are fetched as the user scrolls near the end.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent as ReactMouseEvent } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResultHeader } from '@askdb/contracts';
import { LIMITS } from '@askdb/contracts';
import { HEADER_HEIGHT, MIN_COLUMN_WIDTH, ROW_HEIGHT, ROW_NUMBER_WIDTH, columnOffsets, columnRange, defaultWidth, rowRange, scrollTopFor, verticalGeometry, virtualTop } from './grid-layout.js';
import { normalize, type CellRange } from './grid-selection.js';
import type { CopyFormat } from './copy-formats.js';
import type { SortSpec } from './grid-view.js';
import { ColumnTypeIcon } from './ColumnTypeIcon.js';
import { CellViewer } from './CellViewer.js';
import './grid.css';

type Row = (string | null)[];

export interface DataGridProps {
  headers: ResultHeader[];
  rows: Row[];
  /** Displayed order (filter/sort) as indices into rows; null = load order. */
  view: Int32Array | null;
  version: number;
  canLoadMore: boolean;
  loading: boolean;
  onLoadMore(): void;
  onLoadAll(): Promise<void>;
  sort: SortSpec | null;
  onSort(s: SortSpec | null): void;
  onCopy(format: CopyFormat, range: CellRange): void;
}

const DISPLAY_CHARS = 400;
const TOOLTIP_CHARS = 10_000;

export function DataGrid(p: DataGridProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, left: 0 });
  const [size, setSize] = useState({ w: 800, h: 300 });
  const [widths, setWidths] = useState<number[]>(() => p.headers.map((h, c) => defaultWidth(h, p.rows, c)));
  const [sel, setSel] = useState<CellRange | null>(null);
  const [tip, setTip] = useState<{ text: string; x: number; y: number } | null>(null);
  const tipTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tipCell = useRef<string>('');
  const dragging = useRef(false);
  const [viewer, setViewer] = useState<{ r: number; c: number } | null>(null);

  const count = p.view ? p.view.length : p.rows.length;
  const showLoadingRow = p.canLoadMore && !p.view;
  const rowCount = count + (showLoadingRow ? 1 : 0);
  const geometry = verticalGeometry(rowCount);
  const { offsets, total: totalWidth } = useMemo(() => columnOffsets(widths), [widths]);
  const vTop = virtualTop(scroll.top, geometry, size.h);
  const rr = rowRange(vTop, size.h, rowCount);
  const cr = p.headers.length ? columnRange(scroll.left, size.w, offsets, widths) : { first: 0, last: -1 };
  const rowAt = (r: number) => p.rows[p.view ? p.view[r]! : r];
  const originalIndex = (r: number) => (p.view ? p.view[r]! : r);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    setSize({ w: el.clientWidth, h: el.clientHeight });
    return () => ro.disconnect();
  }, []);

  // Near the end of the loaded rows: fetch the next chunk.
  useEffect(() => {
    if (p.canLoadMore && !p.loading && rr.last >= count - Math.max(200, Math.ceil(size.h / ROW_HEIGHT) * 2)) p.onLoadMore();
  }, [rr.last, count, p.canLoadMore, p.loading, size.h, p]);

  const frame = useRef(0);
  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const el = scroller.current;
      if (el) setScroll({ top: el.scrollTop, left: el.scrollLeft });
    });
    hideTip();
  }, []);

  function hideTip() {
    clearTimeout(tipTimer.current);
    tipCell.current = '';
    setTip(null);
  }

  const cellFromEvent = (e: { target: EventTarget | null }): { r: number; c: number } | null => {
    const el = (e.target as HTMLElement | null)?.closest?.('[data-r]') as HTMLElement | null;
    if (!el) return null;
    return { r: Number(el.dataset.r), c: el.dataset.c === undefined ? -1 : Number(el.dataset.c) };
  };

  const select = (r: number, c: number, extend: boolean) => {
    const nCols = p.headers.length;
    if (c === -1) {
      // Row number: whole row(s).
      setSel((s) => (extend && s ? { ...s, r1: r, c0: 0, c1: nCols - 1 } : { r0: r, r1: r, c0: 0, c1: nCols - 1 }));
    } else setSel((s) => (extend && s ? { ...s, r1: r, c1: c } : { r0: r, r1: r, c0: c, c1: c }));
  };

  // A double-clicked cell opens the value viewer with its whole value.
  const openViewer = (e: ReactMouseEvent) => {
    const cell = cellFromEvent(e);
    if (!cell || cell.c < 0 || cell.r >= count) return;
    hideTip();
    setViewer(cell);
  };

  const onMouseDown = (e: ReactMouseEvent) => {
    hideTip();
    const cell = cellFromEvent(e);
    if (!cell || cell.r >= count) return;
    if (e.button === 2) {
      // Right click inside the selection keeps it for the menu.
      const s = sel && normalize(sel);
      if (s && cell.r >= s.r0 && cell.r <= s.r1 && (cell.c === -1 || (cell.c >= s.c0 && cell.c <= s.c1))) return;
    }
    select(cell.r, cell.c, e.shiftKey);
    dragging.current = e.button === 0;
    root.current?.focus({ preventScroll: true });
  };
  const onMouseOver = (e: ReactMouseEvent) => {
    const cell = cellFromEvent(e);
    if (dragging.current && cell && cell.r < count && (e.buttons & 1)) select(cell.r, cell.c, true);
    if (!cell || cell.c < 0 || cell.r >= count) return hideTip();
    const key = `${cell.r}:${cell.c}`;
    if (tipCell.current === key) return;
    hideTip();
    tipCell.current = key;
    const target = (e.target as HTMLElement).closest('[data-r]') as HTMLElement;
    tipTimer.current = setTimeout(() => {
      const v = rowAt(cell.r)?.[cell.c];
      const box = target.getBoundingClientRect();
      const host = root.current!.getBoundingClientRect();
      setTip({ text: v === null || v === undefined ? 'NULL' : v.length > TOOLTIP_CHARS ? v.slice(0, TOOLTIP_CHARS) + '…' : v, x: box.left - host.left, y: box.bottom - host.top + 2 });
    }, LIMITS.cellTooltipDelayMs);
  };
  useEffect(() => {
    const up = () => (dragging.current = false);
    window.addEventListener('mouseup', up);
    return () => {
      window.removeEventListener('mouseup', up);
      clearTimeout(tipTimer.current);
    };
  }, []);

  const scrollRowIntoView = (r: number) => {
    const el = scroller.current;
    if (!el) return;
    const top = r * ROW_HEIGHT;
    if (top < vTop) el.scrollTop = scrollTopFor(top, geometry, size.h);
    else if (top + ROW_HEIGHT > vTop + size.h) el.scrollTop = scrollTopFor(top + ROW_HEIGHT - size.h, geometry, size.h);
  };

  const goToEnd = async () => {
    await p.onLoadAll();
    requestAnimationFrame(() => {
      const el = scroller.current;
      if (el) el.scrollTop = el.scrollHeight;
    });
  };

  const onKeyDown = (e: ReactKeyboardEvent) => {
    const mod = e.metaKey || e.ctrlKey;
    const nCols = p.headers.length;
    if (mod && e.key.toLowerCase() === 'c' && sel) {
      e.preventDefault();
      p.onCopy('text', normalize(sel));
      return;
    }
    if (mod && e.key.toLowerCase() === 'a') {
      e.preventDefault();
      if (count) setSel({ r0: 0, r1: count - 1, c0: 0, c1: nCols - 1 });
      return;
    }
    if (mod && e.key === 'End') {
      e.preventDefault();
      void goToEnd();
      return;
    }
    if (mod && e.key === 'Home') {
      e.preventDefault();
      if (scroller.current) scroller.current.scrollTop = 0;
      return;
    }
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], PageUp: [-Math.floor(size.h / ROW_HEIGHT), 0], PageDown: [Math.floor(size.h / ROW_HEIGHT), 0] };
    const mv = moves[e.key];
    if (mv && count) {
      e.preventDefault();
      const cur = sel ? { r: sel.r1, c: sel.c1 } : { r: 0, c: 0 };
      const r = Math.max(0, Math.min(count - 1, cur.r + mv[0]));
      const c = Math.max(0, Math.min(nCols - 1, cur.c + mv[1]));
      select(r, c, e.shiftKey);
      scrollRowIntoView(r);
    }
  };

  const startResize = (c: number, e: ReactMouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const x0 = e.clientX;
    const w0 = widths[c]!;
    const move = (ev: MouseEvent) => setWidths((ws) => ws.map((w, i) => (i === c ? Math.max(MIN_COLUMN_WIDTH, w0 + ev.clientX - x0) : w)));
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  const cycleSort = (c: number) => {
    const s = p.sort;
    if (!s || s.column !== c) p.onSort({ column: c, dir: 'asc' });
    else if (s.dir === 'asc') p.onSort({ column: c, dir: 'desc' });
    else p.onSort(null);
  };

  const selN = sel ? normalize(sel) : null;
  const menu: MenuProps = {
    items: [
      { key: 'text', label: t('results.copy.text'), disabled: !selN },
      { key: 'tsv', label: t('results.copy.tsv'), disabled: !selN },
      { key: 'json', label: t('results.copy.json'), disabled: !selN },
      { key: 'insert', label: t('results.copy.insert'), disabled: !selN },
      { type: 'divider' },
      { key: 'row', label: t('results.copy.row'), disabled: !selN },
      { key: 'column', label: t('results.copy.column'), disabled: !selN },
      { type: 'divider' },
      { key: 'all', label: t('results.selectAll') },
    ],
    onClick: ({ key }) => {
      if (key === 'all') return count && setSel({ r0: 0, r1: count - 1, c0: 0, c1: p.headers.length - 1 });
      if (!selN) return;
      if (key === 'row') return p.onCopy('tsv', { ...selN, c0: 0, c1: p.headers.length - 1 });
      if (key === 'column') return p.onCopy('tsv', { ...selN, r0: 0, r1: count - 1 });
      p.onCopy(key as CopyFormat, selN);
    },
  };

  const rowsOut = [];
  for (let r = rr.first; r <= rr.last; r++) {
    const top = geometry.total <= geometry.spacer ? r * ROW_HEIGHT : scroll.top + (r * ROW_HEIGHT - vTop);
    const style: CSSProperties = { top, width: totalWidth, height: ROW_HEIGHT };
    if (r >= count) {
      rowsOut.push(
        <div key="loading" className="askdb-grid-row askdb-grid-loading" style={style} data-testid="grid-loading-row">
          <div className="askdb-grid-rownum" />
          <div className="askdb-grid-cell" style={{ left: ROW_NUMBER_WIDTH, width: Math.max(240, size.w - ROW_NUMBER_WIDTH) }}>{t('results.loadingMore')}</div>
        </div>,
      );
      continue;
    }
    const row = rowAt(r)!;
    const rowSelected = selN && r >= selN.r0 && r <= selN.r1;
    const cells = [];
    for (let c = cr.first; c <= cr.last; c++) {
      const v = row[c];
      const isNull = v === null || v === undefined;
      const selected = rowSelected && c >= selN!.c0 && c <= selN!.c1;
      cells.push(
        <div
          key={c}
          className={'askdb-grid-cell' + (isNull ? ' is-null' : '') + (selected ? ' is-selected' : '') + (p.headers[c]?.dataType === 'NUMERIC' ? ' is-numeric' : '')}
          style={{ left: offsets[c], width: widths[c] }}
          data-r={r}
          data-c={c}
          data-null={isNull ? 'true' : undefined}
          role="gridcell"
        >
          {isNull ? 'NULL' : v.length > DISPLAY_CHARS ? v.slice(0, DISPLAY_CHARS) + '…' : v}
        </div>,
      );
    }
    rowsOut.push(
      <div key={r} className={'askdb-grid-row' + (r % 2 ? ' is-odd' : '') + (rowSelected ? ' is-selected-row' : '')} style={style} role="row" aria-rowindex={r + 1} data-row={r}>
        <div className="askdb-grid-rownum" data-r={r} role="rowheader">
          {originalIndex(r) + 1}
        </div>
        {cells}
      </div>,
    );
  }

  return (
    <div ref={root} className="askdb-grid" data-testid="result-grid" tabIndex={0} onKeyDown={onKeyDown} role="grid" aria-rowcount={count} aria-colcount={p.headers.length} onMouseLeave={hideTip}>
      <div className="askdb-grid-header" style={{ height: HEADER_HEIGHT }}>
        <div style={{ position: 'absolute', left: 0, top: 0, height: HEADER_HEIGHT, width: totalWidth, transform: `translateX(${-scroll.left}px)` }}>
          <div className="askdb-grid-corner" style={{ width: ROW_NUMBER_WIDTH, transform: `translateX(${scroll.left}px)` }} title={t('results.selectAll')} onClick={() => count && setSel({ r0: 0, r1: count - 1, c0: 0, c1: p.headers.length - 1 })} />
          {p.headers.slice(cr.first, cr.last + 1).map((h, i) => {
            const c = cr.first + i;
            const sorted = p.sort?.column === c ? p.sort.dir : null;
            return (
              <div key={c} className="askdb-grid-hcell" style={{ left: offsets[c], width: widths[c] }} data-testid={`grid-header-${c}`} title={`${h.name}\n${h.columnType} (${h.dataType})`} onClick={() => count && setSel({ r0: 0, r1: count - 1, c0: c, c1: c })}>
                <div className="askdb-grid-hname"><ColumnTypeIcon specType={h.columnType} nativeType={h.dataType} className="askdb-grid-hicon" />{h.name}</div>
                <div className="askdb-grid-htype" data-testid={`grid-type-${c}`}>{h.columnType || h.dataType}</div>
                <button
                  type="button"
                  className={'askdb-grid-sort' + (sorted ? ' is-active' : '')}
                  data-testid={`grid-sort-${c}`}
                  aria-label={t('results.sort')}
                  onClick={(e) => {
                    e.stopPropagation();
                    cycleSort(c);
                  }}
                >
                  {sorted === 'asc' ? <ArrowUpOutlined /> : sorted === 'desc' ? <ArrowDownOutlined /> : <SwapOutlined rotate={90} />}
                </button>
                <div className="askdb-grid-resize" onMouseDown={(e) => startResize(c, e)} data-testid={`grid-resize-${c}`} />
              </div>
            );
          })}
        </div>
      </div>
      <Dropdown menu={menu} trigger={['contextMenu']}>
        <div ref={scroller} className="askdb-grid-body" onScroll={onScroll} onMouseDown={onMouseDown} onMouseOver={onMouseOver} onDoubleClick={openViewer} data-testid="grid-body">
          <div className="askdb-grid-spacer" style={{ height: geometry.spacer, width: totalWidth }}>
            {rowsOut}
          </div>
        </div>
      </Dropdown>
      {viewer && p.headers[viewer.c] && rowAt(viewer.r) && (
        <CellViewer header={p.headers[viewer.c]!} row={originalIndex(viewer.r) + 1} value={rowAt(viewer.r)![viewer.c] ?? null} onClose={() => setViewer(null)} />
      )}
      {tip && (
        <div className="askdb-grid-tooltip" role="tooltip" data-testid="grid-tooltip" style={{ left: Math.min(tip.x, Math.max(0, size.w - 420)), top: tip.y }}>
          {tip.text}
        </div>
      )}
    </div>
  );
}
