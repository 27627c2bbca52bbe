/** The tables and views of one AI data collection: where each comes from, its note for the AI, remove. */
import { useEffect, useState } from 'react';
import { App, Button, Spin, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EyeOutlined, RobotOutlined, TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DatabaseType } from '@askdb/contracts';
import { collectionsApi, type AiCollectionElement } from './api.js';
import { openAiTableInfo } from '../ai-table-info/open';
import { useTree } from '../workspace/tree/tree-store';
import { useErrorToast } from '../../app/use-error-toast';

export function CollectionElements({ id, title = '', version, onRemoved }: { id: number; title?: string; version: number; onRemoved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [items, setItems] = useState<AiCollectionElement[] | null>(null);
  useEffect(() => {
    collectionsApi.elements(id).then(setItems, () => setItems([]));
  }, [id, version]);

  const annotate = async (e: AiCollectionElement, text: string) => {
    const annotation = text.trim();
    if (annotation === (e.annotation ?? '')) return;
    try {
      await collectionsApi.annotate(id, e.id, annotation);
      setItems((list) => list?.map((x) => (x.id === e.id ? { ...x, annotation } : x)) ?? null);
    } catch (err) {
      showError(err);
    }
  };
  const remove = async (e: AiCollectionElement) => {
    try {
      await collectionsApi.removeElement(id, e.id);
      onRemoved();
    } catch (err) {
      showError(err);
    }
  };

  if (items === null) return <Spin size="small" style={{ margin: 8 }} />;
  if (items.length === 0) return <Typography.Text type="secondary" className="askdb-collection-none">{t('aiCollections.noElements')}</Typography.Text>;
  return (
    <ul className="askdb-collection-elements" data-testid="ai-collection-elements">
      {items.map((e) => {
        const where = [e.dataSourceName, e.databaseName, e.schemaName].filter(Boolean).join(' / ');
        return (
          <li key={e.id} data-testid="ai-collection-element">
            <div className="askdb-collection-element-row">
              {e.type === 'VIEW' ? <EyeOutlined aria-label={t('aiCollections.view')} /> : <TableOutlined aria-label={t('aiCollections.table')} />}
              <span className="askdb-collection-element-name" title={e.tableName} data-testid="ai-collection-element-name">{e.tableName}</span>
              <span className="askdb-collection-element-loc" title={where}>{where}</span>
              {e.dataSourceId != null && (
                <Tooltip title={t('aiTableInfo.menu')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<RobotOutlined />}
                    aria-label={t('aiTableInfo.menu')}
                    data-testid="ai-collection-element-ai-info"
                    onClick={() => {
                      const ds = useTree.getState().dataSources.find((d) => d.id === e.dataSourceId);
                      openAiTableInfo({ dataSourceId: e.dataSourceId!, dataSourceName: e.dataSourceName, databaseType: (ds?.type as DatabaseType | undefined) ?? null, databaseName: e.databaseName ?? null, schemaName: e.schemaName ?? null, tableName: e.tableName }, { id, title });
                    }}
                  />
                </Tooltip>
              )}
              <Tooltip title={t('aiCollections.removeElement')}>
                <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('aiCollections.removeElement')} data-testid="ai-collection-element-remove" onClick={() => void remove(e)} />
              </Tooltip>
            </div>
            <Typography.Text
              type="secondary"
              className="askdb-collection-element-note"
              data-testid="ai-collection-element-note"
              editable={{ onChange: (v) => void annotate(e, v), tooltip: t('aiCollections.annotate'), text: e.annotation ?? '' }}
            >
              {e.annotation || t('aiCollections.annotatePlaceholder')}
            </Typography.Text>
          </li>
        );
      })}
    </ul>
  );
}
