/**
 * Import / export tasks (API.md "…other": `/api/task/{list,get,cancel}`; issue 18 point 3): upload a
 * file (multipart, streamed into the file store), preview it, start an import or an export, follow
 * progress, cancel, download an export (streamed from the store), delete a finished task with its
 * files. Any replica serves any step. Every task is its creator's: anyone else gets 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dialectFor } from '@askdb/sql';
import { ERROR_CODES, ExportTaskInput, ImportPreviewInput, ImportStart, TASK_LIMITS, TaskIdBody, TaskIdQuery, TaskListQuery, type ImportFormat, type ImportPreview, type UploadedFile } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import type { DataSourceRecord } from '../store/data-sources.js';
import type { Language } from '@askdb/contracts';
import type { RequestContext } from '../http/context.js';
import { defineRoute } from '../http/route.js';
import { requireOrganization, requireUser } from '../http/context.js';
import { AppError } from '../http/errors.js';
import { requireDataSource } from '../services/access.js';
import { permissions } from '../services/permissions/index.js';
import { TaskService, toView, type TaskOwner } from '../services/tasks/service.js';
import { taskMsg } from '../services/tasks/messages.js';
import { delimitedSource, jsonSource, type TableSource } from '../services/tasks/readers.js';
import { FileRefused, xlsxSource } from '../services/tasks/xlsx.js';
import { SpreadsheetTooLarge } from '../services/spreadsheet-limits.js';
import { inferType } from '../services/tasks/import-table.js';

const tag = 'task';
const ownerOf = (req: FastifyRequest): TaskOwner => ({ organizationId: requireOrganization(req).id, userId: requireUser(req).id });
const FORMAT_BY_EXT: Record<string, ImportFormat> = { '.csv': 'csv', '.tsv': 'tsv', '.txt': 'tsv', '.xlsx': 'xlsx', '.xls': 'xlsx', '.json': 'json', '.ndjson': 'json', '.jsonl': 'json', '.sql': 'sql' };
const IMPORTABLE = (r: DataSourceRecord) => ['postgresql', 'mysql'].includes(dialectFor(r.input.type).name);

const tasks: RouteModule = async (app, deps) => {
  const service = new TaskService(deps);
  await service.register();
  const perms = permissions(deps);

  /** The checks a console would make for the statement the task amounts to (grants, team script policy). */
  const checkStatements = async (req: FastifyRequest, record: DataSourceRecord, statements: string[], loc: { databaseName?: string; schemaName?: string }) => {
    await perms.checkScript(req.ctx, record, { sql: statements.join(';\n'), statements: () => statements, databaseName: loc.databaseName, schemaName: loc.schemaName });
  };
  const qualified = (record: DataSourceRecord, loc: { databaseName?: string; schemaName?: string }, table: string) => {
    const d = dialectFor(record.input.type);
    const ns = d.name === 'postgresql' ? loc.schemaName : d.name === 'mysql' ? loc.databaseName : d.supportsSchema ? loc.schemaName : undefined;
    return (ns ? `${d.quoteIdentifier(ns, true)}.` : '') + d.quoteIdentifier(table, true);
  };

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/task/list', summary: 'My import and export tasks in this organisation, newest first (paged)', tag, query: TaskListQuery }, async ({ query }, req) => {
    const o = ownerOf(req);
    const { rows, total } = await service.repo.list(o.organizationId, o.userId, { kind: query.kind, offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize });
    return { data: rows.map(toView), pageNo: query.pageNo, pageSize: query.pageSize, total, hasNextPage: query.pageNo * query.pageSize < total };
  });

  const mine = async (req: FastifyRequest, id: number) => {
    const t = await service.owned(ownerOf(req), id);
    if (!t) throw new AppError(404, ERROR_CODES.NOT_FOUND, taskMsg(req.ctx.lang, 'TASK_NOT_FOUND', { id }));
    return t;
  };
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/task/get', summary: 'One task: state, progress, errors per row', tag, query: TaskIdQuery }, async ({ query }, req) => toView(await mine(req, query.id)));

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/task/cancel', summary: 'Stop a task: it ends after the batch running now (rows of reported batches stay)', tag, body: TaskIdBody }, async ({ body }, req) => {
    await mine(req, body.id);
    if (!(await service.repo.requestCancel(body.id))) throw new AppError(409, ERROR_CODES.INVALID_PARAMS, taskMsg(req.ctx.lang, 'TASK_FINISHED', { id: body.id }));
    return toView((await service.repo.get(body.id))!);
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/task/download', summary: 'The file of a finished export (its creator only)', tag, query: TaskIdQuery, raw: { contentType: 'application/octet-stream' } }, async ({ query }, req, reply) => {
    const t = await mine(req, query.id);
    const f = await service.output(t);
    if (!f) throw new AppError(404, ERROR_CODES.NOT_FOUND, taskMsg(req.ctx.lang, 'NO_FILE'));
    const name = t.fileName ?? f.fileName;
    reply.header('content-type', 'application/octet-stream');
    reply.header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    reply.header('cache-control', 'no-store');
    reply.header('content-length', f.size);
    return reply.send(service.files.open(f));
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/task/delete', summary: 'Delete a finished task (its creator only) with its files: its export and any upload left', tag, body: TaskIdBody }, async ({ body }, req) => {
    const t = await mine(req, body.id);
    if (!['DONE', 'FAILED', 'STOPPED'].includes(t.state)) throw new AppError(409, ERROR_CODES.INVALID_PARAMS, taskMsg(req.ctx.lang, 'TASK_RUNNING', { id: body.id }));
    await service.remove(t);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/task/export', summary: 'Start exporting a table, a query or a whole database (csv, xlsx, json, sql, dump)', tag, body: ExportTaskInput }, async ({ body }, req) => {
    const record = await requireDataSource(deps, req, body.dataSourceId);
    const lang = req.ctx.lang;
    if (body.target === 'table' && !body.tableName) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(lang, 'EXPORT_TARGET', { what: 'table' }));
    if (body.target === 'query' && !body.sql?.trim()) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(lang, 'EXPORT_TARGET', { what: 'SQL' }));
    if (body.target === 'database' && !['sql', 'dump'].includes(body.format)) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(lang, 'DATABASE_EXPORT_FORMAT'));
    const loc = { databaseName: body.databaseName, schemaName: body.schemaName };
    if (body.target === 'query') await checkStatements(req, record, deps.execution.statements(record, { sql: body.sql! }), loc);
    else if (body.target === 'table') await checkStatements(req, record, [`SELECT * FROM ${qualified(record, loc, body.tableName!)}`], loc);
    else {
      const page = await deps.connections.with(record, (c) => c.metadata.tables(loc, { pageNo: 1, pageSize: 10_000 }));
      await checkStatements(req, record, page.data.filter((t) => t.type !== 'VIEW').map((t) => `SELECT * FROM ${qualified(record, loc, t.name)}`), loc);
    }
    const id = await service.startExport(ownerOf(req), body);
    return toView((await service.repo.get(id))!);
  });

  // Uploads: multipart in a scope of its own (the file streams into the store; the size limit cuts it off).
  app.register(async (scope) => {
    await scope.register((await import('@fastify/multipart')).default, { throwFileSizeLimit: false });
    defineRoute(scope, { access: 'signedIn', method: 'POST', url: '/api/task/upload', summary: 'Upload a file to import (multipart field "file"); answers its uploadId', tag, bodyLimit: TASK_LIMITS.uploadBytes }, async (_i, req): Promise<UploadedFile> => {
      const lang = req.ctx.lang;
      if (!req.isMultipart()) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(lang, 'NOT_MULTIPART'));
      const part = await req.file({ limits: { fileSize: TASK_LIMITS.uploadBytes, files: 1 } });
      if (!part) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(lang, 'NOT_MULTIPART'));
      const name = (part.filename || 'upload').slice(0, 200);
      // This replica keeps a copy too: the preview that usually follows reads it without a download.
      const f = await service.files.put({ kind: 'task-upload', ...ownerOf(req), fileName: name, mime: 'application/octet-stream' }, part.file, { cache: true });
      if (part.file.truncated) {
        await service.files.remove(f.id);
        throw new AppError(413, ERROR_CODES.INVALID_PARAMS, taskMsg(lang, 'UPLOAD_TOO_LARGE', { mb: TASK_LIMITS.uploadBytes / 1024 / 1024 }));
      }
      return { uploadId: f.id, name, size: f.size, format: FORMAT_BY_EXT[path.extname(name).toLowerCase()] ?? null };
    });
  });

  /** The caller's waiting upload and a path to this replica's copy of it (streamed down when it was taken elsewhere). */
  const uploaded = async (req: FastifyRequest, uploadId: string) => {
    const f = await service.upload(ownerOf(req), uploadId);
    if (!f) throw new AppError(404, ERROR_CODES.NOT_FOUND, taskMsg(req.ctx.lang, 'UPLOAD_NOT_FOUND'));
    return { record: f, file: await service.files.localPath(f) };
  };
  const open = async (req: FastifyRequest, file: string, o: { format: ImportFormat; encoding: string; header: boolean }): Promise<TableSource> => {
    try {
      if (o.format === 'xlsx') return await xlsxSource(file, { header: o.header });
      if (o.format === 'json') return await jsonSource(file, { encoding: o.encoding });
      return await delimitedSource(file, { delimiter: o.format === 'tsv' ? '\t' : ',', encoding: o.encoding, header: o.header });
    } catch (e) {
      const reason = e instanceof SpreadsheetTooLarge ? e.text(req.ctx.lang) : e instanceof FileRefused ? e.message : 'unreadable';
      throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(req.ctx.lang, 'FILE_INVALID', { reason }));
    }
  };

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/task/import/preview', summary: 'The first rows of an uploaded file, its columns and inferred types', tag, body: ImportPreviewInput }, async ({ body }, req): Promise<ImportPreview> => {
    const { file } = await uploaded(req, body.uploadId);
    if (body.format === 'sql') return { columns: [], rows: [], errors: [] };
    let dialect = dialectFor('POSTGRESQL');
    if (body.dataSourceId) dialect = dialectFor((await requireDataSource(deps, req, body.dataSourceId)).input.type);
    const src = await open(req, file, body);
    const rows: (string | null)[][] = [];
    const errors: ImportPreview['errors'] = [];
    try {
      for await (const r of src.records) {
        if (r.error !== undefined) errors.push({ row: r.row, message: r.error });
        else rows.push(r.cells);
        if (rows.length + errors.length >= 200) break;
      }
    } catch (e) {
      if (e instanceof SpreadsheetTooLarge) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(req.ctx.lang, 'FILE_INVALID', { reason: e.text(req.ctx.lang) }));
      throw e;
    } finally {
      src.close();
    }
    return { columns: src.columns.map((name, i) => ({ name, type: inferType(rows.map((r) => r[i] ?? null), dialect) })), rows: rows.slice(0, 20), errors };
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/task/import', summary: 'Start importing an uploaded file (csv, tsv, xlsx, json into a new or existing table; sql scripts)', tag, body: ImportStart }, async ({ body }, req) => {
    const lang = req.ctx.lang;
    const record = await requireDataSource(deps, req, body.dataSourceId);
    const { record: upload, file } = await uploaded(req, body.uploadId);
    const loc = { databaseName: body.databaseName, schemaName: body.schemaName };
    let checkAs: RequestContext | undefined;
    if (body.format === 'sql') {
      // Cheap checks only: the job reads, splits and (for users under grants) checks the script as it streams.
      await sniffScript(file, lang);
      if (perms.enforced(req.ctx, record)) {
        // No grant reaching the place: refused now, as a console would (one store read); statements are checked by the job.
        await perms.requireBrowse(req.ctx, record, perms.placeOf(record, loc, 'exec'));
        checkAs = { ...req.ctx, auth: { kind: req.ctx.auth.kind } };
      }
    } else {
      if (!IMPORTABLE(record)) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(lang, 'IMPORT_UNSUPPORTED', { type: record.input.type }));
      if (!body.tableName?.trim()) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(lang, 'TABLE_REQUIRED'));
      const t = qualified(record, loc, body.tableName);
      await checkStatements(req, record, [...(body.mode === 'new' ? [`CREATE TABLE ${t} (c int)`] : []), `INSERT INTO ${t} VALUES (1)`], loc);
    }
    const id = await service.startImport(ownerOf(req), body, { file: upload, name: z.string().parse(body.tableName ?? 'script') }, checkAs);
    if (id === null) throw new AppError(404, ERROR_CODES.NOT_FOUND, taskMsg(lang, 'UPLOAD_NOT_FOUND'));
    return toView((await service.repo.get(id))!);
  });
};

/**
 * A SQL script's cheap validation: its size, and its first bytes must look like UTF-8 text (no
 * UTF-16 byte-order mark, no NUL, valid UTF-8 up to the last whole character).
 */
async function sniffScript(file: string, lang: Language): Promise<void> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const { size } = await fh.stat();
    if (size > TASK_LIMITS.sqlScriptBytes) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(lang, 'UPLOAD_TOO_LARGE', { mb: TASK_LIMITS.sqlScriptBytes / 1024 / 1024 }));
    const head = Buffer.alloc(Math.min(size, 4096));
    await fh.read(head, 0, head.length, 0);
    let n = head.length;
    if (size > n) {
      // A character cut by the sample's end: drop its continuation bytes and its lead byte.
      while (n > head.length - 3 && (head[n - 1]! & 0xc0) === 0x80) n--;
      if (head[n - 1]! >= 0xc0) n--;
    }
    const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
    let text = !utf16 && !head.subarray(0, n).includes(0);
    if (text) {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, n));
      } catch {
        text = false;
      }
    }
    if (!text) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, taskMsg(lang, 'FILE_INVALID', { reason: 'not UTF-8 text' }));
  } finally {
    await fh.close();
  }
}

export default tasks;
