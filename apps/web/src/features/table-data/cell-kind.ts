/** Which editor a column gets: by the spec's column type and the native type text. */
import type { GridColumn } from './dml';

export type CellKind = 'boolean' | 'datetime' | 'date' | 'time' | 'json' | 'number' | 'binary' | 'text';

export function cellKind(c: GridColumn): CellKind {
  const native = c.columnType.toLowerCase();
  if (c.dataType === 'BINARY') return 'binary';
  if (c.dataType === 'BOOLEAN' || /^(bool|boolean)$/.test(native)) return 'boolean';
  if (/\bjsonb?\b/.test(native) || c.dataType === 'DOCUMENT' || c.dataType === 'OBJECT') return 'json';
  if (c.dataType === 'DATETIME' || /date|time/.test(native)) {
    if (/^date$/.test(native)) return 'date';
    if (/^time\b/.test(native) && !/timestamp/.test(native)) return 'time';
    return 'datetime';
  }
  if (c.dataType === 'NUMERIC') return 'number';
  return 'text';
}

/** The boolean literals a column already uses (t/f, 1/0, true/false), so edits keep its style. */
export function booleanValues(sample: (string | null | undefined)[]): [string, string] {
  const seen = sample.find((v) => v != null);
  if (seen === 't' || seen === 'f') return ['t', 'f'];
  if (seen === '1' || seen === '0') return ['1', '0'];
  return ['true', 'false'];
}
