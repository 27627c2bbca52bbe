/**
 * The indexes grid of the table editor: name, type, method, columns, the prefix length of each
 * column (MySQL family: `KEY k (name(10))`), INCLUDE columns (PostgreSQL).
 */
import { Button, Input, Select, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TableIndexKind } from '@askdb/contracts';
import type { EditorIndex } from './model';

interface Props {
  /** Index types the engine offers, and its access methods (none: no choice). */
  kinds: TableIndexKind[];
  methods: string[];
  indexes: EditorIndex[];
  columnNames: string[];
  /** Whether indexes take INCLUDE columns (PostgreSQL). */
  include?: boolean;
  /** Whether an index column takes a prefix length (MySQL family). */
  prefixLength?: boolean;
  onChange(i: EditorIndex[]): void;
}

/** A prefix length as typed: digits only, empty (or 0) for the whole value. */
const lengthOf = (text: string) => Number(text.replace(/\D/g, '').slice(0, 5)) || 0;

export function IndexesEditor({ kinds, methods, indexes, columnNames, include = false, prefixLength = false, onChange }: Props) {
  const { t } = useTranslation();
  const set = (id: string, patch: Partial<EditorIndex>) => onChange(indexes.map((x) => (x.id === id ? { ...x, ...patch } : x)));
  const setLength = (x: EditorIndex, column: string, text: string) => {
    const { [column]: _old, ...rest } = x.lengths ?? {};
    const n = lengthOf(text);
    set(x.id, { lengths: n ? { ...rest, [column]: n } : rest });
  };
  const kindLabel: Record<TableIndexKind, string> = { INDEX: t('tableEditor.idx.normal'), UNIQUE: t('tableEditor.idx.unique'), FULLTEXT: 'FULLTEXT' };
  return (
    <Table<EditorIndex>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={indexes}
      data-testid="indexes-editor"
      locale={{ emptyText: t('tableEditor.idx.none') }}
      columns={[
        { title: t('tableEditor.idx.name'), width: 220, render: (_, x) => <Input size="small" value={x.name} onChange={(e) => set(x.id, { name: e.target.value })} data-testid="idx-name" /> },
        {
          title: t('tableEditor.idx.type'),
          width: 130,
          render: (_, x) => (
            <Select
              size="small"
              style={{ width: '100%' }}
              value={x.kind}
              onChange={(kind) => set(x.id, { kind })}
              options={kinds.map((k) => ({ value: k, label: kindLabel[k] }))}
            />
          ),
        },
        ...(methods.length
          ? [{
              title: t('tableEditor.idx.method'),
              width: 120,
              render: (_: unknown, x: EditorIndex) => (
                <Select size="small" allowClear style={{ width: '100%' }} value={x.method || undefined} placeholder={t('tableEditor.idx.default')} onChange={(m) => set(x.id, { method: m ?? '' })} options={methods.map((m) => ({ value: m, label: m }))} />
              ),
            }]
          : []),
        {
          title: t('tableEditor.idx.columns'),
          render: (_, x) => (
            <Select size="small" mode="multiple" style={{ width: '100%' }} value={x.columns} onChange={(columns) => set(x.id, { columns })} options={columnNames.map((n) => ({ value: n, label: n }))} data-testid="idx-columns" />
          ),
        },
        ...(prefixLength
          ? [{
              title: <span title={t('tableEditor.idx.prefixHelp')}>{t('tableEditor.idx.prefix')}</span>,
              width: 220,
              render: (_: unknown, x: EditorIndex) => (
                <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                  {x.columns.map((n) => (
                    <label key={n} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                      <span className="askdb-mono" style={{ flex: '0 1 110px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={n}>{n}</span>
                      <Input
                        size="small"
                        style={{ flex: '1 1 60px' }}
                        value={x.lengths?.[n] ? String(x.lengths[n]) : ''}
                        placeholder="—"
                        inputMode="numeric"
                        onChange={(e) => setLength(x, n, e.target.value)}
                        title={t('tableEditor.idx.prefixHelp')}
                        aria-label={`${t('tableEditor.idx.prefix')}: ${n}`}
                        data-testid="idx-prefix"
                        data-column={n}
                      />
                    </label>
                  ))}
                </div>
              ),
            }]
          : []),
        ...(include
          ? [{
              title: <span title={t('tableEditor.idx.includeHelp')}>{t('tableEditor.idx.include')}</span>,
              width: 200,
              render: (_: unknown, x: EditorIndex) => (
                <Select size="small" mode="multiple" style={{ width: '100%' }} value={x.include} onChange={(cols: string[]) => set(x.id, { include: cols })} options={columnNames.filter((n) => !x.columns.includes(n)).map((n) => ({ value: n, label: n }))} data-testid="idx-include" />
              ),
            }]
          : []),
        { title: '', width: 40, render: (_, x) => <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onChange(indexes.filter((i) => i.id !== x.id))} aria-label={t('tableEditor.idx.remove')} /> },
      ]}
    />
  );
}
