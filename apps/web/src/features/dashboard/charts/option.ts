/**
 * Chart type + settings + rows → an ECharts option (or the table, or the problem to show instead).
 * Pure: the fields are checked first (checkFields), so text on a value axis never reaches ECharts.
 */
import type { ChartSettings, ChartType } from '@askdb/contracts';
import { checkFields, columnIndex, histogram, num, orderRows, waterfall, type Problem, type Rows } from './data';
import { layoutWords } from './word-cloud';

export type Built = { kind: 'echarts'; option: Record<string, unknown> } | { kind: 'table' } | { kind: 'problem'; problem: Problem };
/** Translated names the option shows (legend entries of derived series). */
export interface ChartLabels {
  increase: string;
  decrease: string;
  count: string;
}

const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];
export const palette = (theme: string) => [theme, ...PALETTE.filter((c) => c.toLowerCase() !== theme.toLowerCase())];

function base(s: ChartSettings): Record<string, unknown> {
  return {
    color: palette(s.themeColor),
    animation: false,
    // A generated description on the container: screen readers (and tests) read series, names and values of the canvas.
    aria: { enabled: true, label: { data: { maxCount: 30 } } },
    legend: { show: s.options.legend, type: 'scroll', top: 0 },
    tooltip: { trigger: 'item', confine: true },
  };
}

const axis = (s: ChartSettings, kind: 'category' | 'value', data?: unknown[], extra: Record<string, unknown> = {}) => ({
  type: kind, ...(data ? { data } : {}), axisLine: { show: s.options.axisLine }, axisTick: { show: s.options.axisLine }, splitLine: { show: kind === 'value' && s.options.gridLines }, ...extra,
});
const grid = (s: ChartSettings) => ({ top: s.options.legend ? 36 : 16, left: 12, right: 16, bottom: 8, containLabel: true });
const label = (s: ChartSettings, position?: string) => ({ show: s.options.labels, ...(position ? { position } : {}) });

export function buildChart(type: ChartType, s: ChartSettings, rows: Rows, labels: ChartLabels): Built {
  const problem = checkFields(type, s, rows);
  if (problem) return { kind: 'problem', problem };
  if (type === 'TABLE') return { kind: 'table' };
  const col = (name?: string) => columnIndex(rows, name);
  switch (type) {
    case 'PIE': case 'RING_PIE': case 'ROSE_PIE': case 'FUNNEL': return { kind: 'echarts', option: pie(type, s, rows, col(s.groupField), col(s.angleField)) };
    case 'HISTOGRAM': return { kind: 'echarts', option: hist(s, rows, col(s.binField), labels) };
    case 'WORD_CLOUD': return { kind: 'echarts', option: cloud(s, rows, col(s.textField), col(s.valueField)) };
    case 'STATISTIC': return { kind: 'echarts', option: statistic(s, rows, col(s.valueField)) };
    case 'SCATTER': return { kind: 'echarts', option: scatter(s, rows, col(s.xField), s.ySeries.map((y) => col(y.field)), col(s.groupField)) };
    case 'WATERFALL': return { kind: 'echarts', option: fall(s, rows, col(s.xField), col(s.ySeries[0]!.field), labels) };
    default: return { kind: 'echarts', option: axisChart(type, s, rows, col(s.xField), col(s.groupField)) };
  }
}

function pie(type: ChartType, s: ChartSettings, rows: Rows, g: number, a: number) {
  const ordered = orderRows(rows.dataList, s, g, a);
  const data = ordered.map((r) => ({ name: r[g] ?? 'null', value: num(r[a] ?? null) }));
  const series = type === 'FUNNEL'
    ? { type: 'funnel', left: '10%', width: '80%', top: s.options.legend ? 40 : 16, bottom: 8, sort: s.orderBy === 'DATA' ? 'none' : s.orderRule === 'ASC' ? 'ascending' : 'descending', label: { show: true, position: s.options.labels ? 'inside' : 'outside' }, data }
    : { type: 'pie', radius: type === 'RING_PIE' ? ['40%', '70%'] : '70%', center: ['50%', '55%'], roseType: type === 'ROSE_PIE' ? 'radius' : undefined, label: { show: s.options.labels || data.length <= 12 }, data };
  return { ...base(s), series: [series] };
}

