/**
 * The chart step: a simple chart when the result has one label column and numeric columns (a line
 * over dates, a pie for a few shares, bars otherwise); null when nothing fits ("No chart matched").
 */
import type { ChartSpec } from '@askdb/contracts';

const MAX_POINTS = 100;
const isNumber = (v: string | null) => v === null || (v.trim() !== '' && Number.isFinite(Number(v)));
const isDate = (v: string | null) => v === null || /^\d{4}-\d{2}(-\d{2})?([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?/.test(v);

export function pickChart(question: string, headers: string[], rows: (string | null)[][]): ChartSpec | null {
  if (!rows.length || rows.length > MAX_POINTS || headers.length < 2) return null;
  const numeric = headers.map((_, i) => rows.some((r) => r[i] !== null) && rows.every((r) => isNumber(r[i] ?? null)));
  const x = headers.findIndex((_, i) => !numeric[i]);
  const xi = x >= 0 ? x : 0;
  const y = headers.filter((_, i) => i !== xi && numeric[i]);
  if (!y.length) return null;
  const dates = rows.every((r) => isDate(r[xi] ?? null));
  const share = /\b(share|proportion|percent(age)?|ratio|pie|breakdown)\b|占比|比例|比率|割合|内訳/i.test(question);
  const type: ChartSpec['type'] = dates && rows.length > 1 ? 'line' : share && y.length === 1 && rows.length <= 12 ? 'pie' : 'bar';
  return { type, x: headers[xi]!, y };
}
