/**
 * CHANGE_AI_TABLE_INFO tab (spec 01 §2; 02 §3 "AI dataset"): the table's AI name and comment, and per
 * column — original name, type and comment read-only — the AI alias name and comment, foreign-key
 * table and column, example data, enum, example function, extra attribute and the excluded flag.
 * Save writes it whole (conditional on the version read); Cancel goes back to what was saved;
 * closing the tab with unsaved changes asks first, like the other editors.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Checkbox, Input, Select, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WorkspaceTab } from '../workspace/tabs-store';
import { usePendingWork } from '../workspace/pending-changes';
import { aiTableInfoApi, type AiColumnFields, type AiInfoColumn, type AiTableInfoAnswer } from './api';
import { changeCount, formOf, saveBody, type InfoForm } from './info-form';

type TextField = 'aliasName' | 'aliasComment' | 'foreignTable' | 'foreignColumn' | 'exampleData' | 'exampleFunction' | 'extraAttribute';
const TEXT_COLUMNS: { field: TextField; label: string; width: number }[] = [
  { field: 'aliasName', label: 'aiTableInfo.col.alias', width: 150 },
  { field: 'aliasComment', label: 'aiTableInfo.col.aliasComment', width: 200 },
  { field: 'foreignTable', label: 'aiTableInfo.col.fkTable', width: 140 },
  { field: 'foreignColumn', label: 'aiTableInfo.col.fkColumn', width: 130 },
  { field: 'exampleData', label: 'aiTableInfo.col.example', width: 170 },
];
const MORE_COLUMNS: { field: TextField; label: string; width: number }[] = [
  { field: 'exampleFunction', label: 'aiTableInfo.col.function', width: 170 },
  { field: 'extraAttribute', label: 'aiTableInfo.col.extra', width: 160 },
];

export function AiTableInfoTab({ tab }: { tab: WorkspaceTab }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const collectionId = (tab.params?.collectionId as number | undefined) ?? null;
  const collectionTitle = (tab.params?.collectionTitle as string | undefined) ?? '';
  const [answer, setAnswer] = useState<AiTableInfoAnswer | null>(null);
  const [base, setBase] = useState<InfoForm | null>(null);
  const [form, setForm] = useState<InfoForm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [filter, setFilter] = useState('');

  const load = useCallback(async () => {
    setError(null);
    try {
      const a = await aiTableInfoApi.get({ dataSourceId: tab.dataSourceId!, databaseName: tab.databaseName, schemaName: tab.schemaName, tableName: tab.tableName!, collectionId });
      setAnswer(a);
      setBase(formOf(a));
      setForm(formOf(a));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [tab.dataSourceId, tab.databaseName, tab.schemaName, tab.tableName, collectionId]);
  useEffect(() => void load(), [load]);

  const count = base && form ? changeCount(base, form) : 0;
  const save = async (): Promise<boolean> => {
    if (!answer || !form || !answer.canEdit) return false;
    setBusy(true);
    setError(null);
    try {
      const { version } = await aiTableInfoApi.save(saveBody(answer, form));
      setAnswer({ ...answer, version });
      setBase(form);
      void message.success(t('aiTableInfo.saved', { name: answer.tableName }));
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const revert = () => setForm(base);
  usePendingWork(tab.id, answer?.canEdit ? count : 0, save, revert);

  const inherited = useMemo(() => new Map((answer?.inherited?.columns ?? []).map((c) => [c.name, c])), [answer]);
  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (answer?.columns ?? []).filter((c) => !q || c.name.toLowerCase().includes(q) || (c.comment ?? '').toLowerCase().includes(q) || (form?.columns[c.name]?.aliasName ?? '').toLowerCase().includes(q));
  }, [answer, filter, form]);

  if (!answer || !form) {
    return error ? <Alert type="error" showIcon title={error} style={{ margin: 16 }} action={<Button size="small" onClick={() => void load()}>{t('aiTableInfo.reload')}</Button>} data-testid="ai-info-error" /> : <Spin style={{ margin: 48 }} />;
  }
  const readOnly = !answer.canEdit;
  const setColumn = (name: string, patch: AiColumnFields) => setForm((f) => (f ? { ...f, columns: { ...f.columns, [name]: { ...f.columns[name], ...patch } } } : f));
  const hint = (name: string, field: keyof AiColumnFields) => {
    const v = inherited.get(name)?.[field];
    return Array.isArray(v) ? v.join(', ') : typeof v === 'string' ? v : undefined;
  };
  const textColumn = ({ field, label, width }: { field: TextField; label: string; width: number }) => ({
    title: t(label),
    key: field,
    width,
    render: (_: unknown, c: AiInfoColumn) => (
      <Input
        size="small"
        variant="filled"
        disabled={readOnly}
        data-testid={`ai-info-${field}`}
        aria-label={`${c.name} ${t(label)}`}
        placeholder={hint(c.name, field)}
        value={(form.columns[c.name]?.[field] as string | undefined) ?? ''}
        onChange={(e) => setColumn(c.name, { [field]: e.target.value })}
      />
    ),
  });

  return (
    <div className="askdb-pane" data-testid="ai-table-info-tab">
      <div className="askdb-pane-toolbar">
        <Button size="small" type="primary" disabled={readOnly || count === 0} loading={busy} onClick={() => void save()} data-testid="ai-info-save">{t('aiTableInfo.save')}</Button>
        <Button size="small" disabled={readOnly || count === 0 || busy} onClick={revert} data-testid="ai-info-cancel">{t('aiTableInfo.cancel')}</Button>
        <Button size="small" icon={<ReloadOutlined />} disabled={busy} onClick={() => void load()}>{t('aiTableInfo.reload')}</Button>
        {count > 0 && <Tag color="orange" data-testid="ai-info-changes">{t('aiTableInfo.changes', { count })}</Tag>}
        <Input size="small" allowClear prefix={<SearchOutlined />} placeholder={t('aiTableInfo.search')} value={filter} onChange={(e) => setFilter(e.target.value)} style={{ width: 220, marginLeft: 'auto' }} />
      </div>
      {error && <Alert type="error" showIcon title={error} style={{ margin: '8px 12px' }} closable onClose={() => setError(null)} data-testid="ai-info-error" />}
      <div className="askdb-pane-body" style={{ padding: '8px 12px', overflow: 'auto' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {collectionId ? t('aiTableInfo.collectionIntro', { title: collectionTitle }) : t('aiTableInfo.intro')}
        </Typography.Paragraph>
        {readOnly && <Alert type="info" showIcon title={t('aiTableInfo.readOnly')} style={{ marginBottom: 8 }} data-testid="ai-info-read-only" />}
        <Space direction="vertical" style={{ width: '100%', maxWidth: 900, marginBottom: 12 }} size={6}>
          <label>
            <Typography.Text strong>{t('aiTableInfo.tableName')}</Typography.Text>
            <Input
              data-testid="ai-info-table-name"
              disabled={readOnly}
              maxLength={255}
              placeholder={answer.inherited?.aiTableName ?? t('aiTableInfo.tableNamePlaceholder')}
              value={form.aiTableName}
              onChange={(e) => setForm({ ...form, aiTableName: e.target.value })}
            />
          </label>
          <label>
            <Typography.Text strong>{t('aiTableInfo.tableComment')}</Typography.Text>
            <Input.TextArea
              data-testid="ai-info-table-comment"
              disabled={readOnly}
              maxLength={4000}
              autoSize={{ minRows: 2, maxRows: 6 }}
              placeholder={answer.inherited?.aiTableComment ?? t('aiTableInfo.tableCommentPlaceholder')}
              value={form.aiTableComment}
              onChange={(e) => setForm({ ...form, aiTableComment: e.target.value })}
            />
          </label>
        </Space>
        <Table<AiInfoColumn>
          size="small"
          bordered
          rowKey="name"
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(c) => ({ 'data-testid': 'ai-info-row', 'data-name': c.name, className: form.columns[c.name]?.excluded ? 'askdb-ai-info-excluded' : undefined }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('aiTableInfo.col.name'),
              key: 'name',
              fixed: 'left',
              width: 170,
              render: (_: unknown, c) => (
                <span>
                  <Typography.Text strong delete={!!form.columns[c.name]?.excluded}>{c.name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 11, marginLeft: 6 }}>{c.columnType}</Typography.Text>
                </span>
              ),
            },
            { title: t('aiTableInfo.col.comment'), key: 'comment', width: 160, render: (_: unknown, c) => <Typography.Text type="secondary" ellipsis={{ tooltip: c.comment }}>{c.comment ?? ''}</Typography.Text> },
            ...TEXT_COLUMNS.map(textColumn),
            {
              title: t('aiTableInfo.col.enum'),
              key: 'enumValues',
              width: 200,
              render: (_: unknown, c) => (
                <Select
                  mode="tags"
                  size="small"
                  variant="filled"
                  style={{ width: '100%' }}
                  disabled={readOnly}
                  open={false}
                  suffixIcon={null}
                  tokenSeparators={[',']}
                  data-testid="ai-info-enumValues"
                  aria-label={`${c.name} ${t('aiTableInfo.col.enum')}`}
                  placeholder={hint(c.name, 'enumValues') ?? t('aiTableInfo.enumPlaceholder')}
                  value={form.columns[c.name]?.enumValues ?? []}
                  onChange={(v: string[]) => setColumn(c.name, { enumValues: v })}
                />
              ),
            },
            ...MORE_COLUMNS.map(textColumn),
            {
              title: (
                <span>
                  {t('aiTableInfo.col.excluded')}{' '}
                  <Tooltip title={t('aiTableInfo.excludedHint')}><InfoCircleOutlined /></Tooltip>
                </span>
              ),
              key: 'excluded',
              fixed: 'right',
              width: 90,
              align: 'center',
              render: (_: unknown, c) => (
                <Checkbox
                  disabled={readOnly || (!!collectionId && !!inherited.get(c.name)?.excluded)}
                  data-testid="ai-info-excluded"
                  aria-label={`${c.name} ${t('aiTableInfo.col.excluded')}`}
                  checked={!!form.columns[c.name]?.excluded || (!!collectionId && !!inherited.get(c.name)?.excluded)}
                  onChange={(e) => setColumn(c.name, { excluded: e.target.checked })}
                />
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}
