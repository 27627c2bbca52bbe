/**
 * AI data collections (issue 7 point 7): create, rename, add and remove tables or views from any
 * data source, list with elements, and bind the chat to one.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Input, Modal, Popconfirm, Spin, Tooltip, Typography } from 'antd';
import { AppstoreOutlined, DeleteOutlined, MessageOutlined, PlusOutlined, CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { collectionsApi, type AiCollection } from './api.js';
import { AddTablesModal } from './AddTablesModal.js';
import { CollectionElements } from './CollectionElements.js';
import { useChat } from '../chat/chat-store.js';
import { useErrorToast } from '../../app/use-error-toast';

const changed = () => window.dispatchEvent(new CustomEvent('askdb:ai-collections-changed'));

export function CollectionsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [list, setList] = useState<AiCollection[] | null>(null);
  const [error, setError] = useState<string>();
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [versions, setVersions] = useState<Record<number, number>>({});
  const [adding, setAdding] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [title, setTitle] = useState('');
  const chatCollection = useChat((s) => s.context.collectionId);
  const setContext = useChat((s) => s.setContext);

  const reload = useCallback(() => {
    collectionsApi.list().then(
      (l) => {
        setList(l);
        setError(undefined);
      },
      (e: Error & { status?: number }) => {
        setList([]);
        setError(e.status === 404 ? t('aiCollections.unavailable') : e.message);
      },
    );
  }, [t]);
  useEffect(reload, [reload]);

  const bump = (id: number) => setVersions((v) => ({ ...v, [id]: (v[id] ?? 0) + 1 }));
  const toggle = (id: number) => setExpanded((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });

  const create = async () => {
    const name = title.trim();
    if (!name) return;
    try {
      const id = await collectionsApi.create(name);
      setCreating(false);
      setTitle('');
      reload();
      changed();
      if (typeof id === 'number') {
        setExpanded((s) => new Set(s).add(id));
        setAdding(id);
      }
    } catch (e) {
      showError(e);
    }
  };
  const rename = async (c: AiCollection, next: string) => {
    const name = next.trim();
    if (!name || name === c.title) return;
    try {
      await collectionsApi.rename(c.id, name);
      reload();
      changed();
    } catch (e) {
      showError(e);
    }
  };
  const remove = async (c: AiCollection) => {
    try {
      await collectionsApi.remove(c.id);
      if (chatCollection === c.id) setContext({});
      reload();
      changed();
    } catch (e) {
      showError(e);
    }
  };

  return (
    <div className="askdb-collections" data-testid="ai-collections">
      <div className="askdb-collections-header">
        <AppstoreOutlined /> <Typography.Text strong>{t('aiCollections.title')}</Typography.Text>
        <Tooltip title={t('aiCollections.create')}>
          <Button size="small" type="text" icon={<PlusOutlined />} style={{ marginLeft: 'auto' }} onClick={() => setCreating(true)} aria-label={t('aiCollections.create')} data-testid="ai-collection-create" />
        </Tooltip>
      </div>
      <Typography.Paragraph type="secondary" className="askdb-collections-intro">{t('aiCollections.intro')}</Typography.Paragraph>
      {error && <Alert type="warning" showIcon message={error} style={{ margin: 8 }} />}
      {list === null ? (
        <Spin style={{ margin: 16 }} />
      ) : list.length === 0 && !error ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('aiCollections.empty')} />
      ) : (
        <div className="askdb-collections-list">
          {list.map((c) => (
            <div key={c.id} className={`askdb-collection${chatCollection === c.id ? ' active' : ''}`} data-testid="ai-collection" data-id={c.id}>
              <div className="askdb-collection-row">
                <Button size="small" type="text" icon={expanded.has(c.id) ? <CaretDownOutlined /> : <CaretRightOutlined />} onClick={() => toggle(c.id)} aria-label={t('aiCollections.toggle')} data-testid="ai-collection-toggle" />
                <Typography.Text className="askdb-collection-title" editable={{ onChange: (v) => void rename(c, v), triggerType: ['icon'], tooltip: t('aiCollections.rename') }} data-testid="ai-collection-title">
                  {c.title}
                </Typography.Text>
                <Tooltip title={t('aiCollections.addTables')}>
                  <Button size="small" type="text" icon={<PlusOutlined />} onClick={() => setAdding(c.id)} aria-label={t('aiCollections.addTables')} data-testid="ai-collection-add" />
                </Tooltip>
                <Tooltip title={t('aiCollections.chat')}>
                  <Button size="small" type="text" icon={<MessageOutlined />} onClick={() => setContext({ collectionId: c.id, collectionTitle: c.title })} aria-label={t('aiCollections.chat')} data-testid="ai-collection-chat" />
                </Tooltip>
                <Popconfirm title={t('aiCollections.deleteConfirm', { title: c.title })} onConfirm={() => void remove(c)}>
                  <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('aiCollections.delete')} data-testid="ai-collection-delete" />
                </Popconfirm>
              </div>
              {expanded.has(c.id) && <CollectionElements id={c.id} title={c.title} version={versions[c.id] ?? 0} onRemoved={() => bump(c.id)} />}
            </div>
          ))}
        </div>
      )}
      <Modal open={creating} title={t('aiCollections.create')} onCancel={() => setCreating(false)} onOk={create} okButtonProps={{ disabled: !title.trim(), 'data-testid': 'ai-collection-create-ok' } as never} destroyOnHidden>
        <Input autoFocus value={title} onChange={(e) => setTitle(e.target.value)} onPressEnter={create} placeholder={t('aiCollections.titlePlaceholder')} maxLength={255} data-testid="ai-collection-title-input" />
      </Modal>
      <AddTablesModal
        collectionId={adding}
        onClose={() => setAdding(null)}
        onAdded={() => {
          if (adding !== null) {
            bump(adding);
            setExpanded((s) => new Set(s).add(adding));
          }
        }}
      />
    </div>
  );
}
