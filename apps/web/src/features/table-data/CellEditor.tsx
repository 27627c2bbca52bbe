/**
 * The in-cell editor, typed by column: a true/false/NULL list for booleans, text with a date picker
 * for dates and times, a checked dialog for JSON and long text, plain text otherwise. Enter or leaving
 * the cell keeps the value, Escape drops it; "NULL" sets SQL NULL (distinct from an empty string).
 */
import { useEffect, useRef, useState } from 'react';
import { DatePicker, Select } from 'antd';
import { CalendarOutlined, ExpandAltOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Cell, GridColumn } from './dml';
import { booleanValues, cellKind } from './cell-kind';
import { TextEditorModal } from './TextEditorModal';

const FORMATS = { date: 'YYYY-MM-DD', time: 'HH:mm:ss', datetime: 'YYYY-MM-DD HH:mm:ss' } as const;
const NULL_OPTION = '\u0000null';

interface Props {
  column: GridColumn;
  value: Cell | undefined;
  sample: (Cell | undefined)[];
  onCommit(v: Cell): void;
  onCancel(): void;
  /** Commit and move to the next cell (Tab). */
  onTab?(v: Cell, back: boolean): void;
}

export function CellEditor({ column, value, sample, onCommit, onCancel, onTab }: Props) {
  const { t } = useTranslation();
  const kind = cellKind(column);
  const [text, setText] = useState(value ?? '');
  const [modal, setModal] = useState(kind === 'json');
  const [picker, setPicker] = useState(false);
  const done = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const commit = (v: Cell) => {
    if (done.current) return;
    done.current = true;
    onCommit(v);
  };
  const cancel = () => {
    if (done.current) return;
    done.current = true;
    onCancel();
  };

  if (kind === 'boolean') {
    const [yes, no] = booleanValues(sample);
    return (
      <Select
        autoFocus
        defaultOpen
        size="small"
        style={{ width: '100%' }}
        value={value === null ? NULL_OPTION : value ?? undefined}
        data-testid="cell-editor"
        options={[{ value: yes, label: 'true' }, { value: no, label: 'false' }, ...(column.nullable !== false ? [{ value: NULL_OPTION, label: 'NULL' }] : [])]}
        onChange={(v) => commit(v === NULL_OPTION ? null : v)}
        onBlur={cancel}
        onKeyDown={(e) => e.key === 'Escape' && cancel()}
      />
    );
  }

  if (modal) {
    return (
      <TextEditorModal
        title={column.name}
        value={text}
        json={kind === 'json'}
        onOk={(v) => commit(v)}
        onCancel={cancel}
      />
    );
  }

  const dateKind = kind === 'date' || kind === 'time' || kind === 'datetime' ? kind : null;
  const parsed = dateKind && text ? dayjs(text, FORMATS[dateKind]) : null;
  return (
    <div className="askdb-cell-editor" onMouseDown={(e) => e.stopPropagation()}>
      <input
        ref={input}
        className="askdb-cell-input"
        data-testid="cell-editor"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => !picker && commit(text)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') commit(text);
          else if (e.key === 'Escape') cancel();
          else if (e.key === 'Tab' && onTab) {
            e.preventDefault();
            if (!done.current) {
              done.current = true;
              onTab(text, e.shiftKey);
            }
          }
        }}
      />
      {dateKind && (
        <>
          <span className="askdb-cell-btn" title={t('tableData.pickDate')} onMouseDown={(e) => { e.preventDefault(); setPicker((p) => !p); }}>
            <CalendarOutlined />
          </span>
          <DatePicker
            open={picker}
            picker={dateKind === 'time' ? 'time' : 'date'}
            showTime={dateKind === 'datetime'}
            value={parsed?.isValid() ? parsed : null}
            format={FORMATS[dateKind]}
            style={{ width: 0, padding: 0, border: 0, overflow: 'hidden' }}
            suffixIcon={null}
            allowClear={false}
            onChange={(d) => {
              setPicker(false);
              if (d) commit(d.format(FORMATS[dateKind]));
            }}
            onOpenChange={(o) => {
              if (!o) {
                setPicker(false);
                input.current?.focus();
              }
            }}
          />
        </>
      )}
      <span className="askdb-cell-btn" title={t('tableData.editLarge')} onMouseDown={(e) => { e.preventDefault(); setModal(true); }}>
        <ExpandAltOutlined />
      </span>
      {column.nullable !== false && (
        <span className="askdb-cell-btn askdb-cell-null" title={t('tableData.setNull')} data-testid="cell-set-null" onMouseDown={(e) => { e.preventDefault(); commit(null); }}>
          NULL
        </span>
      )}
    </div>
  );
}
