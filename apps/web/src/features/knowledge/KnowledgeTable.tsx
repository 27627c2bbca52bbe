/**
 * The knowledge table (spec 02 §2 "Knowledge management", §5): kind filter, data source and search
 * filters, inline edit (a row being edited must be saved before any other action, and complete
 * before it is saved), batch import / export with the template, batch delete of the selected rows
 * after confirming the count. Members read and export; team admins write.
 */
import { useState } from 'react';
import { App, Button, Input, Select, Space, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KNOWLEDGE_KINDS, type KnowledgeItem, type KnowledgeKind } from '@askdb/contracts';
import { isServerMode, isTeamAdmin, useSession } from '../auth/session';
import { knowledgeApi, type KnowledgeDraft, type KnowledgeFilter } from './api';
import { KnowledgeToolbar } from './KnowledgeToolbar';
import { useErrorToast } from '../../app/use-error-toast';

const NEW = -1;
const PAGE_SIZE = 20;
type Editing = { id: number; draft: KnowledgeDraft } | null;

const blank = (kind: KnowledgeKind = 'TERMINOLOGY'): KnowledgeDraft => ({ kind, name: '', content: '', dataSourceId: null, tableName: null });
const complete = (d: KnowledgeDraft) => !!d.name.trim() && !!d.content.trim() && (d.kind !== 'TABLE_ANNOTATION' || !!d.tableName?.trim());

