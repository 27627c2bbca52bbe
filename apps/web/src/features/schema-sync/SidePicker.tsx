/**
 * One side of the sync (source or target): a data source, then its database and/or schema as its
 * engine has them (spec 01 §3). Where a value is mandatory the first one is auto-chosen (spec 01 §5),
 * preferring the data source's own database/schema.
 */
import { useEffect, useState } from 'react';
import { Form, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { supportsDatabase, supportsSchema, type DataSourceSummary } from '@askdb/contracts';
import { listDatabases, listSchemas } from './api.js';
import type { SyncSide } from './events.js';
import { defaultChoice } from './selection.js';

export type SideUpdater = (update: (prev: SyncSide) => SyncSide) => void;

interface Props {
  role: 'source' | 'target';
  side: SyncSide;
  onChange: SideUpdater;
  dataSources: DataSourceSummary[];
  dataSourcesLoading: boolean;
}

function useList(load: (() => Promise<string[]>) | null, deps: unknown[], onLoaded: (list: string[]) => void) {
  const [list, setList] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setList([]);
    if (!load) return;
    let live = true;
    setLoading(true);
    load().then((l) => {
      if (!live) return;
      setList(l);
      setLoading(false);
      onLoaded(l);
    });
    return () => {
      live = false;
      setLoading(false);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return { list, loading };
}

export function SidePicker({ role, side, onChange, dataSources, dataSourcesLoading }: Props) {
  const { t } = useTranslation();
  const ds = dataSources.find((d) => d.id === side.dataSourceId);
  const usable = ds?.hasPermission ? ds : undefined;
  const hasDatabases = !!usable && supportsDatabase(usable.type);
  const hasSchemas = !!usable && supportsSchema(usable.type);
  const id = usable?.id;

  const databases = useList(hasDatabases ? () => listDatabases(id!) : null, [id, hasDatabases], (l) =>
    onChange((prev) => (prev.dataSourceId === id && !prev.databaseName ? { ...prev, databaseName: defaultChoice(l, usable?.databaseName) } : prev)),
  );
  const schemaReady = hasSchemas && (!hasDatabases || !!side.databaseName);
  const schemas = useList(schemaReady ? () => listSchemas(id!, side.databaseName ?? null) : null, [id, schemaReady, side.databaseName], (l) =>
    onChange((prev) => (prev.dataSourceId === id && !prev.schemaName ? { ...prev, schemaName: defaultChoice(l, usable?.schemaName) } : prev)),
  );

  const search = (label: string) => ({ optionFilterProp: 'label' as const, placeholder: label });
  const notFound = <Typography.Text type="secondary">{t('schemaSync.noSearchResult')}</Typography.Text>;
  const names = (l: string[]) => l.map((n) => ({ value: n, label: n }));

  return (
    <div className="askdb-sync-side" data-testid={`sync-${role}`}>
      <Typography.Title level={5} style={{ margin: 0 }}>{t(`schemaSync.${role}`)}</Typography.Title>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t(`schemaSync.${role}Hint`)}</Typography.Text>
      <Form layout="vertical" style={{ marginTop: 12 }} component="div">
        <Form.Item label={t('schemaSync.dataSource')} style={{ marginBottom: 12 }}>
          <Select
            data-testid={`sync-${role}-datasource`}
            value={side.dataSourceId}
            loading={dataSourcesLoading}
            placeholder={t('schemaSync.pick.dataSource')}
            showSearch={search(t('schemaSync.pick.dataSource'))}
            notFoundContent={dataSourcesLoading ? undefined : dataSources.length ? notFound : t('schemaSync.noDataSources')}
            onChange={(v: number) => onChange(() => ({ dataSourceId: v, databaseName: null, schemaName: null }))}
            options={dataSources.map((d) => ({
              value: d.id,
              label: d.alias,
              disabled: !d.hasPermission,
              title: d.alias,
              render: (
                <Space size={6}>
                  <span>{d.alias}</span>
                  <Tag style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' }}>{d.type}</Tag>
                  {!d.hasPermission && <Tag color="default">{t('schemaSync.noPermission')}</Tag>}
                </Space>
              ),
            }))}
            optionRender={(o) => (o.data as { render: React.ReactNode }).render}
          />
        </Form.Item>
        {hasDatabases && (
          <Form.Item label={t('schemaSync.database')} style={{ marginBottom: 12 }}>
            <Select
              data-testid={`sync-${role}-database`}
              value={side.databaseName ?? undefined}
              loading={databases.loading}
              placeholder={t('schemaSync.pick.database')}
              showSearch={search(t('schemaSync.pick.database'))}
              notFoundContent={databases.loading ? undefined : notFound}
              onChange={(v: string) => onChange((prev) => ({ ...prev, databaseName: v, schemaName: null }))}
              options={names(databases.list)}
            />
          </Form.Item>
        )}
        {hasSchemas && (
          <Form.Item label={t('schemaSync.schema')} style={{ marginBottom: 12 }}>
            <Select
              data-testid={`sync-${role}-schema`}
              value={side.schemaName ?? undefined}
              loading={schemas.loading}
              disabled={!schemaReady}
              placeholder={t('schemaSync.pick.schema')}
              showSearch={search(t('schemaSync.pick.schema'))}
              notFoundContent={schemas.loading ? undefined : notFound}
              onChange={(v: string) => onChange((prev) => ({ ...prev, schemaName: v }))}
              options={names(schemas.list)}
            />
          </Form.Item>
        )}
      </Form>
    </div>
  );
}
