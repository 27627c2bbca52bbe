/** The AI dataset of a database chat: data source > database > schema, or an AI data collection. */
import { Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chatApi, type CreateChat } from './api';

type Dataset = NonNullable<CreateChat['dataset']>;

export function DatasetPicker(props: { value?: Dataset; onChange?: (v: Dataset | undefined) => void }) {
  const { t } = useTranslation();
  const v = props.value ?? {};
  const sources = useQuery({ queryKey: ['named-chat', 'sources'], queryFn: chatApi.dataSources });
  const databases = useQuery({ queryKey: ['named-chat', 'dbs', v.dataSourceId], queryFn: () => chatApi.databases(v.dataSourceId!), enabled: v.dataSourceId != null });
  const schemas = useQuery({ queryKey: ['named-chat', 'schemas', v.dataSourceId, v.databaseName], queryFn: () => chatApi.schemas(v.dataSourceId!, v.databaseName), enabled: v.dataSourceId != null });
  const collections = useQuery({ queryKey: ['named-chat', 'collections'], queryFn: chatApi.collections });
  const set = (d: Dataset) => props.onChange?.(d.dataSourceId == null && d.dataSourceCollectionId == null ? undefined : d);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          style={{ width: 200 }} placeholder={t('chatv2.dataSource')} allowClear value={v.dataSourceId} data-testid="chat-dataset-source"
          options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.alias }))}
          onChange={(id?: number) => set({ dataSourceId: id })}
        />
        {(databases.data?.length ?? 0) > 0 && (
          <Select style={{ width: 160 }} placeholder={t('chatv2.database')} allowClear value={v.databaseName}
            options={databases.data!.map((d) => ({ value: d.name, label: d.name }))}
            onChange={(databaseName?: string) => set({ dataSourceId: v.dataSourceId, databaseName })} />
        )}
        {(schemas.data?.length ?? 0) > 0 && (
          <Select style={{ width: 160 }} placeholder={t('chatv2.schema')} allowClear value={v.schemaName}
            options={schemas.data!.map((d) => ({ value: d.name, label: d.name }))}
            onChange={(schemaName?: string) => set({ ...v, dataSourceCollectionId: undefined, schemaName })} />
        )}
      </Space>
      <Select
        style={{ width: 280 }} placeholder={t('chatv2.orCollection')} allowClear value={v.dataSourceCollectionId}
        options={(collections.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
        onChange={(id?: number) => set({ dataSourceCollectionId: id })}
      />
    </Space>
  );
}
