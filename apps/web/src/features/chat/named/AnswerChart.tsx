/** The chart part: a bar, line or pie drawn with ECharts from the result table (values as data, labels as text). */
import { useEffect, useRef } from 'react';
import type { ChartSpec } from '@askdb/contracts';

let loading: Promise<typeof import('echarts')> | null = null;
const loadEcharts = () => (loading ??= import('echarts'));

export function AnswerChart(props: { chart: ChartSpec; headers: string[]; rows: (string | null)[][] }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: import('echarts').ECharts | undefined;
    const { type, x, y } = props.chart;
    const xi = props.headers.indexOf(x);
    const labels = props.rows.map((r) => r[xi] ?? '');
    const series = y.map((name) => {
      const i = props.headers.indexOf(name);
      const values = props.rows.map((r) => (r[i] === null ? null : Number(r[i])));
      return type === 'pie'
        ? { type: 'pie' as const, name, radius: '65%', data: values.map((v, k) => ({ name: labels[k], value: v })) }
        : { type, name, data: values };
    });
    const option = type === 'pie'
      ? { animation: false, tooltip: { trigger: 'item' }, legend: { type: 'scroll', bottom: 0 }, series }
      : { animation: false, tooltip: { trigger: 'axis' }, legend: { show: y.length > 1 }, grid: { left: 48, right: 16, top: 24, bottom: 32 }, xAxis: { type: 'category', data: labels }, yAxis: { type: 'value' }, series };
    void loadEcharts().then((echarts) => {
      if (disposed || !host.current) return;
      chart = echarts.init(host.current, document.documentElement.dataset.theme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
      chart.setOption(option as never);
    });
    const onResize = () => chart?.resize();
    window.addEventListener('resize', onResize);
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [props.chart, props.headers, props.rows]);
  return <div ref={host} className="askdb-named-chart" data-testid="answer-chart" />;
}
