/** Create or edit a dashboard: name (required), description, AI dataset (required: a collection or a data source/database/schema), refresh rule. */
import { useState } from 'react';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dashboard, DashboardDataset, RefreshRule } from '@askdb/contracts';
import { dashboardApi } from './api';
import { RefreshRuleField } from './RefreshRuleField';
import { useErrorToast } from '../../app/use-error-toast';

export interface DashboardFormProps {
  dashboard: Dashboard | null;
  onClose(savedId: number | null): void;
}

export function DashboardForm({ dashboard, onClose }: DashboardFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [name, setName] = useState(dashboard?.name ?? '');
  const [description, setDescription] = useState(dashboard?.description ?? '');
  const [dataset, setDataset] = useState<DashboardDataset>(dashboard?.dataset ?? {});
  const [refresh, setRefresh] = useState<RefreshRule>(dashboard?.refresh ?? { kind: 'NEVER' });
  const [kind, setKind] = useState<'source' | 'collection'>(dashboard?.dataset.collectionId != null ? 'collection' : 'source');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const sources = useQuery({ queryKey: ['dashboard', 'sources'], queryFn: dashboardApi.dataSources });
  const collections = useQuery({ queryKey: ['dashboard', 'collections'], queryFn: dashboardApi.collections, enabled: kind === 'collection' });
  const databases = useQuery({ queryKey: ['dashboard', 'dbs', dataset.dataSourceId], queryFn: () => dashboardApi.databases(dataset.dataSourceId!), enabled: kind === 'source' && dataset.dataSourceId != null });
  const schemas = useQuery({ queryKey: ['dashboard', 'schemas', dataset.dataSourceId, dataset.databaseName], queryFn: () => dashboardApi.schemas(dataset.dataSourceId!, dataset.databaseName), enabled: kind === 'source' && dataset.dataSourceId != null });

  const nameMissing = touched && !name.trim();
  const datasetMissing = touched && (kind === 'source' ? dataset.dataSourceId == null : dataset.collectionId == null);

  const submit = async () => {
    setTouched(true);
    if (!name.trim() || (kind === 'source' ? dataset.dataSourceId == null : dataset.collectionId == null)) return;
    setSaving(true);
    try {
      const input = { name: name.trim(), description, dataset, refresh };
      if (dashboard) {
        await dashboardApi.update(dashboard.id, input);
        onClose(dashboard.id);
      } else onClose(await dashboardApi.create(input));
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={dashboard ? t('dashboard.edit') : t('dashboard.new')} onCancel={() => onClose(null)} onOk={() => void submit()} okText={t('dashboard.save')} cancelText={t('dashboard.cancel')} confirmLoading={saving} maskClosable={false} okButtonProps={{ 'data-testid': 'dashboard-save' } as Record<string, string>}>
      <Form layout="vertical" data-testid="dashboard-form">
        <Form.Item label={t('dashboard.name')} required validateStatus={nameMissing ? 'error' : undefined} help={nameMissing ? t('dashboard.required') : undefined}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={255} data-testid="dashboard-name" />
        </Form.Item>
        <Form.Item label={t('dashboard.description')}>
          <Input.TextArea value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} data-testid="dashboard-description" />
        </Form.Item>
        <Form.Item label={t('dashboard.dataset')} required validateStatus={datasetMissing ? 'error' : undefined} help={datasetMissing ? t('dashboard.required') : undefined}>
          <Radio.Group value={kind} onChange={(e) => { setKind(e.target.value); setDataset({}); }} style={{ marginBottom: 8 }}>
            <Radio value="source">{t('dashboard.dataset.source')}</Radio>
            <Radio value="collection">{t('dashboard.dataset.collection')}</Radio>
          </Radio.Group>
          {kind === 'source' ? (
            <>
              <Select data-testid="dataset-source" placeholder={t('dashboard.dataset.source')} value={dataset.dataSourceId} loading={sources.isLoading} showSearch optionFilterProp="label"
                options={(sources.data ?? []).filter((s) => s.hasPermission !== false).map((s) => ({ value: s.id, label: s.alias }))} onChange={(id: number) => setDataset({ dataSourceId: id })} style={{ width: '100%' }} />
              {(databases.data?.length ?? 0) > 0 && <Select allowClear placeholder={t('dashboard.database')} value={dataset.databaseName} options={databases.data!.map((d) => ({ value: d.name, label: d.name }))} onChange={(v?: string) => setDataset({ dataSourceId: dataset.dataSourceId, databaseName: v })} style={{ width: '100%', marginTop: 8 }} />}
              {(schemas.data?.length ?? 0) > 0 && <Select allowClear placeholder={t('dashboard.schema')} value={dataset.schemaName} options={schemas.data!.map((d) => ({ value: d.name, label: d.name }))} onChange={(v?: string) => setDataset({ ...dataset, schemaName: v })} style={{ width: '100%', marginTop: 8 }} />}
            </>
          ) : (
            <Select data-testid="dataset-collection" placeholder={t('dashboard.dataset.collection')} value={dataset.collectionId} loading={collections.isLoading} options={(collections.data ?? []).map((c) => ({ value: c.id, label: c.title }))} onChange={(id: number) => setDataset({ collectionId: id })} style={{ width: '100%' }} />
          )}
        </Form.Item>
        <Form.Item label={t('dashboard.refresh')}>
          <RefreshRuleField value={refresh} onChange={setRefresh} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
