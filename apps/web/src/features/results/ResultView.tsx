/**
 * One statement's tab: its rows in the grid with row count, duration, filter, copy and export; or its
 * message when it returned no rows.
 */
import { useMemo, useState, useDeferredValue } from 'react';
import { App, Button, Dropdown, Input, Result, Space, Tooltip, Typography } from 'antd';
import { DownloadOutlined, VerticalAlignBottomOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '@askdb/contracts';
import { dialectFor } from '@askdb/sql';
import type { DatabaseType } from '@askdb/contracts';
import { DataGrid } from './DataGrid.js';
import { useResultSet } from './result-set.js';
import type { StatementResult } from './run-store.js';
import { viewOf, type SortSpec } from './grid-view.js';
import { formatCopy, tableOfSelect, type CopyFormat } from './copy-formats.js';
import { selectedCells, type CellRange } from './grid-selection.js';
import { writeClipboard } from '../../lib/clipboard';
import { exportResult } from './export.js';
import { openTaskExport } from '../tasks/store';
import { formatCount, formatDuration } from './format.js';
import { statementMessage } from './SummaryTable.js';

export interface ResultBinding {
  dataSourceId?: number | null;
  databaseName?: string | null;
  schemaName?: string | null;
  databaseType?: string | null;
}

export function ResultView({ result, binding, onRepair }: { result: StatementResult; binding: ResultBinding; onRepair(r: StatementResult): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const rs = result.set;
  const version = useResultSet(rs);
  const [filterText, setFilterText] = useState('');
  const filter = useDeferredValue(filterText);
  const [sort, setSort] = useState<SortSpec | null>(null);
  // A new run in this tab: start over (the component itself is kept, so the toolbar is not rebuilt).
  const [shownId, setShownId] = useState(result.id);
  if (shownId !== result.id) {
    setShownId(result.id);
    setFilterText('');
    setSort(null);
  }
  const [exporting, setExporting] = useState(false);
  const view = useMemo(() => (rs ? viewOf(rs.rows, rs.headers, filter, sort) : null), [rs, filter, sort, version]);

  if (!rs) {
    return (
      <div className="askdb-result-message" data-testid="result-message">
        <Result
          status={result.success ? 'success' : 'error'}
          title={statementMessage(result, t)}
          subTitle={<Typography.Text code className="askdb-result-sql">{result.originalSql.length > 300 ? result.originalSql.slice(0, 300) + '…' : result.originalSql}</Typography.Text>}
          extra={!result.success && !result.cancelled ? <Button onClick={() => onRepair(result)} data-testid="ai-repair-statement">{t('results.aiRepair')}</Button> : undefined}
        />
      </div>
    );
  }

  const loaded = rs.rows.length;
  const more = rs.canLoadMore || result.hasMoreWithoutCursor;
  const copy = async (format: CopyFormat, range: CellRange) => {
    const s = { ...range, c0: Math.min(range.c0, range.c1), c1: Math.max(range.c0, range.c1) };
    const headers = rs.headers.slice(s.c0, s.c1 + 1);
    const cells = selectedCells(rs.rows, view, range);
    const dialect = dialectFor((binding.databaseType || 'MYSQL') as DatabaseType);
    const text = formatCopy(format, headers, cells, { dialect, tableName: tableOfSelect(result.originalSql) });
    if (await writeClipboard(text)) void message.success(t('results.copied', { n: cells.length }));
  };
  const doExport = async (format: ExportFormat) => {
    if (binding.dataSourceId == null) return;
    setExporting(true);
    try {
      const name = await exportResult({ sql: result.originalSql, dataSourceId: binding.dataSourceId, databaseName: binding.databaseName, schemaName: binding.schemaName, format, tableName: tableOfSelect(result.originalSql) });
      void message.success(t('results.exported', { name }));
    } catch (e) {
      void message.error(t('results.exportFailed', { message: (e as Error).message }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="askdb-result-view" data-testid="result-view">
      <div className="askdb-result-toolbar">
        <Space size={12} wrap>
          <span data-testid="result-row-count" data-loaded={loaded} data-complete={more ? 'false' : 'true'}>
            {more ? t('results.rowsMore', { count: loaded, formatted: formatCount(loaded, i18n.language) }) : t('results.rows', { count: loaded, formatted: formatCount(loaded, i18n.language) })}
            {view && view.length !== loaded && ` · ${t('results.filtered', { n: view.length, formatted: formatCount(view.length, i18n.language) })}`}
          </span>
          <Typography.Text type="secondary" data-testid="result-duration">{formatDuration(result.duration)}</Typography.Text>
          {result.truncated && <Typography.Text type="warning" data-testid="result-truncated">{t('results.truncated')}</Typography.Text>}
          {rs.loading && <Typography.Text type="secondary">{t('results.loadingMore')}</Typography.Text>}
          {rs.error && <Typography.Text type="danger">{rs.error}</Typography.Text>}
        </Space>
        <Space size={8}>
          <Input.Search allowClear size="small" placeholder={t('results.filter')} value={filterText} onChange={(e) => setFilterText(e.target.value)} style={{ width: 200 }} data-testid="result-filter" />
          {rs.canLoadMore && (
            <Tooltip title={t('results.loadAllHint')}>
              <Button size="small" icon={<VerticalAlignBottomOutlined />} onClick={() => void rs.loadAll()} data-testid="result-load-all">{t('results.loadAll')}</Button>
            </Tooltip>
          )}
          <Dropdown
            disabled={binding.dataSourceId == null}
            menu={{ items: [...EXPORT_FORMATS.map((f) => ({ key: f, label: <span data-testid={`export-${f}`}>{t(`results.export.${f}`)}</span> })), { type: 'divider' as const }, { key: 'task', label: <span data-testid="export-task">{t('task.menu.exportQuery')}</span> }], onClick: ({ key }) => (key === 'task' ? openTaskExport({ target: 'query', sql: result.originalSql, dataSourceId: binding.dataSourceId!, databaseName: binding.databaseName, schemaName: binding.schemaName }) : void doExport(key as ExportFormat)) }}
          >
            <Button size="small" icon={<DownloadOutlined />} loading={exporting} data-testid="result-export">{t('results.export')}</Button>
          </Dropdown>
        </Space>
      </div>
      <div className="askdb-result-grid">
        <DataGrid
          key={result.id}
          headers={rs.headers}
          rows={rs.rows}
          view={view}
          version={version}
          canLoadMore={rs.canLoadMore}
          loading={rs.loading}
          onLoadMore={() => void rs.loadMore()}
          onLoadAll={() => rs.loadAll()}
          sort={sort}
          onSort={setSort}
          onCopy={(f, r) => void copy(f, r)}
        />
      </div>
    </div>
  );
}
