/** A small icon of a column's kind (number, text, date/time, boolean, binary, JSON), labelled for screen readers. */
import { CalendarOutlined, CheckSquareOutlined, FieldBinaryOutlined, FieldNumberOutlined, FieldStringOutlined, QuestionOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { columnKind, type ColumnKind } from './column-kind.js';

const ICONS: Record<ColumnKind, [ReactNode, string]> = {
  number: [<FieldNumberOutlined />, '#2f7fd8'],
  text: [<FieldStringOutlined />, '#3fb27f'],
  datetime: [<CalendarOutlined />, '#d08a1f'],
  boolean: [<CheckSquareOutlined />, '#9f44d3'],
  binary: [<FieldBinaryOutlined />, '#8c8c8c'],
  json: [<span className="askdb-coltype-json">{'{}'}</span>, '#d6336c'],
  other: [<QuestionOutlined />, '#8c8c8c'],
};

export function ColumnTypeIcon({ specType, nativeType, className }: { specType?: string | null; nativeType?: string | null; className?: string }) {
  const kind = columnKind(specType, nativeType);
  const [icon, color] = ICONS[kind];
  return (
    <span className={className} style={{ color }} data-testid="column-type-icon" data-kind={kind} aria-label={kind}>
      {icon}
    </span>
  );
}
