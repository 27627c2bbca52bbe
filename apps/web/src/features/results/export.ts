/**
 * Export of a statement's full result (POST /api/rdb/dml/export): the server runs it again and streams the
 * file; the browser saves it under the server's file name.
 */
import type { ExportFormat } from '@askdb/contracts';
import { ApiError } from '../../lib/api.js';
import { downloadBlob } from '../../lib/download';

export interface ExportRequest {
  sql: string;
  dataSourceId: number;
  databaseName?: string | null;
  schemaName?: string | null;
  format: ExportFormat;
  tableName?: string;
}

export async function exportResult(req: ExportRequest, signal?: AbortSignal): Promise<string> {
  const res = await fetch('/api/rdb/dml/export', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...req, databaseName: req.databaseName ?? undefined, schemaName: req.schemaName ?? undefined }), signal });
  const type = res.headers.get('content-type') ?? '';
  if (type.startsWith('application/json') && req.format !== 'json') {
    const env = (await res.json()) as { success?: boolean; errorMessage?: string; errorCode?: string };
    throw new ApiError(env.errorMessage ?? `HTTP ${res.status}`, env.errorCode, res.status);
  }
  if (!res.ok) throw new ApiError(`HTTP ${res.status}`, 'EXPORT_FAILED', res.status);
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `result.${req.format}`;
  const blob = await res.blob();
  // A JSON export that failed arrives as an envelope rather than a file.
  if (req.format === 'json' && !disposition) {
    const env = JSON.parse(await blob.text()) as { success?: boolean; errorMessage?: string };
    if (env && env.success === false) throw new ApiError(env.errorMessage ?? 'Export failed', 'EXPORT_FAILED');
  }
  downloadBlob(blob, name);
  return name;
}
