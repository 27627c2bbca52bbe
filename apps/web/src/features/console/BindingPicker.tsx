/**
 * Data source / database / schema picker of a console (spec 01 §2). A minimal stand-in with the same
 * props as the workspace's DataSourcePicker, used until that one is in the repository.
 */
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, supportsDatabase, supportsSchema, type DatabaseType } from '@askdb/contracts';
import { api } from '../../lib/api.js';
import type { TabBinding } from '../workspace/tabs-store';

interface DataSourceItem {
  id: number;
  alias: string;
  type: DatabaseType;
  hasPermission: boolean;
  databaseName?: string | null;
}

export interface BindingPickerProps {
  value: TabBinding;
  onChange(next: TabBinding): void;
  disabled?: boolean;
}

const selectProps = (t: (k: string) => string) => ({
  size: 'small' as const,
  showSearch: { optionFilterProp: 'label' as const },
  popupMatchSelectWidth: 240,
  notFoundContent: t('console.picker.noResult'),
  style: { maxWidth: LIMITS.pickerMaxWidthPx, minWidth: 100 },
});

export function BindingPicker({ value, onChange, disabled }: BindingPickerProps) {
  const { t } = useTranslation();
  const [sources, setSources] = useState<DataSourceItem[] | null>(null);
  const [dbs, setDbs] = useState<string[] | null>(null);
  const [schemas, setSchemas] = useState<string[] | null>(null);
  const type = (sources?.find((d) => d.id === value.dataSourceId)?.type ?? value.databaseType) as DatabaseType | undefined;
  const needDb = !!type && supportsDatabase(type);
  const needSchema = !!type && supportsSchema(type);

  useEffect(() => {
    api<{ data: DataSourceItem[] }>('/api/connection/datasource/list', { query: { pageNo: 1, pageSize: LIMITS.pageSizeDataSources } }).then(
      (p) => setSources(p.data),
      () => setSources([]),
    );
  }, []);
  useEffect(() => {
    setDbs(null);
    if (value.dataSourceId == null || !needDb) return;
    let live = true;
    api<{ name: string }[]>('/api/rdb/database/list', { query: { dataSourceId: value.dataSourceId } }).then(
      (l) => {
        if (!live) return;
        const names = l.map((d) => d.name);
        setDbs(names);
        if (!value.databaseName && names[0]) onChange({ ...value, databaseName: names[0], schemaName: null });
      },
      () => live && setDbs([]),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value.dataSourceId, needDb]);
  useEffect(() => {
    setSchemas(null);
    if (value.dataSourceId == null || !needSchema || (needDb && !value.databaseName)) return;
    let live = true;
    api<{ name: string }[]>('/api/rdb/schema/list', { query: { dataSourceId: value.dataSourceId, databaseName: value.databaseName } }).then(
      (l) => {
        if (!live) return;
        const names = l.map((s) => s.name);
        setSchemas(names);
        if (!value.schemaName && names.length) onChange({ ...value, schemaName: names.includes('public') ? 'public' : names[0]! });
      },
      () => live && setSchemas([]),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value.dataSourceId, value.databaseName, needSchema]);

  const p = selectProps(t);
  return (
    <span className="askdb-binding-picker" data-testid="datasource-picker">
      <Select
        {...p}
        data-testid="picker-datasource"
        disabled={disabled}
        loading={sources === null}
        placeholder={t('console.picker.dataSource')}
        value={value.dataSourceId ?? undefined}
        options={(sources ?? []).map((d) => ({ value: d.id, label: d.alias, disabled: !d.hasPermission }))}
        onChange={(id: number) => {
          const d = sources!.find((x) => x.id === id)!;
          onChange({ dataSourceId: d.id, dataSourceName: d.alias, databaseType: d.type, databaseName: null, schemaName: null });
        }}
      />
      {needDb && (
        <Select {...p} data-testid="picker-database" disabled={disabled} loading={dbs === null} placeholder={t('console.picker.database')} value={value.databaseName ?? undefined} options={(dbs ?? []).map((n) => ({ value: n, label: n }))} onChange={(n: string) => onChange({ ...value, databaseName: n, schemaName: null })} />
      )}
      {needSchema && (
        <Select {...p} data-testid="picker-schema" disabled={disabled} loading={schemas === null} placeholder={t('console.picker.schema')} value={value.schemaName ?? undefined} options={(schemas ?? []).map((n) => ({ value: n, label: n }))} onChange={(n: string) => onChange({ ...value, schemaName: n })} />
      )}
    </span>
  );
}
