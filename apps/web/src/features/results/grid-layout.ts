/**
 * Geometry of the virtualised grid: fixed row height (28 px, spec 01 §9), fixed column widths, and a
 * scroll height capped below what browsers can lay out (a 1,000,000-row result is 28,000,000 px): past
 * the cap, the scrollbar maps proportionally onto the virtual height.
 */
import type { ResultHeader } from '@askdb/contracts';
import { LIMITS } from '@askdb/contracts';

export const ROW_HEIGHT = LIMITS.tableRowHeight;
export const HEADER_HEIGHT = 44;
export const ROW_NUMBER_WIDTH = 64;
/** Below Firefox's ~17.9M px and Chrome's ~33.5M px element height limits. */
export const MAX_SCROLL_HEIGHT = 15_000_000;
export const MIN_COLUMN_WIDTH = 48;

export interface VerticalGeometry {
  total: number;
  spacer: number;
}

export function verticalGeometry(rowCount: number): VerticalGeometry {
  const total = rowCount * ROW_HEIGHT;
  return { total, spacer: Math.min(total, MAX_SCROLL_HEIGHT) };
}

/** The virtual pixel offset shown at the top of the viewport for a scrollTop. */
export function virtualTop(scrollTop: number, g: VerticalGeometry, viewHeight: number): number {
  if (g.total <= g.spacer) return scrollTop;
  const maxScroll = g.spacer - viewHeight;
  if (maxScroll <= 0) return 0;
  return (Math.min(scrollTop, maxScroll) / maxScroll) * (g.total - viewHeight);
}

/** The scrollTop that shows the virtual offset `v` at the top. */
export function scrollTopFor(v: number, g: VerticalGeometry, viewHeight: number): number {
  if (g.total <= g.spacer) return v;
  const maxVirtual = g.total - viewHeight;
  if (maxVirtual <= 0) return 0;
  return (Math.max(0, Math.min(v, maxVirtual)) / maxVirtual) * (g.spacer - viewHeight);
}

/** Rows to render: those in view plus a few either side. */
export function rowRange(vTop: number, viewHeight: number, rowCount: number, overscan = 8): { first: number; last: number } {
  const first = Math.max(0, Math.floor(vTop / ROW_HEIGHT) - overscan);
  const last = Math.min(rowCount - 1, Math.ceil((vTop + viewHeight) / ROW_HEIGHT) + overscan);
  return { first, last };
}

/** Left offsets of each column (after the row-number column) and the total width. */
export function columnOffsets(widths: number[]): { offsets: number[]; total: number } {
  const offsets: number[] = [];
  let x = ROW_NUMBER_WIDTH;
  for (const w of widths) {
    offsets.push(x);
    x += w;
  }
  return { offsets, total: x };
}

/** Columns overlapping the visible horizontal span. */
export function columnRange(scrollLeft: number, viewWidth: number, offsets: number[], widths: number[]): { first: number; last: number } {
  let first = 0;
  while (first < offsets.length - 1 && offsets[first]! + widths[first]! < scrollLeft + ROW_NUMBER_WIDTH) first++;
  let last = first;
  while (last < offsets.length - 1 && offsets[last + 1]! < scrollLeft + viewWidth) last++;
  return { first, last };
}

const CHAR_PX = 7.5;
/** A column's starting width: its header and the widest of the first rows, within 64–360 px. */
export function defaultWidth(h: ResultHeader, rows: (string | null)[][], c: number): number {
  let chars = Math.max(h.name.length + 2, Math.min(h.columnType.length, 16));
  for (let i = 0; i < Math.min(rows.length, 50); i++) chars = Math.max(chars, Math.min((rows[i]![c] ?? 'NULL').length, 60));
  return Math.round(Math.min(360, Math.max(64, chars * CHAR_PX + 24)));
}