function lineLook(type: ChartType, s: ChartSettings) {
  const lineType = type === 'SMOOTH_LINE' ? 'SMOOTH' : type === 'STEP_LINE' ? 'STEP' : type === 'LINE' || type === 'AREA_LINE' || type === 'AREA' || type === 'COMBO' ? s.lineType : 'LINE';
  return {
    type: 'line', smooth: lineType === 'SMOOTH', step: lineType === 'STEP' ? 'middle' : false, showSymbol: s.options.markers,
    ...(type === 'AREA_LINE' || type === 'AREA' ? { areaStyle: { opacity: type === 'AREA' ? 0.7 : 0.25 } } : {}),
    ...(type === 'AREA' ? { stack: 'total' } : {}),
  };
}

function axisChart(type: ChartType, s: ChartSettings, rows: Rows, x: number, g: number) {
  const ys = s.ySeries.map((y) => ({ ...y, i: columnIndex(rows, y.field) }));
  const ordered = orderRows(rows.dataList, s, x, ys[0]!.i);
  const horizontal = type === 'BAR';
  const isLine = type !== 'BAR' && type !== 'COLUMN';
  const look = (kind: 'bar' | 'line') => (kind === 'bar' ? { type: 'bar' } : lineLook(type, s));
  const categories: string[] = [];
  const seen = new Map<string, number>();
  for (const r of ordered) {
    const k = r[x] ?? 'null';
    if (!seen.has(k)) {
      seen.set(k, categories.length);
      categories.push(k);
    }
  }
  let series: Record<string, unknown>[];
  if (g >= 0 && type !== 'COMBO') {
    // Group: one series per group value of the first y.
    const groups = new Map<string, (number | null)[]>();
    for (const r of ordered) {
      const key = r[g] ?? 'null';
      if (!groups.has(key)) groups.set(key, new Array(categories.length).fill(null));
      groups.get(key)![seen.get(r[x] ?? 'null')!] = num(r[ys[0]!.i] ?? null);
    }
    series = [...groups].map(([name, data]) => ({ name, ...look(isLine ? 'line' : 'bar'), data, label: label(s, horizontal ? 'right' : 'top') }));
  } else {
    series = ys.map((y) => {
      const data = new Array<number | null>(categories.length).fill(null);
      for (const r of ordered) data[seen.get(r[x] ?? 'null')!] = num(r[y.i] ?? null);
      return { name: y.field, ...look(type === 'COMBO' ? y.kind : isLine ? 'line' : 'bar'), yAxisIndex: y.axis === 'right' ? 1 : 0, data, label: label(s, horizontal ? 'right' : 'top') };
    });
  }
  const right = series.some((x) => x.yAxisIndex === 1);
  const valueAxes = [axis(s, 'value'), ...(right ? [axis(s, 'value', undefined, { position: 'right', splitLine: { show: false } })] : [])];
  const cat = axis(s, 'category', categories, { boundaryGap: !isLine || type === 'COMBO' });
  return {
    ...base(s), tooltip: { trigger: 'axis', confine: true }, grid: grid(s),
    xAxis: horizontal ? valueAxes[0] : cat,
    yAxis: horizontal ? axis(s, 'category', categories, { inverse: true }) : valueAxes,
    series: horizontal ? series.map((x) => ({ ...x, yAxisIndex: undefined })) : series,
  };
}

function scatter(s: ChartSettings, rows: Rows, x: number, ys: number[], g: number) {
  const ordered = orderRows(rows.dataList, s, x, ys[0]!);
  const names = s.ySeries.map((y) => y.field);
  let series: Record<string, unknown>[];
  if (g >= 0) {
    const groups = new Map<string, number[][]>();
    for (const r of ordered) {
      const key = r[g] ?? 'null';
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key)!.push([num(r[x] ?? null), num(r[ys[0]!] ?? null)]);
    }
    series = [...groups].map(([name, data]) => ({ name, type: 'scatter', data, label: label(s, 'top') }));
  } else {
    series = ys.map((yi, k) => ({ name: names[k], type: 'scatter', data: ordered.map((r) => [num(r[x] ?? null), num(r[yi] ?? null)]), label: label(s, 'top') }));
  }
  return { ...base(s), grid: grid(s), xAxis: axis(s, 'value', undefined, { scale: true, name: s.xField, splitLine: { show: s.options.gridLines } }), yAxis: axis(s, 'value', undefined, { scale: true }), series };
}

