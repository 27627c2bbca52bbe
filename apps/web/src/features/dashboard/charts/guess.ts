/** Fills empty field roles from a result: text columns for x/group/text, numeric ones for y/angle/value/bin. Pure. */
import type { ChartSettings } from '@askdb/contracts';
import { numericColumn, type Rows } from './data';

export function guessSettings(s: ChartSettings, rows: Rows): ChartSettings {
  const names = rows.headerList.map((h) => h.name);
  const numeric = names.filter((_, i) => numericColumn(rows, i));
  const text = names.filter((n) => !numeric.includes(n));
  const firstText = text[0] ?? names[0];
  const firstNum = numeric.find((n) => n !== firstText) ?? numeric[0];
  const has = (n?: string) => !!n && names.includes(n);
  return {
    ...s,
    xField: has(s.xField) ? s.xField : firstText,
    ySeries: s.ySeries.some((y) => has(y.field)) ? s.ySeries.filter((y) => has(y.field)) : firstNum ? [{ field: firstNum, axis: 'left', kind: 'bar' }] : [],
    groupField: has(s.groupField) ? s.groupField : undefined,
    angleField: has(s.angleField) ? s.angleField : firstNum,
    textField: has(s.textField) ? s.textField : firstText,
    valueField: has(s.valueField) ? s.valueField : firstNum,
    binField: has(s.binField) ? s.binField : firstNum,
  };
}
