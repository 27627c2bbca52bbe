/**
 * The columns grid of the table editor: name, type, size (the precision of a decimal type), decimal
 * places, unit (Oracle: CHAR or BYTE), nullable, default, ON UPDATE current_timestamp() (MySQL
 * family), sparse (SQL Server), auto increment, primary key, collation (engines that list theirs),
 * comment, order. Each engine shows only the fields it has.
 */
import { Button, Checkbox, Input, Select, Table, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { takesCollation, takesOnUpdate, type EditorColumn } from './model';
import { CollationSelect, type Collation } from './CollationSelect';
import { initialSize, joinScale, precisionTyped, scaleParts, sizePlaceholder, takesScale, takesSize, takesUnit, typeChoices, typeSpec } from './column-types';
import { TypeInput } from './TypeInput';

interface Props {
  /** The engine family (which types take a size). */
  engine: string;
  /** Type suggestions from the server (free text is allowed too). */
  types: string[];
  columns: EditorColumn[];
  comments: boolean;
  /** The database's collations (empty: no collation column). */
  collations?: Collation[];
  onChange(columns: EditorColumn[]): void;
}

export function ColumnsEditor({ engine, types, columns, comments, collations = [], onChange }: Props) {
  const { t } = useTranslation();
  const set = (id: string, patch: Partial<EditorColumn>) => onChange(columns.map((c) => (c.id === id ? { ...c, ...patch } : c)));
  const move = (i: number, d: number) => {
    const next = columns.slice();
    const [c] = next.splice(i, 1);
    next.splice(i + d, 0, c!);
    onChange(next);
  };
  const choices = typeChoices(engine, types);
  // A new type starts with its own size (or none): varchar's 100 must not become timestamp(100).
  const setType = (c: EditorColumn, type: string) => {
    if (type === c.type) return;
    // A type that cannot update itself on current timestamp drops the flag.
    set(c.id, { type, size: initialSize(engine, type), suffix: '', unit: takesUnit(engine, type) ? c.unit : '', onUpdate: c.onUpdate && takesOnUpdate(engine, type), collation: takesCollation(type) ? c.collation : '' });
  };
  const sizeText = (type: string, text: string) => {
    const spec = typeSpec(engine, type);
    return spec?.params === 'values' || spec?.allowMax || !spec ? text : text.replace(/[^\d,\s]/g, '');
  };
  const onUpdateColumn: ColumnType<EditorColumn>[] = engine === 'mysql'
    ? [{
        title: <Tooltip title={t('tableEditor.col.onUpdateHelp')}>{t('tableEditor.col.onUpdate')}</Tooltip>,
        width: 90,
        align: 'center',
        render: (_, c) => (
          <Checkbox checked={c.onUpdate} disabled={!c.onUpdate && !takesOnUpdate(engine, c.type)} onChange={(e) => set(c.id, { onUpdate: e.target.checked })} data-testid="col-on-update" aria-label={t('tableEditor.col.onUpdateHelp')} />
        ),
      }]
    : [];
  const sparseColumn: ColumnType<EditorColumn>[] = engine === 'sqlserver'
    ? [{
        title: <Tooltip title={t('tableEditor.col.sparseHelp')}>{t('tableEditor.col.sparse')}</Tooltip>,
        width: 72,
        align: 'center',
        render: (_, c) => <Checkbox checked={c.sparse} disabled={c.primaryKey && !c.sparse} onChange={(e) => set(c.id, { sparse: e.target.checked, ...(e.target.checked ? { nullable: true } : {}) })} data-testid="col-sparse" aria-label={t('tableEditor.col.sparseHelp')} />,
      }]
    : [];
  const unitColumn: ColumnType<EditorColumn>[] = engine === 'oracle'
    ? [{
        title: <Tooltip title={t('tableEditor.col.unitHelp')}>{t('tableEditor.col.unit')}</Tooltip>,
        width: 110,
        render: (_, c) => (takesUnit(engine, c.type) || c.unit
          ? <Select size="small" style={{ width: '100%' }} value={c.unit} onChange={(unit: string) => set(c.id, { unit })} options={[{ value: '', label: t('tableEditor.col.unitDefault') }, { value: 'CHAR', label: 'CHAR' }, { value: 'BYTE', label: 'BYTE' }]} data-testid="col-unit" />
          : <span className="askdb-muted">—</span>),
      }]
    : [];
  const collationColumn: ColumnType<EditorColumn>[] = collations.length
    ? [{ title: t('tableEditor.col.collation'), width: 190, render: (_, c) => (takesCollation(c.type) || c.collation ? <CollationSelect value={c.collation} collations={collations} onChange={(collation) => set(c.id, { collation })} /> : <span className="askdb-muted">—</span>) }]
    : [];
  const extra = (onUpdateColumn.length ? 90 : 0) + (collationColumn.length ? 190 : 0) + (sparseColumn.length ? 72 : 0) + (unitColumn.length ? 110 : 0) + 90;
  return (
    <Table<EditorColumn>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={columns}
      data-testid="columns-editor"
      scroll={{ x: (comments ? 1100 : 920) + extra }}
      tableLayout="fixed"
      columns={[
        {
          title: t('tableEditor.col.order'),
          width: 64,
          render: (_, c, i) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('tableEditor.col.up')} />
              <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={i === columns.length - 1} onClick={() => move(i, 1)} aria-label={t('tableEditor.col.down')} />
            </span>
          ),
        },
        {
          title: t('tableEditor.col.name'),
          width: 180,
          render: (_, c) => <Input size="small" value={c.name} status={c.name.trim() ? undefined : 'warning'} onChange={(e) => set(c.id, { name: e.target.value })} data-testid="col-name" placeholder={t('tableEditor.col.namePlaceholder')} />,
        },
        {
          title: t('tableEditor.col.type'),
          width: 150,
          render: (_, c) => <TypeInput value={c.type} types={choices} onChange={(v) => setType(c, v)} />,
        },
        {
          title: t('tableEditor.col.size'),
          width: 90,
          render: (_, c) =>
            takesScale(engine, c.type) ? (
              <Input size="small" value={scaleParts(c.size).precision} placeholder="10" onChange={(e) => set(c.id, { size: precisionTyped(e.target.value, c.size) })} data-testid="col-size" title={t('tableEditor.col.precisionHelp')} />
            ) : takesSize(engine, c.type) || c.size ? (
              <Input size="small" value={c.size} placeholder={sizePlaceholder(engine, c.type)} onChange={(e) => set(c.id, { size: sizeText(c.type, e.target.value) })} data-testid="col-size" title={t('tableEditor.col.sizeHelp')} />
            ) : (
              <span className="askdb-muted" data-testid="col-size-none">—</span>
            ),
        },
        {
          title: <Tooltip title={t('tableEditor.col.scaleHelp')}>{t('tableEditor.col.scale')}</Tooltip>,
          width: 90,
          render: (_, c) =>
            takesScale(engine, c.type) ? (
              <Input size="small" value={scaleParts(c.size).scale} placeholder="2" onChange={(e) => set(c.id, { size: joinScale(scaleParts(c.size).precision, e.target.value) })} data-testid="col-scale" title={t('tableEditor.col.scaleHelp')} />
            ) : (
              <span className="askdb-muted" data-testid="col-scale-none">—</span>
            ),
        },
        ...unitColumn,
        {
          title: t('tableEditor.col.nullable'),
          width: 72,
          align: 'center',
          render: (_, c) => <Checkbox checked={c.nullable && !c.primaryKey} disabled={c.primaryKey || c.sparse} onChange={(e) => set(c.id, { nullable: e.target.checked })} data-testid="col-nullable" />,
        },
        {
          title: t('tableEditor.col.default'),
          width: 150,
          render: (_, c) => <Input size="small" value={c.default} placeholder={t('tableEditor.col.defaultPlaceholder')} onChange={(e) => set(c.id, { default: e.target.value })} data-testid="col-default" />,
        },
        ...onUpdateColumn,
        ...sparseColumn,
        {
          title: <Tooltip title={t('tableEditor.col.autoIncrementHelp')}>{t('tableEditor.col.autoIncrement')}</Tooltip>,
          width: 84,
          align: 'center',
          render: (_, c) => <Checkbox checked={c.autoIncrement} onChange={(e) => set(c.id, { autoIncrement: e.target.checked })} data-testid="col-ai" />,
        },
        {
          title: t('tableEditor.col.primaryKey'),
          width: 72,
          align: 'center',
          render: (_, c) => <Checkbox checked={c.primaryKey} onChange={(e) => set(c.id, { primaryKey: e.target.checked })} data-testid="col-pk" />,
        },
        ...collationColumn,
        ...(comments
          ? [{ title: t('tableEditor.col.comment'), width: 180, render: (_: unknown, c: EditorColumn) => <Input size="small" value={c.comment} onChange={(e) => set(c.id, { comment: e.target.value })} data-testid="col-comment" /> }]
          : []),
        {
          title: '',
          width: 40,
          render: (_, c) => <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onChange(columns.filter((x) => x.id !== c.id))} aria-label={t('tableEditor.col.remove')} data-testid="col-remove" />,
        },
      ]}
    />
  );
}
