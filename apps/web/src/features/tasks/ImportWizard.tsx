/**
 * The import wizard (issue 18 point 3): choose a file (uploaded at once, streamed to the server),
 * its format and encoding, a new table or an existing one with a column mapping, a preview of the
 * first rows with their inferred types, then start — the task list shows its progress.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Alert, Checkbox, Form, Input, Modal, Radio, Select, Space, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMPORT_ENCODINGS, IMPORT_FORMATS, type ImportFormat, type ImportPreview, type UploadedFile } from '@askdb/contracts';
import { taskApi } from './api';
import { useTaskDialogs } from './store';
import { useStartTask } from './use-start-task';
import { metaApi } from '../workspace/meta-api';
import { useErrorToast } from '../../app/use-error-toast';

export function ImportWizard() {
  const target = useTaskDialogs((s) => s.importFor);
  if (!target) return null;
  return <Wizard key={`${target.dataSourceId}/${target.databaseName}/${target.schemaName}/${target.tableName}`} />;
}

function Wizard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const target = useTaskDialogs((s) => s.importFor)!;
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [uploading, setUploading] = useState(false);
  const [format, setFormat] = useState<ImportFormat>('csv');
  const [encoding, setEncoding] = useState<string>('utf-8');
  const [header, setHeader] = useState(true);
  const [mode, setMode] = useState<'new' | 'existing'>(target.tableName ? 'existing' : 'new');
  const [tableName, setTableName] = useState(target.tableName ?? '');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [tableColumns, setTableColumns] = useState<string[]>([]);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [skipBad, setSkipBad] = useState(true);
  const close = () => useTaskDialogs.getState().openImport(null);
  const { busy, start: run } = useStartTask(close);

  useEffect(() => {
    if (!file || format === 'sql') return setPreview(null);
    taskApi.preview({ uploadId: file.uploadId, format, encoding, header, dataSourceId: target.dataSourceId }).then(setPreview, (e: Error) => {
      setPreview(null);
      void message.error(e.message);
    });
  }, [file, format, encoding, header, target.dataSourceId, message]);

  useEffect(() => {
    if (mode !== 'existing' || !tableName) return setTableColumns([]);
    metaApi.columns({ dataSourceId: target.dataSourceId, databaseName: target.databaseName ?? null, schemaName: target.schemaName ?? null, tableName } as never)
      .then((cols) => setTableColumns(cols.map((c) => c.name)), () => setTableColumns([]));
  }, [mode, tableName, target]);

  useEffect(() => {
    if (!preview) return;
    const lower = new Map(tableColumns.map((c) => [c.toLowerCase(), c]));
    setMapping(preview.columns.map((c) => lower.get(c.name.toLowerCase()) ?? null));
  }, [preview, tableColumns]);

  const pick = async (f: File) => {
    setUploading(true);
    try {
      const up = await taskApi.upload(f);
      setFile(up);
      if (up.format) setFormat(up.format);
      if (!tableName && mode === 'new') setTableName(f.name.replace(/\.[^.]+$/, '').replace(/[^\w]+/g, '_').slice(0, 60));
    } catch (e) {
      void showError(e);
    } finally {
      setUploading(false);
    }
    return false;
  };

  const start = async () => {
    if (!file) return;
    const pairs = mapping.map((m, i) => (m ? { source: i, target: m } : null)).filter((x): x is { source: number; target: string } => !!x);
    await run(() => taskApi.importStart({
      uploadId: file.uploadId, dataSourceId: target.dataSourceId, databaseName: target.databaseName ?? undefined, schemaName: target.schemaName ?? undefined,
      format, encoding: encoding as never, header, mode, tableName: format === 'sql' ? undefined : tableName, skipBadRows: skipBad,
      ...(mode === 'existing' && format !== 'sql' ? { mapping: pairs } : {}),
    }));
  };

  const columns = useMemo(() => (preview?.columns ?? []).map((c, i) => ({
    key: String(i), dataIndex: String(i), ellipsis: true, width: 140,
    title: (
      <div>
        <div>{c.name} <Typography.Text type="secondary">{mode === 'new' ? c.type : ''}</Typography.Text></div>
        {mode === 'existing' && (
          <Select size="small" style={{ width: '100%' }} value={mapping[i] ?? ''} data-testid={`map-${i}`}
            onChange={(v) => setMapping((old) => old.map((m, j) => (j === i ? v || null : m)))}
            options={[{ value: '', label: t('task.import.skip') }, ...tableColumns.map((n) => ({ value: n, label: n }))]} />
        )}
      </div>
    ),
  })), [preview, mode, mapping, tableColumns, t]);
  const rows = (preview?.rows ?? []).map((r, k) => ({ key: k, ...Object.fromEntries(r.map((v, i) => [String(i), v ?? ''])) }));
  const ready = !!file && (format === 'sql' || (!!tableName && (mode === 'new' || mapping.some(Boolean))));

  return (
    <Modal open width={860} title={t('task.import.title')} onCancel={close} onOk={start} okText={t('task.import.start')} confirmLoading={busy}
      okButtonProps={{ disabled: !ready, 'data-testid': 'import-start' } as never} data-testid="import-wizard">
      <Typography.Paragraph type="secondary">{[target.databaseName, target.schemaName].filter(Boolean).join('.')}</Typography.Paragraph>
      <Upload.Dragger beforeUpload={pick} showUploadList={false} accept=".csv,.tsv,.txt,.xlsx,.xls,.json,.ndjson,.jsonl,.sql" disabled={uploading} data-testid="import-file">
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p>{uploading ? t('task.import.uploading') : file ? `${file.name} (${(file.size / 1024).toFixed(1)} KB)` : t('task.import.choose')}</p>
      </Upload.Dragger>
      <Form layout="inline" style={{ marginTop: 12, rowGap: 8 }}>
        <Form.Item label={t('task.import.format')}>
          <Select value={format} onChange={setFormat} style={{ width: 100 }} options={IMPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))} data-testid="import-format" />
        </Form.Item>
        {format !== 'xlsx' && format !== 'sql' && (
          <Form.Item label={t('task.import.encoding')}>
            <Select value={encoding} onChange={setEncoding} style={{ width: 120 }} options={IMPORT_ENCODINGS.map((e) => ({ value: e, label: e }))} />
          </Form.Item>
        )}
        {(format === 'csv' || format === 'tsv' || format === 'xlsx') && (
          <Form.Item><Checkbox checked={header} onChange={(e) => setHeader(e.target.checked)}>{t('task.import.header')}</Checkbox></Form.Item>
        )}
      </Form>
      {format === 'sql' ? <Alert style={{ marginTop: 12 }} type="info" message={t('task.import.sqlNote')} /> : (
        <>
          <Space style={{ marginTop: 12 }} wrap>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)} data-testid="import-mode">
              <Radio value="new">{t('task.import.new')}</Radio>
              <Radio value="existing">{t('task.import.existing')}</Radio>
            </Radio.Group>
            <Input value={tableName} onChange={(e) => setTableName(e.target.value)} placeholder={t('task.import.table')} style={{ width: 240 }} data-testid="import-table" />
            <Checkbox checked={skipBad} onChange={(e) => setSkipBad(e.target.checked)}>{t('task.import.skipBad')}</Checkbox>
          </Space>
          {preview && (
            <>
              <Typography.Title level={5} style={{ marginTop: 12 }}>{mode === 'existing' ? t('task.import.mapping') : t('task.import.preview')}</Typography.Title>
              <Table size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: true, y: 240 }} data-testid="import-preview" />
              {preview.errors.slice(0, 5).map((e) => <Typography.Text key={e.row} type="danger" style={{ display: 'block' }}>{t('task.row', { row: e.row })}: {e.message}</Typography.Text>)}
            </>
          )}
        </>
      )}
    </Modal>
  );
}
