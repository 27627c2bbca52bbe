/**
 * The data-source picker of spec 01 §2: dropdown buttons for data source, database and schema, each
 * with a search box and a 'no search result' message, at most 160 px wide. Database and schema
 * appear only where the engine has them; when one is mandatory the first is chosen automatically
 * (the data source's configured one when it exists).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Empty, Input, Popover, Spin, Tag } from 'antd';
import { ApartmentOutlined, DatabaseOutlined, DownOutlined, HddOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, supportsDatabase, supportsSchema, type DatabaseType } from '@askdb/contracts';
import { metaApi } from './meta-api';
import { useTree } from './tree/tree-store';
import type { TabBinding } from './tabs-store';

interface Option { value: string; label: string; disabled?: boolean; extra?: string }

function PickerButton({ icon, value, placeholder, options, loading, onOpen, onSelect, testId, disabled }: {
  icon: React.ReactNode; value?: string | null; placeholder: string; options: Option[]; loading?: boolean;
  onOpen?(): void; onSelect(v: string): void; testId: string; disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const shown = useMemo(() => options.filter((o) => o.label.toLowerCase().includes(q.trim().toLowerCase())), [options, q]);
  const label = options.find((o) => o.value === value)?.label ?? value ?? placeholder;
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setQ('');
          onOpen?.();
        }
      }}
      trigger="click"
      placement="bottomLeft"
      arrow={false}
      styles={{ container: { padding: 6 } }}
      content={
        <div style={{ width: 240 }} data-testid={`${testId}-popup`}>
          <Input size="small" autoFocus allowClear prefix={<SearchOutlined />} placeholder={t('workspace.search')} value={q} onChange={(e) => setQ(e.target.value)} data-testid={`${testId}-search`} />
          <div style={{ maxHeight: 280, overflowY: 'auto', marginTop: 4 }} role="listbox">
            {loading ? (
              <Spin size="small" style={{ display: 'block', margin: 16 }} />
            ) : shown.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={q ? t('workspace.noSearchResult') : t('workspace.empty')} data-testid={`${testId}-empty`} />
            ) : (
              shown.map((o) => (
                <div
                  key={o.value}
                  role="option"
                  aria-selected={o.value === value}
                  aria-disabled={o.disabled}
                  className={`askdb-picker-option${o.value === value ? ' is-active' : ''}${o.disabled ? ' is-disabled' : ''}`}
                  data-testid={`${testId}-option`}
                  onClick={() => {
                    if (o.disabled) return;
                    setOpen(false);
                    onSelect(o.value);
                  }}
                  title={o.label}
                >
                  <span className="askdb-picker-label">{o.label}</span>
                  {o.extra && <Tag style={{ marginLeft: 'auto', fontSize: 11 }}>{o.extra}</Tag>}
                </div>
              ))
            )}
          </div>
        </div>
      }
    >
      <Button size="small" type="text" disabled={disabled} data-testid={testId} style={{ maxWidth: LIMITS.pickerMaxWidthPx }} title={label}>
        {icon}
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', opacity: value ? 1 : 0.6 }}>{label}</span>
        <DownOutlined style={{ fontSize: 10, opacity: 0.6 }} />
      </Button>
    </Popover>
  );
}

const PREFERRED_SCHEMAS = ['public', 'dbo', 'main'];

export interface DataSourcePickerProps {
  value: TabBinding;
  onChange(next: TabBinding): void;
  disabled?: boolean;
}

export function DataSourcePicker({ value, onChange, disabled }: DataSourcePickerProps) {
  const { t } = useTranslation();
  const dataSources = useTree((s) => s.dataSources);
  const rootLoaded = useTree((s) => s.rootLoaded);
  const ds = dataSources.find((d) => d.id === value.dataSourceId);
  const type = (ds?.type ?? value.databaseType) as DatabaseType | undefined;
  const needDb = !!type && supportsDatabase(type);
  const needSchema = !!type && supportsSchema(type);
  // Each list remembers what it was loaded for: right after a switch the old list must not be auto-picked from.
  const [dbList, setDbList] = useState<{ key: string; names: string[] } | null>(null);
  const [schemaList, setSchemaList] = useState<{ key: string; names: string[] } | null>(null);
  const dbKey = `${ds?.id ?? ''}`;
  const schemaKey = `${ds?.id ?? ''}\u0000${value.databaseName ?? ''}`;
  const dbs = dbList?.key === dbKey ? dbList.names : null;
  const schemas = schemaList?.key === schemaKey ? schemaList.names : null;
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => {
    if (!rootLoaded) void useTree.getState().loadRoot();
  }, [rootLoaded]);

  // Databases of the chosen data source.
  useEffect(() => {
    setDbList(null);
    if (!ds || !needDb || !ds.hasPermission) return;
    let live = true;
    const key = `${ds.id}`;
    metaApi.databases({ dataSourceId: ds.id }).then(
      (list) => live && setDbList({ key, names: list.map((d) => d.name) }),
      () => live && setDbList({ key, names: [] }),
    );
    return () => {
      live = false;
    };
  }, [ds?.id, needDb, ds?.hasPermission]);

  // Schemas of the chosen database (or data source).
  useEffect(() => {
    setSchemaList(null);
    if (!ds || !needSchema || !ds.hasPermission || (needDb && !value.databaseName)) return;
    let live = true;
    const key = `${ds.id}\u0000${value.databaseName ?? ''}`;
    metaApi.schemas({ dataSourceId: ds.id, databaseName: value.databaseName }).then(
      (list) => live && setSchemaList({ key, names: list.map((x) => x.name) }),
      () => live && setSchemaList({ key, names: [] }),
    );
    return () => {
      live = false;
    };
  }, [ds?.id, needSchema, needDb, ds?.hasPermission, value.databaseName]);

  // Mandatory levels left empty get the data source's configured one, else the first (spec 01 §5).
  useEffect(() => {
    if (!ds || !needDb || value.databaseName || !dbs?.length) return;
    onChange({ ...latest.current, databaseName: dbs.includes(ds.databaseName ?? '') ? ds.databaseName! : dbs[0]!, schemaName: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dbs, value.databaseName, needDb]);
  useEffect(() => {
    if (!ds || !needSchema || value.schemaName || !schemas?.length) return;
    onChange({ ...latest.current, schemaName: [ds.schemaName, ...PREFERRED_SCHEMAS].find((n) => n && schemas.includes(n)) ?? schemas[0]! });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schemas, value.schemaName, needSchema]);

  return (
    <span className="askdb-picker" data-testid="datasource-picker">
      <PickerButton
        icon={<HddOutlined />}
        testId="picker-datasource"
        value={value.dataSourceId != null ? String(value.dataSourceId) : null}
        placeholder={t('workspace.picker.dataSource')}
        disabled={disabled}
        loading={!rootLoaded}
        options={dataSources.map((d) => ({ value: String(d.id), label: d.alias, disabled: !d.hasPermission, extra: d.hasPermission ? undefined : t('workspace.noPermission') }))}
        onSelect={(v) => {
          const next = dataSources.find((d) => String(d.id) === v)!;
          onChange({ dataSourceId: next.id, dataSourceName: next.alias, databaseType: next.type, databaseName: null, schemaName: null });
        }}
      />
      {needDb && (
        <PickerButton
          icon={<DatabaseOutlined />}
          testId="picker-database"
          value={value.databaseName}
          placeholder={t('workspace.picker.database')}
          disabled={disabled}
          loading={dbs === null}
          options={(dbs ?? []).map((n) => ({ value: n, label: n }))}
          onSelect={(v) => onChange({ ...value, databaseName: v, schemaName: null })}
        />
      )}
      {needSchema && (
        <PickerButton
          icon={<ApartmentOutlined />}
          testId="picker-schema"
          value={value.schemaName}
          placeholder={t('workspace.picker.schema')}
          disabled={disabled}
          loading={schemas === null}
          options={(schemas ?? []).map((n) => ({ value: n, label: n }))}
          onSelect={(v) => onChange({ ...value, schemaName: v })}
        />
      )}
    </span>
  );
}
