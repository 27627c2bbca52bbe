/**
 * Chart editor (spec 02 §2): SQL in the console's Monaco editor, run and preview, type and settings,
 * pin to the dashboard (a new chart) or save (an existing one). The query runs on the chart's data
 * source: the dashboard's, or one picked here (needed when the dataset is an AI data collection).
 */
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { Alert, App, Button, Input, Modal, Select, Space, Tag, Tooltip } from 'antd';
import { CaretRightOutlined, PushpinOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChartSettings, type Chart, type ChartFields, type ChartResult, type Dashboard } from '@askdb/contracts';
import { dashboardApi } from './api';
import { ChartSettingsForm } from './ChartSettingsForm';
import { ChartView } from './ChartView';
import { SqlField } from './SqlField';
import { guessSettings } from './charts/guess';
import { fieldsOf } from './charts/data';
import { TYPE_INFO } from './charts/types';
import { useErrorToast } from '../../app/use-error-toast';

export interface ChartDraft extends ChartFields {
  result?: ChartResult | null;
}

export interface ChartEditorProps {
  dashboard: Dashboard;
  /** The chart being edited, or a draft (new chart, AI proposal). */
  chart: Chart | null;
  draft?: ChartDraft | null;
  onClose(saved: boolean): void;
}

const EMPTY: ChartDraft = { name: '', type: 'COLUMN', sql: '', settings: ChartSettings.parse({}), dataSourceId: null, databaseName: null, schemaName: null };

export function ChartEditor({ dashboard, chart, draft, onClose }: ChartEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const initial: ChartDraft = chart ? { ...chart, result: chart.lastResult } : (draft ?? EMPTY);
  const [d, setD] = useState<ChartDraft>(initial);
  const [result, setResult] = useState<ChartResult | null>(initial.result ?? null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [saving, setSaving] = useState(false);
  const sources = useQuery({ queryKey: ['dashboard', 'sources'], queryFn: dashboardApi.dataSources });
  const sourceId = d.dataSourceId ?? dashboard.dataset.dataSourceId ?? null;
  const source = sources.data?.find((s) => s.id === sourceId);
  const place = d.dataSourceId != null ? { databaseName: d.databaseName, schemaName: d.schemaName } : { databaseName: dashboard.dataset.databaseName ?? null, schemaName: dashboard.dataset.schemaName ?? null };
  const columns = useMemo(() => result?.headerList.map((h) => h.name) ?? [], [result]);
  // A chart is pinned only once every field its type needs is chosen (a column chart without a Y draws nothing).
  const fields = fieldsOf(d.type, d.settings);
  const missingRole = TYPE_INFO[d.type].required.find((role) => !fields[role]?.length);
  const saveBlocked = !d.sql.trim() ? t('dashboard.chart.noSql') : missingRole ? t('dashboard.check.missing', { role: missingRole }) : null;

  useEffect(() => {
    if (!sourceId && sources.data?.length && dashboard.dataset.collectionId != null) setD((x) => ({ ...x, dataSourceId: sources.data![0]!.id }));
  }, [sources.data, sourceId, dashboard.dataset.collectionId]);

  const run = async () => {
    if (!d.sql.trim()) return setError(t('dashboard.chart.noSql'));
    setRunning(true);
    setError(null);
    try {
      const r = await dashboardApi.preview({ dashboardId: dashboard.id, sql: d.sql, dataSourceId: d.dataSourceId, databaseName: d.databaseName, schemaName: d.schemaName });
      setResult(r);
      setD((x) => ({ ...x, settings: guessSettings(x.settings, r) }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setRunning(false);
    }
  };

  const save = async () => {
    setSaving(true);
    try {
      const input = { name: d.name.trim() || t(`dashboard.type.${d.type}`), type: d.type, sql: d.sql, settings: d.settings, dataSourceId: d.dataSourceId, databaseName: d.databaseName, schemaName: d.schemaName };
      if (chart) await dashboardApi.updateChart(chart.id, input);
      else {
        const id = await dashboardApi.createChart(dashboard.id, input);
        await dashboardApi.run(id).catch(() => undefined);
      }
      onClose(true);
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open width={1180} title={chart ? t('dashboard.chart.edit') : t('dashboard.chart.new')} onCancel={() => onClose(false)} maskClosable={false} destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => onClose(false)}>{t('dashboard.cancel')}</Button>,
        <Tooltip key="save" title={saveBlocked}>
          <Button type="primary" icon={<PushpinOutlined />} loading={saving} disabled={!!saveBlocked} onClick={() => void save()} data-testid="chart-save">
            {chart ? t('dashboard.chart.update') : t('dashboard.chart.pin')}
          </Button>
        </Tooltip>,
      ]}
    >
      <div className="askdb-chart-editor" data-testid="chart-editor" onKeyDown={keepOpenOnDropdownEscape}>
        <div className="askdb-chart-editor-main">
          <Space wrap>
            <Input data-testid="chart-name" placeholder={t('dashboard.chart.name')} value={d.name} onChange={(e) => setD({ ...d, name: e.target.value })} style={{ width: 240 }} maxLength={255} />
            <Select
              data-testid="chart-source" style={{ width: 220 }} placeholder={t('dashboard.chart.source')} value={sourceId ?? undefined} loading={sources.isLoading}
              options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.alias }))} onChange={(id: number) => setD({ ...d, dataSourceId: id === dashboard.dataset.dataSourceId ? null : id, databaseName: null, schemaName: null })}
            />
            <Button type="primary" icon={<CaretRightOutlined />} loading={running} onClick={() => void run()} data-testid="chart-run">{t('dashboard.chart.run')}</Button>
            {result && <Tag>{t('dashboard.chart.rows', { count: result.dataList.length })}</Tag>}
          </Space>
          <SqlField value={d.sql} onChange={(sql) => setD((x) => ({ ...x, sql }))} onRun={() => void run()} dataSourceId={sourceId} databaseName={place.databaseName} schemaName={place.schemaName} databaseType={source?.type ?? null} />
          {error && <Alert type="error" showIcon message={error} closable onClose={() => setError(null)} data-testid="chart-error" />}
          {result?.note && <Alert type="info" showIcon message={result.note} data-testid="chart-note" />}
          <div className="askdb-chart-preview" data-testid="chart-preview">
            {result ? <ChartView type={d.type} settings={d.settings} result={result} instanceKey="editor-preview" dark={document.documentElement.dataset.theme === 'dark'} /> : <div className="askdb-chart-hint">{t('dashboard.chart.noSql')}</div>}
          </div>
        </div>
        <div className="askdb-chart-editor-side">
          <ChartSettingsForm type={d.type} settings={d.settings} columns={columns} onType={(type) => setD({ ...d, type })} onChange={(settings) => setD({ ...d, settings })} />
        </div>
      </div>
    </Modal>
  );
}

/** Escape in an open dropdown (chart type, a field) closes the dropdown, not the whole editor. */
function keepOpenOnDropdownEscape(e: KeyboardEvent<HTMLDivElement>): void {
  if (e.key !== 'Escape') return;
  const el = e.target as HTMLElement;
  if (el.closest('[aria-expanded="true"], .ant-select-open, .ant-select-dropdown, .ant-picker-dropdown, .ant-color-picker')) e.stopPropagation();
}
