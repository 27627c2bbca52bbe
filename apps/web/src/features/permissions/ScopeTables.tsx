/**
 * The tables and columns of a data application (issue 25 point 6): shown as one row per table with
 * its columns as tags. The apply form may remove and add; the approver only removes (narrowing), so
 * what stays shown is exactly what will be granted.
 */
import { useState } from 'react';
import { Button, Input, Space, Tag, Typography } from 'antd';
import { CloseOutlined, TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApprovalScopeItem } from '@askdb/contracts';

interface Props {
  items: ApprovalScopeItem[];
  /** Absent: read only. */
  onChange?(items: ApprovalScopeItem[]): void;
  /** The apply form may add a table; the approver may not. */
  canAdd?: boolean;
  /** Shown when no table is named: what the application covers instead. */
  wholePlace?: string;
  testId?: string;
}

export const scopeTableLabel = (t: Pick<ApprovalScopeItem, 'schemaName' | 'tableName'>) => [t.schemaName, t.tableName].filter(Boolean).join('.');

export function ScopeTables({ items, onChange, canAdd, wholePlace, testId = 'scope-tables' }: Props) {
  const { t } = useTranslation();
  const [table, setTable] = useState('');
  const [columns, setColumns] = useState('');
  const edit = onChange;
  const canDropTable = !!edit && (canAdd || items.length > 1);

  const dropColumn = (i: number, col: string) => {
    const cur = items[i]!;
    const rest = cur.columns!.filter((c) => c !== col);
    edit?.(rest.length ? items.map((x, j) => (j === i ? { ...x, columns: rest } : x)) : items.filter((_, j) => j !== i));
  };
  const add = () => {
    const parts = table.trim().split('.').map((s) => s.trim()).filter(Boolean);
    if (!parts.length) return;
    const cols = columns.split(',').map((s) => s.trim()).filter(Boolean);
    const tableName = parts[parts.length - 1]!;
    const schemaName = parts.length > 1 ? parts[parts.length - 2]! : (items[0]?.schemaName ?? null);
    edit?.([...items, { databaseName: items[0]?.databaseName ?? null, schemaName, tableName, columns: cols.length ? cols : null, actions: ['READ'] }]);
    setTable('');
    setColumns('');
  };

  return (
    <div data-testid={testId}>
      {!items.length && (
        <Typography.Text type="secondary" data-testid={`${testId}-whole`}>
          {wholePlace ? t('perm.scope.whole', { place: wholePlace }) : t('perm.scope.wholeHint')}
        </Typography.Text>
      )}
      {items.map((it, i) => (
        <div key={`${it.schemaName}.${it.tableName}`} className="askdb-scope-row" data-testid="scope-table" data-table={it.tableName}>
          <Space size={4} wrap>
            <TableOutlined />
            <Typography.Text strong>{scopeTableLabel(it)}</Typography.Text>
            {it.actions.map((a) => <Tag key={a} color={a === 'WRITE' ? 'orange' : 'blue'}>{t(`perm.action.${a}`)}</Tag>)}
            {canDropTable && <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('perm.scope.removeTable')} title={t('perm.scope.removeTable')} onClick={() => edit?.(items.filter((_, j) => j !== i))} data-testid="scope-remove-table" />}
          </Space>
          <div style={{ marginTop: 4 }}>
            {it.columns === null ? (
              <Tag data-testid="scope-column" data-column="*">{t('perm.scope.allColumns')}</Tag>
            ) : (
              it.columns.map((c) => (
                <Tag key={c} closable={!!edit && (it.columns!.length > 1 || canDropTable)} onClose={(e) => { e.preventDefault(); dropColumn(i, c); }} data-testid="scope-column" data-column={c}>
                  {c}
                </Tag>
              ))
            )}
          </div>
        </div>
      ))}
      {edit && canAdd && (
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Input value={table} onChange={(e) => setTable(e.target.value)} placeholder={t('perm.scope.addTable')} data-testid="scope-add-table" style={{ width: '40%' }} />
          <Input value={columns} onChange={(e) => setColumns(e.target.value)} placeholder={t('perm.scope.addColumns')} data-testid="scope-add-columns" onPressEnter={add} />
          <Button onClick={add} disabled={!table.trim()} data-testid="scope-add">{t('perm.scope.add')}</Button>
        </Space.Compact>
      )}
    </div>
  );
}
