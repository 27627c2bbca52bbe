/** The indexes grid of the table editor: name, type, method, columns. */
import { Button, Input, Select, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EngineFamily } from '@askdb/schema-diff';
import type { EditorIndex } from './model';

const METHODS: Partial<Record<EngineFamily, string[]>> = {
  postgresql: ['btree', 'hash', 'gin', 'gist', 'brin'],
  mysql: ['BTREE', 'HASH'],
};

export function IndexesEditor({ family, indexes, columnNames, onChange }: { family: EngineFamily | null; indexes: EditorIndex[]; columnNames: string[]; onChange(i: EditorIndex[]): void }) {
  const { t } = useTranslation();
  const set = (id: string, patch: Partial<EditorIndex>) => onChange(indexes.map((x) => (x.id === id ? { ...x, ...patch } : x)));
  const methods = family ? METHODS[family] : undefined;
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
              options={[
                { value: 'INDEX', label: t('tableEditor.idx.normal') },
                { value: 'UNIQUE', label: t('tableEditor.idx.unique') },
                ...(family === 'mysql' ? [{ value: 'FULLTEXT', label: 'FULLTEXT' }] : []),
              ]}
            />
          ),
        },
        ...(methods
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
        { title: '', width: 40, render: (_, x) => <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onChange(indexes.filter((i) => i.id !== x.id))} aria-label={t('tableEditor.idx.remove')} /> },
      ]}
    />
  );
}