export function KnowledgeTable() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const qc = useQueryClient();
  const session = useSession();
  const canWrite = !isServerMode(session) || isTeamAdmin(session.user);
  const [filter, setFilter] = useState<KnowledgeFilter>({});
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [saving, setSaving] = useState(false);

  const list = useQuery({ queryKey: ['knowledge', filter, pageNo], queryFn: () => knowledgeApi.list({ ...filter, pageNo, pageSize: PAGE_SIZE }) });
  const sources = useQuery({ queryKey: ['knowledge-sources'], queryFn: knowledgeApi.dataSources });
  const sourceOptions = [{ value: 0, label: t('knowledge.global') }, ...(sources.data?.data ?? []).map((s) => ({ value: s.id, label: s.alias }))];
  const refresh = () => qc.invalidateQueries({ queryKey: ['knowledge'] });

  /** Every action but the editing row's own save/cancel goes through here: a row being edited must be saved first. */
  const guard = (run: () => void) => () => {
    if (editing) {
      message.warning(t('knowledge.saveFirst'));
      return;
    }
    run();
  };

  const save = async () => {
    if (!editing) return;
    if (!complete(editing.draft)) {
      message.warning(t('knowledge.completeFirst'));
      return;
    }
    setSaving(true);
    try {
      const d = { ...editing.draft, tableName: editing.draft.tableName?.trim() || null };
      if (editing.id === NEW) await knowledgeApi.create(d);
      else await knowledgeApi.update(editing.id, d);
      setEditing(null);
      message.success(t('knowledge.saved'));
      await refresh();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  const rows: KnowledgeItem[] = list.data?.data ?? [];
  const shown: KnowledgeItem[] = editing?.id === NEW ? [{ id: NEW, ...editing.draft, dataSourceName: null, createdAt: '', updatedAt: '' }, ...rows] : rows;
  const isEditing = (r: KnowledgeItem) => editing?.id === r.id;
  const patch = (p: Partial<KnowledgeDraft>) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...p } } : e));

  const columns = [
    {
      title: t('knowledge.col.kind'), dataIndex: 'kind', width: 170,
      render: (_: unknown, r: KnowledgeItem) => isEditing(r)
        ? <Select data-testid="knowledge-edit-kind" size="small" style={{ width: 160 }} value={editing!.draft.kind} onChange={(kind) => patch({ kind })} options={KNOWLEDGE_KINDS.map((k) => ({ value: k, label: t(`knowledge.kind.${k}`) }))} />
        : t(`knowledge.kind.${r.kind}`),
    },
    {
      title: t('knowledge.col.name'), dataIndex: 'name', width: 180,
      render: (_: unknown, r: KnowledgeItem) => isEditing(r)
        ? <Input data-testid="knowledge-edit-name" size="small" value={editing!.draft.name} placeholder={t('knowledge.namePlaceholder')} onChange={(e) => patch({ name: e.target.value })} maxLength={255} />
        : <Typography.Text strong>{r.name}</Typography.Text>,
    },
    {
      title: t('knowledge.col.content'), dataIndex: 'content',
      render: (_: unknown, r: KnowledgeItem) => isEditing(r)
        ? <Input.TextArea data-testid="knowledge-edit-content" size="small" autoSize={{ minRows: 1, maxRows: 6 }} value={editing!.draft.content} placeholder={t('knowledge.contentPlaceholder')} onChange={(e) => patch({ content: e.target.value })} maxLength={8000} />
        : <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 3, expandable: true }}>{r.content}</Typography.Paragraph>,
    },
    {
      title: t('knowledge.col.dataSource'), dataIndex: 'dataSourceName', width: 160,
      render: (_: unknown, r: KnowledgeItem) => isEditing(r)
        ? <Select data-testid="knowledge-edit-source" size="small" style={{ width: 150 }} value={editing!.draft.dataSourceId ?? 0} onChange={(v) => patch({ dataSourceId: v || null })} options={sourceOptions} />
        : r.dataSourceId == null ? <Typography.Text type="secondary">{t('knowledge.global')}</Typography.Text> : (r.dataSourceName ?? `#${r.dataSourceId}`),
    },
    {
      title: t('knowledge.col.table'), dataIndex: 'tableName', width: 140,
      render: (_: unknown, r: KnowledgeItem) => isEditing(r)
        ? <Input data-testid="knowledge-edit-table" size="small" value={editing!.draft.tableName ?? ''} placeholder={t('knowledge.tablePlaceholder')} onChange={(e) => patch({ tableName: e.target.value })} maxLength={1024} />
        : r.tableName,
    },
    ...(canWrite ? [{
      title: t('knowledge.col.action'), key: 'action', width: 140,
      render: (_: unknown, r: KnowledgeItem) => isEditing(r) ? (
        <Space size={4}>
          <Button data-testid="knowledge-save" size="small" type="link" loading={saving} onClick={save}>{t('knowledge.save')}</Button>
          <Button data-testid="knowledge-cancel" size="small" type="link" onClick={() => setEditing(null)}>{t('knowledge.cancel')}</Button>
        </Space>
      ) : (
        <Space size={4}>
          <Button data-testid={`knowledge-edit-${r.id}`} size="small" type="link" onClick={guard(() => setEditing({ id: r.id, draft: { kind: r.kind, name: r.name, content: r.content, dataSourceId: r.dataSourceId, tableName: r.tableName } }))}>{t('knowledge.edit')}</Button>
          <Button data-testid={`knowledge-delete-${r.id}`} size="small" type="link" danger onClick={guard(() => confirmDelete([r.id]))}>{t('knowledge.delete')}</Button>
        </Space>
      ),
    }] : []),
  ];

  function confirmDelete(ids: number[]) {
    if (!ids.length) {
      message.warning(t('knowledge.selectFirst'));
      return;
    }
    modal.confirm({
      title: t('knowledge.confirmDelete', { count: ids.length }),
      okButtonProps: { danger: true, ...({ 'data-testid': 'knowledge-confirm-delete' } as object) },
      onOk: async () => {
        const r = await knowledgeApi.remove(ids);
        setSelected((s) => s.filter((x) => !ids.includes(x)));
        message.success(t('knowledge.deleted', { count: r.deleted }));
        await refresh();
      },
    });
  }

  return (
    <div data-testid="knowledge-table">
      <KnowledgeToolbar
        canWrite={canWrite}
        filter={filter}
        sourceOptions={sourceOptions}
        selected={selected}
        guard={guard}
        onFilter={(f) => { setFilter(f); setPageNo(1); }}
        onAdd={() => setEditing({ id: NEW, draft: blank(filter.kind) })}
        onDeleteSelected={() => confirmDelete(selected)}
        onImported={refresh}
      />
      <Table<KnowledgeItem>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={shown}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number).filter((k) => k !== NEW)), getCheckboxProps: (r) => ({ disabled: r.id === NEW }) }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showTotal: (total) => t('knowledge.total', { total }), onChange: (p) => guard(() => setPageNo(p))() }}
        onRow={(r) => ({ 'data-testid': `knowledge-row-${r.id === NEW ? 'new' : r.id}` }) as React.HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
