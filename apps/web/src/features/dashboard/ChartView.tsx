/**
 * Draws one chart result: the option from charts/option.ts on an ECharts canvas (ECharts loads as its
 * own chunk), the table type as a table, and a field that does not fit as a message instead of a
 * chart. Cell and user texts are rendered as text, never HTML.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Alert, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChartResult, ChartSettings, ChartType } from '@askdb/contracts';
import { buildChart } from './charts/option';

type ECharts = import('echarts/core').EChartsType;
let loading: Promise<typeof import('echarts/core')> | null = null;
/** ECharts arrives as its own chunk; the dashboard page starts loading it before the charts' data is back. */
export const loadEcharts = () => (loading ??= import('./charts/echarts-lib').then((m) => m.echarts));

/** Live ECharts instances by a caller's key (the card's PNG export reads its canvas). */
export const chartInstances = new Map<string, ECharts>();

export interface ChartViewProps {
  type: ChartType;
  settings: ChartSettings;
  result: Pick<ChartResult, 'headerList' | 'dataList'>;
  instanceKey?: string;
  dark?: boolean;
}

export function ChartView({ type, settings, result, instanceKey, dark }: ChartViewProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const built = useMemo(
    () => buildChart(type, settings, result, { increase: t('dashboard.increase'), decrease: t('dashboard.decrease'), count: t('dashboard.count') }),
    [type, settings, result, t],
  );

  useEffect(() => {
    if (built.kind !== 'echarts' || !host.current) return;
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void loadEcharts().then((echarts) => {
      if (disposed || !host.current) return;
      if (chart.current && chart.current.getDom() !== host.current) {
        chart.current.dispose();
        chart.current = null;
      }
      chart.current ??= echarts.init(host.current, dark ? 'dark' : undefined, { renderer: 'canvas' });
      chart.current.setOption({ backgroundColor: 'transparent', ...built.option }, { notMerge: true });
      host.current.dataset.painted = 'true';
      if (instanceKey) chartInstances.set(instanceKey, chart.current);
      // Redraw only on a real size change (the observer also reports the size it starts with).
      let size = `${host.current.clientWidth}x${host.current.clientHeight}`;
      observer = new ResizeObserver(([entry]) => {
        const next = `${Math.round(entry!.contentRect.width)}x${Math.round(entry!.contentRect.height)}`;
        if (next === size) return;
        size = next;
        chart.current?.resize();
      });
      observer.observe(host.current);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
    };
  }, [built, dark, instanceKey]);

  useEffect(() => () => {
    if (instanceKey) chartInstances.delete(instanceKey);
    chart.current?.dispose();
    chart.current = null;
  }, [instanceKey]);

  if (built.kind === 'problem') {
    const p = built.problem;
    const params = { ...p.params, role: p.params?.role ? t(`dashboard.role.${p.params.role}`) : '' };
    if (p.key === 'dashboard.check.noRows') return <Empty className="askdb-chart-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(p.key)} data-testid="chart-no-rows" />;
    return <Alert className="askdb-chart-problem" type="warning" showIcon message={t(p.key, params)} data-testid="chart-problem" />;
  }
  if (built.kind === 'table') {
    const columns = result.headerList.map((h, i) => ({ title: h.name, dataIndex: String(i), key: String(i), ellipsis: true, render: (v: string | null) => (v === null ? <span className="askdb-null">NULL</span> : v) }));
    const data = result.dataList.map((r, k) => ({ key: k, ...Object.fromEntries(r.map((v, i) => [String(i), v])) }));
    return <Table className="askdb-chart-table" size="small" columns={columns} dataSource={data} pagination={{ pageSize: 50, size: 'small', hideOnSinglePage: true }} scroll={{ y: '100%' }} data-testid="chart-table" />;
  }
  return <div ref={host} className="askdb-chart-canvas" data-testid="chart-canvas" />;
}
