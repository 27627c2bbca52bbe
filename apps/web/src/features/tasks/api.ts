/** Import / export task calls (API.md "…other": /api/task/{list,get,cancel,delete}, plus upload, preview, import, export). */
import type { ConnectionImportResult, ExportTaskInput, ImportPreview, ImportStart, Page, TaskView, UploadedFile } from '@askdb/contracts';
import { api, ApiError } from '../../lib/api';

type ImportBody = Partial<ImportStart> & Pick<ImportStart, 'uploadId' | 'dataSourceId' | 'format'>;

export const taskApi = {
  list: (pageNo = 1, pageSize = 50) => api<Page<TaskView>>('/api/task/list', { query: { pageNo, pageSize } }),
  get: (id: number) => api<TaskView>('/api/task/get', { query: { id } }),
  cancel: (id: number) => api<TaskView>('/api/task/cancel', { body: { id } }),
  /** Deletes a finished task with its files (its export and any upload left); 409 while it still runs. */
  remove: (id: number) => api<boolean>('/api/task/delete', { body: { id } }),
  exportStart: (body: ExportTaskInput) => api<TaskView>('/api/task/export', { body }),
  preview: (body: { uploadId: string; format: string; encoding?: string; header?: boolean; dataSourceId?: number }) => api<ImportPreview>('/api/task/import/preview', { body }),
  importStart: (body: ImportBody) => api<TaskView>('/api/task/import', { body }),
  downloadUrl: (id: number) => `/api/task/download?id=${id}`,
  async upload(file: File): Promise<UploadedFile> {
    const form = new FormData();
    form.append('file', file, file.name);
    const res = await fetch('/api/task/upload', { method: 'POST', body: form });
    const env = (await res.json().catch(() => ({}))) as { success?: boolean; data?: UploadedFile; errorMessage?: string; errorCode?: string };
    if (!env.success) throw new ApiError(env.errorMessage ?? `HTTP ${res.status}`, env.errorCode, res.status);
    return env.data!;
  },
};

export const connectionFileApi = {
  exportFile: (body: { ids?: number[]; withSecrets: boolean; passphrase?: string }) => api<unknown>('/api/connection/datasource/export_file', { body }),
  importFile: (body: { content: string; passphrase?: string; credentials?: string; dryRun: boolean }) => api<ConnectionImportResult>('/api/connection/datasource/import_file', { body }),
};
