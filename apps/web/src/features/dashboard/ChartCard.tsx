/**
 * One chart on the grid: its stored last result at once (no wait for the database), a run when it
 * has none yet, refresh, edit, export PNG/CSV, remove. The header is the drag handle.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Dropdown, Tooltip, Typography } from 'antd';
import { DownloadOutlined, EditOutlined, MoreOutlined, ReloadOutlined, DeleteOutlined, FileImageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Chart } from '@askdb/contracts';
import { dashboardApi } from './api';
import { ChartView } from './ChartView';
import { exportCsv, exportPng } from './export';
import { useErrorToast } from '../../app/use-error-toast';

export interface ChartCardProps {
  chart: Chart;
  dark: boolean;
  onEdit(): void;
  onChanged(): void;
}

export function ChartCard({ chart, dark, onEdit, onChanged }: ChartCardProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const showError = useErrorToast();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const key = `card-${chart.id}`;

  const refresh = async () => {
    setRunning(true);
    try {
      await dashboardApi.run(chart.id);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setRunning(false);
      onChanged();
    }
  };

  useEffect(() => {
    if (!started.current && !chart.lastResult && !chart.lastError && chart.sql.trim()) {
      started.current = true;
      void refresh();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chart.id]);

  const shownError = error ?? chart.lastError;
  const items = [
    { key: 'refresh', icon: <ReloadOutlined />, label: t('dashboard.chart.refresh'), onClick: () => void refresh() },
    { key: 'edit', icon: <EditOutlined />, label: t('dashboard.chart.edit'), onClick: onEdit },
    { key: 'png', icon: <FileImageOutlined />, label: t('dashboard.chart.exportPng'), disabled: chart.type === 'TABLE' || !chart.lastResult, onClick: () => exportPng(chart.name, key, dark ? '#141414' : '#ffffff') },
    { key: 'csv', icon: <DownloadOutlined />, label: t('dashboard.chart.exportCsv'), disabled: !chart.lastResult, onClick: () => chart.lastResult && exportCsv(chart.name, chart.lastResult) },
    {
      key: 'remove', icon: <DeleteOutlined />, danger: true, label: t('dashboard.chart.remove'),
      onClick: () => modal.confirm({ title: t('dashboard.chart.removeConfirm', { name: chart.name }), okButtonProps: { danger: true }, onOk: async () => {
        try {
          await dashboardApi.removeChart(chart.id);
          onChanged();
        } catch (e) {
          showError(e);
        }
      } }),
    },
  ];

  return (
    <div className="askdb-chart-card" data-testid="chart-card" data-chart-type={chart.type} data-chart-name={chart.name}>
      <div className="askdb-chart-card-head">
        <Typography.Text strong ellipsis className="askdb-chart-title">{chart.name}</Typography.Text>
        <Tooltip title={chart.lastRunAt ? t('dashboard.chart.lastRun', { time: new Date(chart.lastRunAt).toLocaleString() }) : t('dashboard.chart.neverRun')}>
          <Button size="small" type="text" icon={<ReloadOutlined spin={running} />} onClick={() => void refresh()} data-testid="chart-refresh" aria-label={t('dashboard.chart.refresh')} />
        </Tooltip>
        <Dropdown menu={{ items }} trigger={['click']}>
          <Button size="small" type="text" icon={<MoreOutlined />} data-testid="chart-menu" aria-label={t('dashboard.chart.settings')} />
        </Dropdown>
      </div>
      {shownError && <Alert className="askdb-chart-error" type="error" showIcon message={shownError} data-testid="chart-error" />}
      {chart.lastResult?.note && <Alert className="askdb-chart-note" type="info" showIcon message={chart.lastResult.note} data-testid="chart-note" />}
      <div className="askdb-chart-body">
        {chart.lastResult && <ChartView type={chart.type} settings={chart.settings} result={chart.lastResult} instanceKey={key} dark={dark} />}
      </div>
    </div>
  );
}
