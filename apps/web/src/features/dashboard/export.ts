/** Chart exports: the data as CSV (RFC 4180, a BOM so spreadsheet apps read UTF-8), the canvas as PNG. */
import type { ChartResult } from '@askdb/contracts';
import { downloadBlob } from '../../lib/download';
import { chartInstances } from './ChartView';

const cell = (v: string | null) => (v === null ? '' : /[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function toCsv(result: Pick<ChartResult, 'headerList' | 'dataList'>): string {
  const lines = [result.headerList.map((h) => cell(h.name)).join(',')];
  for (const r of result.dataList) lines.push(r.map(cell).join(','));
  return '\ufeff' + lines.join('\r\n') + '\r\n';
}

export const fileBase = (name: string) => (name.trim() || 'chart').replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 80);

export function exportCsv(name: string, result: Pick<ChartResult, 'headerList' | 'dataList'>): void {
  downloadBlob(new Blob([toCsv(result)], { type: 'text/csv;charset=utf-8' }), `${fileBase(name)}.csv`);
}

/** PNG of a drawn chart; false when the chart is not an ECharts canvas (table). */
export function exportPng(name: string, instanceKey: string, background: string): boolean {
  const chart = chartInstances.get(instanceKey);
  if (!chart) return false;
  const url = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: background });
  downloadBlob(dataUrlBlob(url), `${fileBase(name)}.png`);
  return true;
}

/** A `data:…;base64,` URL as a Blob, decoded here: the app's CSP (connect-src 'self') does not let fetch() read data: URLs. */
export function dataUrlBlob(url: string): Blob {
  const comma = url.indexOf(',');
  const type = /^data:([^;,]+)/.exec(url)?.[1] ?? 'application/octet-stream';
  const bin = atob(url.slice(comma + 1));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}
