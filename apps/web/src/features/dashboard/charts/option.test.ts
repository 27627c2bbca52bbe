import { describe, expect, it } from 'vitest';
import { CHART_TYPES, ChartSettings, type ChartSettingsInput } from '@askdb/contracts';
import { buildChart } from './option';
import { checkFields, histogram, orderRows, waterfall } from './data';
import { layoutWords } from './word-cloud';

const labels = { increase: 'Increase', decrease: 'Decrease', count: 'Count' };
const rows = {
  headerList: [{ name: 'region', dataType: 'STRING', columnType: 'text' }, { name: 'total', dataType: 'NUMERIC', columnType: 'int' }, { name: 'cost', dataType: 'NUMERIC', columnType: 'int' }],
  dataList: [['north', '24', '5'], ['south', '16', '7'], ['east', '3', '1']],
};
const settings = (s: ChartSettingsInput) => ChartSettings.parse(s);
const FULL = settings({ xField: 'region', ySeries: [{ field: 'total' }, { field: 'cost', axis: 'right', kind: 'line' }], angleField: 'total', groupField: 'region', textField: 'region', valueField: 'total', binField: 'total' });

describe('chart options', () => {
  it('builds every chart type from one result', () => {
    for (const type of CHART_TYPES) {
      const s = type === 'SCATTER' ? settings({ xField: 'cost', ySeries: [{ field: 'total' }] }) : type === 'BAR' || type === 'COLUMN' ? { ...FULL, groupField: undefined } : FULL;
      const built = buildChart(type, s, rows, labels);
      expect(built.kind, type).toBe(type === 'TABLE' ? 'table' : 'echarts');
    }
  });

  it('refuses text on a value axis before drawing, naming the field', () => {
    const b = buildChart('COLUMN', settings({ xField: 'total', ySeries: [{ field: 'region' }] }), rows, labels);
    expect(b).toEqual({ kind: 'problem', problem: { key: 'dashboard.check.notNumeric', params: { field: 'region', role: 'y' } } });
    expect(buildChart('PIE', settings({ groupField: 'region', angleField: 'region' }), rows, labels)).toMatchObject({ problem: { key: 'dashboard.check.notNumeric' } });
    expect(buildChart('SCATTER', settings({ xField: 'region', ySeries: [{ field: 'total' }] }), rows, labels)).toMatchObject({ problem: { params: { field: 'region', role: 'x' } } });
    expect(buildChart('LINE', settings({ xField: 'region' }), rows, labels)).toMatchObject({ problem: { key: 'dashboard.check.missing', params: { role: 'y' } } });
    expect(buildChart('LINE', settings({ xField: 'nope', ySeries: [{ field: 'total' }] }), rows, labels)).toMatchObject({ problem: { key: 'dashboard.check.unknown' } });
    expect(checkFields('LINE', settings({ xField: 'region', ySeries: [{ field: 'total' }] }), { ...rows, dataList: [] })).toEqual({ key: 'dashboard.check.noRows' });
  });

  it('maps settings: line type, right axis, legend, labels, grid lines, theme colour', () => {
    const s = settings({ xField: 'region', ySeries: [{ field: 'total' }, { field: 'cost', axis: 'right' }], lineType: 'STEP', themeColor: '#112233', options: { legend: false, labels: true, gridLines: false, markers: false } });
    const o = (buildChart('LINE', s, rows, labels) as { option: any }).option;
    expect(o.color[0]).toBe('#112233');
    expect(o.legend.show).toBe(false);
    expect(o.yAxis).toHaveLength(2);
    expect(o.yAxis[0].splitLine.show).toBe(false);
    expect(o.series[1]).toMatchObject({ type: 'line', step: 'middle', yAxisIndex: 1, showSymbol: false, label: { show: true } });
    const combo = (buildChart('COMBO', FULL, rows, labels) as { option: any }).option;
    expect(combo.series.map((x: any) => x.type)).toEqual(['bar', 'line']);
    const smooth = (buildChart('SMOOTH_LINE', FULL, rows, labels) as { option: any }).option;
    expect(smooth.series[0].smooth).toBe(true);
    const bar = (buildChart('BAR', { ...FULL, groupField: undefined }, rows, labels) as { option: any }).option;
    expect(bar.xAxis.type).toBe('value');
    expect(bar.yAxis.data).toEqual(['north', 'south', 'east']);
  });

  it('maps the axis-line and word-cloud fill options', () => {
    const line = (axisLine: boolean) => (buildChart('LINE', settings({ xField: 'region', ySeries: [{ field: 'total' }], options: { axisLine } }), rows, labels) as { option: any }).option;
    expect(line(false).xAxis.axisLine.show).toBe(false);
    expect(line(false).yAxis[0].axisLine.show).toBe(false);
    expect(line(true).xAxis.axisLine.show).toBe(true);
    const cloudFonts = (fill: boolean) => (buildChart('WORD_CLOUD', settings({ textField: 'region', valueField: 'total', options: { fill } }), rows, labels) as { option: any }).option.series[0].data.map((d: any) => d.value[2]);
    expect(Math.max(...cloudFonts(true))).toBeGreaterThan(Math.max(...cloudFonts(false)));
  });

  it('orders by data, x or y, ascending or descending', () => {
    const byY = orderRows(rows.dataList, settings({ orderBy: 'Y', orderRule: 'ASC' }), 0, 1).map((r) => r[0]);
    expect(byY).toEqual(['east', 'south', 'north']);
    expect(orderRows(rows.dataList, settings({ orderBy: 'X', orderRule: 'DESC' }), 0, 1).map((r) => r[0])).toEqual(['south', 'north', 'east']);
    expect(orderRows(rows.dataList, settings({}), 0, 1)).toBe(rows.dataList);
    const pie = (buildChart('PIE', { ...FULL, orderBy: 'Y', orderRule: 'DESC' }, rows, labels) as { option: any }).option;
    expect(pie.series[0].data.map((d: any) => d.name)).toEqual(['north', 'south', 'east']);
  });

  it('bins a histogram, steps a waterfall, places words without overlap', () => {
    expect(histogram([1, 2, 3, 4, 10], 3)).toEqual({ labels: ["1 – 4", "4 – 7", "7 – 10"], counts: [3, 1, 1] });
    expect(waterfall([10, -4, 6])).toEqual({ base: [0, 6, 6], up: [10, '-', 6], down: ['-', 4, '-'] });
    const words = layoutWords(Array.from({ length: 40 }, (_, i) => ({ text: `word${i}`, weight: 40 - i })), { width: 400, height: 250, minFont: 11, maxFont: 40 });
    expect(words.length).toBeGreaterThan(20);
    expect(words[0]!.fontSize).toBe(40);
    for (let a = 0; a < words.length; a++) for (let b = a + 1; b < words.length; b++) {
      const wa = words[a]!, wb = words[b]!;
      const overlapX = Math.abs(wa.x - wb.x) * 2 < (wa.text.length * wa.fontSize * 0.6 + wb.text.length * wb.fontSize * 0.6);
      const overlapY = Math.abs(wa.y - wb.y) * 2 < (wa.fontSize + wb.fontSize) * 1.1;
      expect(overlapX && overlapY, `${wa.text} / ${wb.text}`).toBe(false);
    }
  });
});
