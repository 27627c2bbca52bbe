/**
 * CREATE_TABLE / EDIT_TABLE tab: table name and comment, engine options where they apply, columns and
 * indexes, a live preview of the DDL that will run (written by the server), apply, and (editing) drop
 * with typed confirmation.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, AutoComplete, Button, Input, Spin, Tabs, Tooltip, Typography } from 'antd';
import { CheckOutlined, CopyOutlined, DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dialectFor } from '@askdb/sql';
import { ERROR_CODES, type DatabaseType, type TableEditModelResult } from '@askdb/contracts';
import { ApiError } from '../../lib/api';
import { useTabs, type WorkspaceTab } from '../workspace/tabs-store';
import { usePendingWork } from '../workspace/pending-changes';
import { openTab } from '../workspace/open-tabs';
import { useDialogs } from '../workspace/dialogs-store';
import { refreshTablesFolder } from '../workspace/table-actions';
import { writeClipboard as copyText } from '../../lib/clipboard';
import { sessionIdFor } from '../table-data/apply';
import { ColumnsEditor } from './ColumnsEditor';
import { IndexesEditor } from './IndexesEditor';
import { columnFromModel, columnRenames, newId, stateFromModel, toEditModel, typeProblems, validate, type EditorState } from './model';
import { tableEditApi } from './edit-api';
import { useDdlPreview } from './use-ddl-preview';
import { runDdl } from './apply';

export function TableEditorTab({ tab }: { tab: WorkspaceTab }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const type = tab.databaseType as DatabaseType;
  const d = dialectFor(type);
  const creating = tab.type === 'CREATE_TABLE';
  const loc = useMemo(() => ({ dataSourceId: tab.dataSourceId!, databaseName: tab.databaseName, schemaName: tab.schemaName }), [tab.dataSourceId, tab.databaseName, tab.schemaName]);

  const [info, setInfo] = useState<TableEditModelResult | null>(null);
  const [state, setState] = useState<EditorState | null>(null);
  const [loadError, setLoadError] = useState<{ message: string; unsupported: boolean } | null>(null);
  const [applyError, setApplyError] = useState<{ statement: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The state as loaded: anything else is work not applied yet.
  const [baseline, setBaseline] = useState('');

  const load = useCallback(async () => {
    setLoadError(null);
    setApplyError(null);
    try {
      const r = await tableEditApi.model(loc, creating ? null : tab.tableName);
      setInfo(r);
      const loaded: EditorState =
        creating || !r.table
          ? { name: '', comment: '', columns: [columnFromModel(r.newKeyColumn, false), columnFromModel(r.newColumn, false)], indexes: [], options: r.tableOptions ? { engine: 'InnoDB', charset: 'utf8mb4' } : {} }
          : stateFromModel(r.table, r.options ?? {});
      setState(loaded);
      setBaseline(JSON.stringify(loaded));
    } catch (e) {
      setLoadError({ message: (e as Error).message, unsupported: e instanceof ApiError && e.errorCode === ERROR_CODES.UNSUPPORTED });
    }
  }, [creating, loc, tab.tableName]);
  useEffect(() => void load(), [load]);

  // Invalid names, types and sizes stop the preview: the server is never asked for `timestamp(100)`.
  const problems = state && info ? [...validate(state).map((key) => t(key)), ...typeProblems(state, info.engine).map((p) => t(p.key, p.values))] : [];
  const request = useMemo(() => {
    if (!state || !info || problems.length) return null;
    const options = !!info.tableOptions;
    return {
      original: info.table,
      desired: toEditModel(state),
      columnRenames: columnRenames(state),
      ...(options ? { tableOptions: state.options, ...(info.options ? { originalTableOptions: info.options } : {}) } : {}),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, info, problems.join()]);
  const preview = useDdlPreview(loc, request);
  const dirty = !!state && !!baseline && JSON.stringify(state) !== baseline;
  const ready = preview.sql.length > 0 && !preview.pending && !preview.error;
  const applyRef = useRef<() => Promise<boolean>>(async () => false);
  usePendingWork(tab.id, dirty ? Math.max(1, preview.sql.length) : 0, () => applyRef.current(), () => setState(baseline ? (JSON.parse(baseline) as EditorState) : null));

  if (loadError?.unsupported) return <Alert type="info" showIcon title={loadError.message} style={{ margin: 16 }} data-testid="table-editor-unsupported" />;
  if (loadError) return <Alert type="error" showIcon title={loadError.message} style={{ margin: 16 }} action={<Button size="small" onClick={() => void load()}>{t('tableEditor.retry')}</Button>} />;
  if (!state || !info) return <Spin style={{ margin: 48 }} />;
  const comments = info.comments;
  const mysqlOptions = info.tableOptions;

  const patch = (p: Partial<EditorState>) => setState((s) => (s ? { ...s, ...p } : s));
  const apply = async (): Promise<boolean> => {
    if (!ready) return false;
    setBusy(true);
    setApplyError(null);
    try {
      const r = await runDdl(loc, d, preview.sql, sessionIdFor(tab.id));
      if (!r.ok) {
        setApplyError(r);
        return false;
      }
      // Applied: nothing is pending any more, whatever happens to the tab next.
      setBaseline(JSON.stringify(state));
      const name = state.name.trim();
      void message.success(t(creating ? 'tableEditor.created' : 'tableEditor.altered', { name }));
      await refreshTablesFolder(type, { ...loc, databaseType: type });
      const target = { ...loc, dataSourceName: tab.dataSourceName, databaseType: type, tableName: name };
      if (creating || name !== tab.tableName) {
        useTabs.getState().close(tab.id);
        openTab.editTable(target);
      } else await load();
      return true;
    } catch (e) {
      setApplyError({ statement: '', message: (e as Error).message });
      return false;
    } finally {
      setBusy(false);
    }
  };

  applyRef.current = apply;

  const columnNames = state.columns.map((c) => c.name.trim()).filter(Boolean);
  return (
    <div className="askdb-pane" data-testid="table-editor-tab">
      <div className="askdb-pane-toolbar">
        <Input size="small" addonBefore={t('tableEditor.tableName')} value={state.name} onChange={(e) => patch({ name: e.target.value })} style={{ width: 300 }} data-testid="table-name" status={state.name.trim() ? undefined : 'warning'} autoFocus={creating} />
        {comments && <Input size="small" addonBefore={t('tableEditor.comment')} value={state.comment} onChange={(e) => patch({ comment: e.target.value })} style={{ width: 300 }} data-testid="table-comment" />}
        <span style={{ marginLeft: 'auto', display: 'flex', gap: 8 }}>
          {!creating && (
            <Tooltip title={t('tableEditor.reset')}>
              <Button size="small" icon={<ReloadOutlined />} onClick={() => void load()} aria-label={t('tableEditor.reset')} />
            </Tooltip>
          )}
          {!creating && (
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => useDialogs.getState().openDropTable({ ...loc, dataSourceName: tab.dataSourceName, databaseType: type, tableName: tab.tableName! })} data-testid="table-drop">
              {t('tableEditor.dropTable')}
            </Button>
          )}
          <Button size="small" type="primary" icon={<CheckOutlined />} loading={busy} disabled={!ready} onClick={() => void apply()} data-testid="table-apply">
            {creating ? t('tableEditor.create') : t('tableEditor.apply')}
          </Button>
        </span>
      </div>
      {mysqlOptions && (
        <div className="askdb-pane-toolbar" style={{ paddingTop: 4 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('tableEditor.options')}</Typography.Text>
          <label className="askdb-opt">
            <span>{t('tableEditor.engine')}</span>
            <AutoComplete size="small" style={{ width: 130 }} value={state.options.engine} options={mysqlOptions.engines.map((v) => ({ value: v }))} onChange={(v) => patch({ options: { ...state.options, engine: v } })} data-testid="opt-engine" />
          </label>
          <label className="askdb-opt">
            <span>{t('tableEditor.charset')}</span>
            <AutoComplete size="small" style={{ width: 120 }} value={state.options.charset} options={mysqlOptions.charsets.map((v) => ({ value: v }))} onChange={(v) => patch({ options: { ...state.options, charset: v } })} data-testid="opt-charset" />
          </label>
          <label className="askdb-opt">
            <span>{t('tableEditor.collation')}</span>
            <Input size="small" style={{ width: 170 }} value={state.options.collation} onChange={(e) => patch({ options: { ...state.options, collation: e.target.value } })} data-testid="opt-collation" />
          </label>
          <label className="askdb-opt">
            <span>{t('tableEditor.autoIncrementValue')}</span>
            <Input size="small" style={{ width: 100 }} value={state.options.autoIncrement} onChange={(e) => patch({ options: { ...state.options, autoIncrement: e.target.value.replace(/\D/g, '') } })} data-testid="opt-auto-increment" />
          </label>
        </div>
      )}
      <div className="askdb-pane-body" style={{ padding: '0 12px' }}>
        <Tabs
          size="small"
          items={[
            {
              key: 'columns',
              label: t('tableEditor.columns', { count: state.columns.length }),
              children: (
                <>
                  <ColumnsEditor engine={info.engine} types={info.columnTypes} columns={state.columns} comments={comments} collations={info.collations ?? []} onChange={(columns) => patch({ columns })} />
                  <Button size="small" type="dashed" icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => patch({ columns: [...state.columns, columnFromModel(info.newColumn, false)] })} data-testid="col-add">
                    {t('tableEditor.addColumn')}
                  </Button>
                </>
              ),
            },
            {
              key: 'indexes',
              label: t('tableEditor.indexes', { count: state.indexes.length }),
              children: (
                <>
                  <IndexesEditor kinds={info.indexKinds} methods={info.indexMethods} indexes={state.indexes} columnNames={columnNames} include={!!info.indexInclude} prefixLength={!!info.indexPrefixLength} onChange={(indexes) => patch({ indexes })} />
                  <Button
                    size="small"
                    type="dashed"
                    icon={<PlusOutlined />}
                    style={{ marginTop: 8 }}
                    onClick={() => patch({ indexes: [...state.indexes, { id: newId(), orig: null, name: `${state.name.trim() || 'table'}_idx${state.indexes.length + 1}`, kind: 'INDEX', method: '', columns: [], include: [] }] })}
                    data-testid="idx-add"
                  >
                    {t('tableEditor.addIndex')}
                  </Button>
                </>
              ),
            },
          ]}
        />
      </div>
      <div className="askdb-ddl-preview">
        <div className="askdb-ddl-head">
          <span>
            <Typography.Text strong>{t('tableEditor.preview')}</Typography.Text>
            {preview.pending && <Spin size="small" style={{ marginLeft: 8 }} data-testid="ddl-preview-pending" />}
          </span>
          <Button size="small" type="text" icon={<CopyOutlined />} disabled={!preview.sql.length} onClick={async () => (await copyText(preview.sql.map((s) => `${s};`).join('\n'))) && message.success(t('workspace.copied', { what: 'DDL' }))}>
            {t('workspace.copy')}
          </Button>
        </div>
        {problems.length > 0 && <Alert type="warning" showIcon title={problems.join(' ')} style={{ margin: '0 12px 8px' }} data-testid="table-problems" />}
        {preview.error && <Alert type="error" showIcon title={preview.error} style={{ margin: '0 12px 8px' }} data-testid="ddl-preview-error" />}
        {applyError && (
          <Alert
            type="error"
            showIcon
            data-testid="table-apply-error"
            style={{ margin: '0 12px 8px' }}
            title={t('tableEditor.failed', { message: applyError.message })}
            description={applyError.statement ? <Typography.Text code style={{ whiteSpace: 'pre-wrap' }}>{applyError.statement}</Typography.Text> : undefined}
          />
        )}
        <pre className="askdb-code" data-testid="ddl-preview" style={preview.pending ? { opacity: 0.6 } : undefined}>
          {preview.sql.length ? preview.sql.map((s) => `${s};`).join('\n\n') : problems.length || preview.pending || preview.error ? '' : t('tableEditor.noChanges')}
        </pre>
      </div>
    </div>
  );
}
