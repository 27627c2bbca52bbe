/** Start an export task: a table or a database from the tree's menu, a query from the console results. */
import { useEffect, useState } from 'react';
import { Checkbox, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskExportFormat } from '@askdb/contracts';
import { taskApi } from './api';
import { useTaskDialogs } from './store';
import { useStartTask } from './use-start-task';

export function ExportDialog() {
  const { t } = useTranslation();
  const req = useTaskDialogs((s) => s.exportFor);
  const formats: TaskExportFormat[] = req?.target === 'database' ? ['dump', 'sql'] : req?.target === 'table' ? ['csv', 'xlsx', 'json', 'sql', 'dump'] : ['csv', 'xlsx', 'json', 'sql'];
  const [format, setFormat] = useState<TaskExportFormat>('csv');
  // CSV/XLSX guard formula-like text by default; the user may ask for it raw.
  const [rawFormulas, setRawFormulas] = useState(false);
  const spreadsheet = format === 'csv' || format === 'xlsx';
  const close = () => useTaskDialogs.getState().openExport(null);
  const { busy, start: run } = useStartTask(close);
  useEffect(() => {
    if (req) setFormat(req.target === 'database' ? 'dump' : 'csv');
  }, [req]);
  if (!req) return null;
  const start = () => run(() => taskApi.exportStart({
    dataSourceId: req.dataSourceId, databaseName: req.databaseName ?? undefined, schemaName: req.schemaName ?? undefined,
    target: req.target, tableName: req.tableName ?? undefined, sql: req.sql, format, ...(spreadsheet && rawFormulas ? { rawFormulas: true } : {}),
  }));
  const what = req.target === 'query' ? (req.sql ?? '').slice(0, 120) : [req.databaseName, req.schemaName, req.tableName].filter(Boolean).join('.');
  return (
    <Modal open title={t('task.export.title')} onCancel={close} onOk={start} okText={t('task.export.start')} confirmLoading={busy} okButtonProps={{ 'data-testid': 'export-start' } as never} data-testid="export-dialog">
      <Typography.Paragraph type="secondary" ellipsis>{what}</Typography.Paragraph>
      <Typography.Text>{t('task.export.format')}</Typography.Text>
      <Radio.Group value={format} onChange={(e) => setFormat(e.target.value)} style={{ display: 'block', marginTop: 8 }}>
        <Space direction="vertical">
          {formats.map((f) => <Radio key={f} value={f} data-testid={`export-format-${f}`}>{t(`task.export.fmt.${f}`)}</Radio>)}
        </Space>
      </Radio.Group>
      {spreadsheet && (
        <Checkbox checked={rawFormulas} onChange={(e) => setRawFormulas(e.target.checked)} style={{ display: 'block', marginTop: 12 }} data-testid="export-raw-formulas">
          {t('task.export.rawFormulas')}
        </Checkbox>
      )}
    </Modal>
  );
}
