/** Add tables or views from any data source to an AI data collection. */
import { useEffect, useState } from 'react';
import { Alert, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { supportsDatabase, supportsSchema } from '@askdb/contracts';
import { listDataSources, listDatabases, listSchemas, listViews, preferredName, searchTables, type DataSourceItem } from '../chat/meta.js';
import { collectionsApi, type NewElement } from './api.js';
import { useChat } from '../chat/chat-store.js';

interface Props {
  collectionId: number | null;
  onClose(): void;
  onAdded(): void;
}

export function AddTablesModal({ collectionId, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const [sources, setSources] = useState<DataSourceItem[]>([]);
  const [dsId, setDsId] = useState<number>();
  const [databases, setDatabases] = useState<string[]>([]);
  const [database, setDatabase] = useState<string>();
  const [schemas, setSchemas] = useState<string[]>([]);
  const [schema, setSchema] = useState<string>();
  const [objects, setObjects] = useState<{ name: string; type: 'TABLE' | 'VIEW' }[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [existing, setExisting] = useState<Set<string>>(new Set());
  const ds = sources.find((s) => s.id === dsId);
  const keyOf = (dsName: string | undefined, db?: string | null, sc?: string | null, name?: string) => [dsName, db ?? '', sc ?? '', name].join('\u0000');
  const open = collectionId !== null;

  useEffect(() => {
    if (collectionId === null) return;
    setPicked([]);
    setError(undefined);
    collectionsApi.elements(collectionId).then(
      (els) => setExisting(new Set(els.map((e) => keyOf(e.dataSourceName, e.databaseName, e.schemaName, e.tableName)))),
      () => setExisting(new Set()),
    );
    listDataSources().then(
      (all) => {
        const l = all.filter((s) => s.hasPermission !== false);
        setSources(l);
        // Start from the chat's data source, else the first one.
        const current = useChat.getState().context.dataSourceId;
        setDsId(l.find((s) => s.id === current)?.id ?? l[0]?.id);
      },
      () => setSources([]),
    );
  }, [collectionId]);

  useEffect(() => {
    setDatabases([]);
    setDatabase(undefined);
    setSchemas([]);
    setSchema(undefined);
    if (ds && supportsDatabase(ds.type)) void listDatabases(ds.id).then((l) => { setDatabases(l); setDatabase(preferredName(l, ds.databaseName)); });
    else if (ds && supportsSchema(ds.type)) void listSchemas(ds.id).then((l) => { setSchemas(l); setSchema(preferredName(l, ds.schemaName)); });
  }, [ds]);

  useEffect(() => {
    if (!ds || !database || !supportsSchema(ds.type)) return;
    setSchema(undefined);
    void listSchemas(ds.id, database).then((l) => { setSchemas(l); setSchema(preferredName(l, ds.schemaName)); });
  }, [ds, database]);

  const complete = !!ds && (!supportsDatabase(ds.type) || !!database) && (!supportsSchema(ds.type) || !!schema);
  useEffect(() => {
    setObjects([]);
    setPicked([]);
    if (!ds || !complete) return;
    const loc = { dataSourceId: ds.id, databaseName: database, schemaName: schema };
    setLoading(true);
    void Promise.all([searchTables(loc, '').catch(() => []), listViews(loc)])
      .then(([tables, views]) => setObjects([...tables.map((name) => ({ name, type: 'TABLE' as const })), ...views.map((name) => ({ name, type: 'VIEW' as const }))]))
      .finally(() => setLoading(false));
  }, [ds, database, schema, complete]);

  const already = (name: string) => !!ds && existing.has(keyOf(ds.alias, database, schema, name));
  const add = async () => {
    if (collectionId === null || !ds) return;
    const elements: NewElement[] = picked.map((key) => {
      const [type, ...rest] = key.split(':');
      return { type: type as 'TABLE' | 'VIEW', tableName: rest.join(':'), dataSourceId: ds.id, databaseName: database ?? null, schemaName: schema ?? null };
    });
    setSaving(true);
    setError(undefined);
    try {
      await collectionsApi.addElements(collectionId, elements);
      onAdded();
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('aiCollections.addTables')}
      onCancel={onClose}
      onOk={add}
      okText={t('aiCollections.add')}
      okButtonProps={{ disabled: picked.length === 0, loading: saving, 'data-testid': 'ai-collection-add-ok' } as never}
      destroyOnHidden
      data-testid="ai-collection-add-modal"
    >
      <Form layout="vertical">
        <Form.Item label={t('aiCollections.dataSource')}>
          <Select data-testid="ai-collection-add-ds" value={dsId} onChange={setDsId} options={sources.map((s) => ({ value: s.id, label: s.alias }))} showSearch optionFilterProp="label" />
        </Form.Item>
        {ds && supportsDatabase(ds.type) && (
          <Form.Item label={t('aiCollections.database')}>
            <Select data-testid="ai-collection-add-db" value={database} onChange={setDatabase} options={databases.map((d) => ({ value: d, label: d }))} showSearch />
          </Form.Item>
        )}
        {ds && supportsSchema(ds.type) && (
          <Form.Item label={t('aiCollections.schema')}>
            <Select data-testid="ai-collection-add-schema" value={schema} onChange={setSchema} options={schemas.map((d) => ({ value: d, label: d }))} showSearch />
          </Form.Item>
        )}
        <Form.Item label={t('aiCollections.tablesAndViews')}>
          <Select
            data-testid="ai-collection-add-tables"
            mode="multiple"
            loading={loading}
            disabled={!complete}
            value={picked}
            onChange={setPicked}
            showSearch
            optionFilterProp="label"
            placeholder={t('aiCollections.pickTables')}
            options={[
              { label: t('aiCollections.tables'), options: objects.filter((o) => o.type === 'TABLE').map((o) => ({ value: `TABLE:${o.name}`, label: o.name, disabled: already(o.name) })) },
              { label: t('aiCollections.views'), options: objects.filter((o) => o.type === 'VIEW').map((o) => ({ value: `VIEW:${o.name}`, label: o.name, disabled: already(o.name) })) },
            ].filter((g) => g.options.length > 0)}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} />}
    </Modal>
  );
}
