/** Rows of a chart result as columns: lookup by name, numeric checks, ordering, histogram bins. Pure. */
import type { ChartResult, ChartSettings, ChartType } from '@askdb/contracts';
import { TYPE_INFO, type FieldRole } from './types';

export type Cell = string | null;
export type Rows = Pick<ChartResult, 'headerList' | 'dataList'>;
export interface Problem {
  key: 'dashboard.check.missing' | 'dashboard.check.unknown' | 'dashboard.check.notNumeric' | 'dashboard.check.noRows';
  params?: Record<string, string>;
}

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
export const isNumeric = (v: Cell) => v !== null && NUMBER.test(v);
export const num = (v: Cell): number => (v === null ? NaN : Number(v));

export function columnIndex(rows: Rows, name: string | undefined): number {
  if (!name) return -1;
  const exact = rows.headerList.findIndex((h) => h.name === name);
  return exact >= 0 ? exact : rows.headerList.findIndex((h) => h.name.toLowerCase() === name.toLowerCase());
}

/** A column is numeric when every non-null value is a number (the header's type is not trusted: SQLite has none). */
export function numericColumn(rows: Rows, index: number): boolean {
  let seen = false;
  for (const r of rows.dataList) {
    const v = r[index] ?? null;
    if (v === null) continue;
    if (!isNumeric(v)) return false;
    seen = true;
  }
  return seen || rows.headerList[index]?.dataType === 'NUMERIC';
}

/** The field names the settings give each role of the type. */
export function fieldsOf(type: ChartType, s: ChartSettings): Partial<Record<FieldRole, string[]>> {
  const one = (v: string | undefined) => (v ? [v] : []);
  return { x: one(s.xField), y: s.ySeries.map((y) => y.field).filter(Boolean), angle: one(s.angleField), group: one(s.groupField), text: one(s.textField), value: one(s.valueField), bin: one(s.binField) };
}

/** Checks the mapping against the rows before anything is drawn: a missing or unknown field, text on a value axis. */
export function checkFields(type: ChartType, s: ChartSettings, rows: Rows): Problem | null {
  const info = TYPE_INFO[type];
  const fields = fieldsOf(type, s);
  for (const role of info.required) if (!fields[role]?.length) return { key: 'dashboard.check.missing', params: { role } };
  for (const role of [...info.required, ...info.optional]) {
    for (const f of fields[role] ?? []) {
      const i = columnIndex(rows, f);
      if (i < 0) return { key: 'dashboard.check.unknown', params: { field: f, role } };
      if (info.numeric.includes(role) && !numericColumn(rows, i)) return { key: 'dashboard.check.notNumeric', params: { field: f, role } };
    }
  }
  if (type !== 'TABLE' && rows.dataList.length === 0) return { key: 'dashboard.check.noRows' };
  return null;
}

/** Row order for the chart: as the query returned them, or by x or the first y, ascending or descending. */
export function orderRows(rows: Cell[][], s: ChartSettings, xIndex: number, yIndex: number): Cell[][] {
  if (s.orderBy === 'DATA') return rows;
  const i = s.orderBy === 'X' ? xIndex : yIndex;
  if (i < 0) return rows;
  const numeric = rows.every((r) => r[i] === null || isNumeric(r[i]!));
  const sign = s.orderRule === 'DESC' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const va = a[i] ?? null;
    const vb = b[i] ?? null;
    if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
    return sign * (numeric ? num(va) - num(vb) : va.localeCompare(vb));
  });
}

/** Equal-width bins of a numeric column: labels "a – b" and counts. */
export function histogram(values: number[], bins: number): { labels: string[]; counts: number[] } {
  const finite = values.filter(Number.isFinite);
  if (!finite.length) return { labels: [], counts: [] };
  let min = Infinity;
  let max = -Infinity;
  for (const v of finite) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const n = min === max ? 1 : Math.max(1, bins);
  const width = (max - min) / n || 1;
  const counts = new Array<number>(n).fill(0);
  for (const v of finite) counts[Math.min(n - 1, Math.floor((v - min) / width))]!++;
  const fmt = (v: number) => String(Number(v.toPrecision(6)));
  const labels = counts.map((_, k) => `${fmt(min + k * width)} – ${fmt(min === max ? max : min + (k + 1) * width)}`);
  return { labels, counts };
}

/** Waterfall steps: each bar starts where the previous ended (invisible base), rises or falls. */
export function waterfall(values: number[]): { base: number[]; up: (number | '-')[]; down: (number | '-')[] } {
  const base: number[] = [];
  const up: (number | '-')[] = [];
  const down: (number | '-')[] = [];
  let level = 0;
  for (const v of values) {
    const next = level + v;
    base.push(Math.min(level, next));
    up.push(v >= 0 ? v : '-');
    down.push(v < 0 ? -v : '-');
    level = next;
  }
  return { base, up, down };
}
