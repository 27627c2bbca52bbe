/**
 * The Dashboard main tab (spec 02 §2 "Dashboards"): the user's dashboards on the left, the chosen
 * one's grid of charts on the right, with the chart editor, AI chart, and dashboard form as dialogs.
 */
import { useEffect, useState } from 'react';
import { App, Button, Empty, List, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, RobotOutlined } from '@ant-design/icons';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Chart } from '@askdb/contracts';
import { dashboardApi } from './api';
import { Board } from './Board';
import { ChartEditor, type ChartDraft } from './ChartEditor';
import { DashboardForm } from './DashboardForm';
import { AiChartDialog } from './AiChartDialog';
import { loadEcharts } from './ChartView';
import './dashboard.css';
import { useErrorToast } from '../../app/use-error-toast';

type Dialog = { kind: 'form'; editing: boolean } | { kind: 'chart'; chart: Chart | null; draft?: ChartDraft | null } | { kind: 'ai' } | null;

/** The app has no QueryClient of its own (yet): the dashboard area brings one. */
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export function DashboardPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Dashboards />
    </QueryClientProvider>
  );
}

function Dashboards() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['dashboard', 'list'], queryFn: dashboardApi.list });
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const current = useQuery({ queryKey: ['dashboard', selected, 'meta'], queryFn: () => dashboardApi.get(selected!), enabled: selected != null });
  const dark = document.documentElement.dataset.theme === 'dark';

  useEffect(() => {
    void loadEcharts();
  }, []);

  useEffect(() => {
    if (selected == null && list.data?.length) setSelected(list.data[0]!.id);
    if (selected != null && list.data && !list.data.some((d) => d.id === selected)) setSelected(list.data[0]?.id ?? null);
  }, [list.data, selected]);

  const reloadAll = () => void qc.invalidateQueries({ queryKey: ['dashboard'] });
  const refreshAll = async () => {
    const charts = await dashboardApi.charts(selected!);
    await Promise.all(charts.map((c) => dashboardApi.run(c.id).catch(() => undefined)));
    reloadAll();
  };
  const remove = async () => {
    try {
      await dashboardApi.remove(selected!);
      setSelected(null);
      reloadAll();
    } catch (e) {
      showError(e);
    }
  };
  // The list already holds each dashboard: draw it at once, the fresh copy replaces it when it lands.
  const d = current.data ?? list.data?.find((x) => x.id === selected);

  return (
    <div className="askdb-dashboards" data-testid="dashboards">
      <aside className="askdb-dashboard-list">
        <div className="askdb-dashboard-list-head">
          <Typography.Text strong>{t('dashboard.list')}</Typography.Text>
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'form', editing: false })} data-testid="dashboard-new">{t('dashboard.new')}</Button>
        </div>
        <List
          loading={list.isLoading} dataSource={list.data ?? []} locale={{ emptyText: t('dashboard.empty') }}
          renderItem={(item) => (
            <List.Item className={item.id === selected ? 'askdb-dashboard-item active' : 'askdb-dashboard-item'} onClick={() => setSelected(item.id)} data-testid="dashboard-item">
              <List.Item.Meta title={item.name} description={item.datasetName} />
              <Tag>{item.chartCount}</Tag>
            </List.Item>
          )}
        />
      </aside>
      <section className="askdb-dashboard-view">
        {selected == null && !list.isLoading && <Empty style={{ marginTop: 120 }} description={t('dashboard.pick')} />}
        {selected != null && !d && <Spin style={{ marginTop: 120, width: '100%' }} />}
        {d && (
          <>
            <header className="askdb-dashboard-head">
              <div className="askdb-dashboard-title">
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="dashboard-title">{d.name}</Typography.Title>
                <Typography.Text type="secondary">{d.description || d.datasetName}</Typography.Text>
              </div>
              <Space wrap>
                {d.refresh.kind !== 'NEVER' && <Tag color="blue" data-testid="dashboard-refresh-tag">{t(`dashboard.refresh.${d.refresh.kind}`)}{d.nextRuns[0] ? ` · ${new Date(d.nextRuns[0]).toLocaleTimeString()}` : ''}</Tag>}
                <Button icon={<PlusOutlined />} type="primary" onClick={() => setDialog({ kind: 'chart', chart: null })} data-testid="chart-add">{t('dashboard.addChart')}</Button>
                <Button icon={<RobotOutlined />} onClick={() => setDialog({ kind: 'ai' })} data-testid="chart-ai">{t('dashboard.aiChart')}</Button>
                <Button icon={<ReloadOutlined />} onClick={() => void refreshAll()} data-testid="dashboard-refresh">{t('dashboard.refreshAll')}</Button>
                <Button icon={<EditOutlined />} onClick={() => setDialog({ kind: 'form', editing: true })} data-testid="dashboard-edit" aria-label={t('dashboard.edit')} />
                <Popconfirm title={t('dashboard.deleteConfirm', { name: d.name })} onConfirm={() => void remove()} okButtonProps={{ danger: true }}>
                  <Button danger icon={<DeleteOutlined />} data-testid="dashboard-delete" aria-label={t('dashboard.delete')} />
                </Popconfirm>
              </Space>
            </header>
            <Board key={d.id} dashboard={d} dark={dark} onEdit={(chart) => setDialog({ kind: 'chart', chart })} />
          </>
        )}
      </section>
      {dialog?.kind === 'form' && (
        <DashboardForm dashboard={dialog.editing ? (d ?? null) : null} onClose={(id) => {
          setDialog(null);
          if (id != null) {
            setSelected(id);
            reloadAll();
          }
        }} />
      )}
      {dialog?.kind === 'chart' && d && <ChartEditor dashboard={d} chart={dialog.chart} draft={dialog.draft} onClose={(saved) => { setDialog(null); if (saved) reloadAll(); }} />}
      {dialog?.kind === 'ai' && d && <AiChartDialog dashboard={d} onClose={(draft) => setDialog(draft ? { kind: 'chart', chart: null, draft } : null)} />}
    </div>
  );
}