function fall(s: ChartSettings, rows: Rows, x: number, y: number, labels: ChartLabels) {
  const ordered = orderRows(rows.dataList, s, x, y);
  const steps = waterfall(ordered.map((r) => num(r[y] ?? null)));
  const cats = ordered.map((r) => r[x] ?? 'null');
  return {
    ...base(s), tooltip: { trigger: 'axis', confine: true }, grid: grid(s), xAxis: axis(s, 'category', cats), yAxis: axis(s, 'value'),
    series: [
      { name: 'base', type: 'bar', stack: 'w', silent: true, itemStyle: { color: 'transparent' }, data: steps.base, tooltip: { show: false } },
      { name: labels.increase, type: 'bar', stack: 'w', data: steps.up, label: label(s, 'top') },
      { name: labels.decrease, type: 'bar', stack: 'w', data: steps.down, label: label(s, 'bottom') },
    ],
    legend: { show: s.options.legend, top: 0, data: [labels.increase, labels.decrease] },
  };
}

function hist(s: ChartSettings, rows: Rows, b: number, labels: ChartLabels) {
  const h = histogram(rows.dataList.map((r) => num(r[b] ?? null)), s.binCount);
  return {
    ...base(s), tooltip: { trigger: 'axis', confine: true }, grid: grid(s),
    xAxis: axis(s, 'category', h.labels, { name: s.binField }), yAxis: axis(s, 'value'),
    series: [{ name: labels.count, type: 'bar', barCategoryGap: '2%', data: h.counts, label: label(s, 'top') }],
  };
}

const CLOUD = { width: 400, height: 250 };
function cloud(s: ChartSettings, rows: Rows, t: number, v: number) {
  const words = rows.dataList.map((r) => ({ text: r[t] ?? '', weight: num(r[v] ?? null) }));
  const placed = layoutWords(words, { ...CLOUD, minFont: s.options.fill ? 14 : 11, maxFont: s.options.fill ? 56 : 40 });
  const colors = palette(s.themeColor);
  return {
    ...base(s), legend: { show: false },
    grid: { left: 0, right: 0, top: 0, bottom: 0 },
    xAxis: { type: 'value', min: 0, max: CLOUD.width, show: false }, yAxis: { type: 'value', min: 0, max: CLOUD.height, show: false, inverse: true },
    series: [{
      type: 'custom', name: s.textField, coordinateSystem: 'cartesian2d',
      data: placed.map((w, k) => ({ value: [w.x, w.y, w.fontSize, k], name: w.text, weight: w.weight })),
      renderItem: (_p: unknown, api: { value(i: number): number; coord(v: number[]): number[] }) => {
        const k = api.value(3);
        const [px, py] = api.coord([api.value(0), api.value(1)]);
        return { type: 'text', x: px, y: py, style: { text: placed[k]!.text, fontSize: api.value(2), fill: colors[k % colors.length], align: 'center', verticalAlign: 'middle' } };
      },
    }],
  };
}

function statistic(s: ChartSettings, rows: Rows, v: number) {
  const raw = rows.dataList[0]?.[v] ?? null;
  const n = num(raw);
  const text = Number.isFinite(n) ? n.toLocaleString() : String(raw);
  return {
    ...base(s), legend: { show: false },
    graphic: [
      { type: 'text', left: 'center', top: '35%', style: { text, fontSize: 44, fontWeight: 'bold', fill: s.themeColor } },
      ...(s.options.labels ? [{ type: 'text', left: 'center', top: '65%', style: { text: s.valueField, fontSize: 14, fill: '#888' } }] : []),
    ],
  };
}
