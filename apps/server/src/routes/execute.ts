/** Execution endpoints (API.md "Execute"): execute, fetch, execute_stream (NDJSON), cancel, export. */
import { CancelInput, ERROR_CODES, ExecuteInput, ExportInput, FetchInput, type StreamEvent } from '@askdb/contracts';
import crypto from 'node:crypto';
import { dialectFor } from '@askdb/sql';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RouteModule } from './index.js';
import type { DataSourceRecord } from '../store/data-sources.js';
import { defineRoute } from '../http/route.js';
import { requireUser } from '../http/context.js';
import { auditActor } from '../http/audit-actor.js';
import { AppError } from '../http/errors.js';
import { msg } from '../http/messages.js';
import { canManage, requireDataSource, viewerOf } from '../services/access.js';
import { doneMessage, driverFailure } from '../services/driver-errors.js';
import { permissions } from '../services/permissions/index.js';
import { withExecuteSqlParams } from '../services/spec-fields.js';
import { csvWriter, jsonWriter, sqlInsertWriter, textSink, xlsxWriter, type ExportWriter } from '../services/export-writers.js';

type ExecuteBody = z.output<typeof ExecuteInput>;
const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8', sql: 'application/sql; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

const execute: RouteModule = (app, deps) => {
  const exec = deps.execution;
  const perms = permissions(deps);
  /** A member's grants and the team's script policy, checked on every statement before any of it runs. */
  const checked = async (req: FastifyRequest, record: DataSourceRecord, body: ExecuteBody) =>
    perms.checkScript(req.ctx, record, { sql: body.sql, statements: () => exec.statements(record, body), databaseName: body.databaseName, schemaName: body.schemaName });
  /** The user's language, and whether the team's statement-time limit for members spares them (they manage the source). */
  const runOptions = (req: FastifyRequest, record: DataSourceRecord) => ({ lang: req.ctx.lang, managesSource: canManage(record, viewerOf(req)) });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/rdb/dml/execute', summary: 'Run SQL; one result per statement, first page of rows each', body: ExecuteInput }, async ({ body: raw }, req) => {
    const user = requireUser(req);
    const body = withExecutionId(raw);
    const record = await requireDataSource(deps, req, body.dataSourceId);
    return exec.within(body.executionId, user.id, async () => {
      const onCursor = await checked(req, record, body);
      try {
        const results = await exec.execute(record, user.id, body, auditActor(req), req.ctx.lang, runOptions(req, record));
        if (onCursor) for (const r of results) if (r.cursorId) onCursor(r.cursorId);
        return withExecuteSqlParams(results, body);
      } catch (e) {
        throw driverFailure(e, req.ctx.lang);
      }
    });
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/rdb/dml/fetch', summary: 'Next rows of a result cursor', body: FetchInput }, async ({ body }, req) => {
    await perms.recheckCursor(req.ctx, body.cursorId).catch((e) => {
      exec.closeCursorOf(body.cursorId, requireUser(req).id);
      throw e;
    });
    const r = await exec.fetch(body.cursorId, requireUser(req).id, body.limit);
    if (!r) throw new AppError(404, ERROR_CODES.NOT_FOUND, msg(req.ctx.lang, 'CURSOR_EXPIRED'));
    return r;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/rdb/dml/cursor/close', summary: 'Close a result cursor early', body: FetchInput.pick({ cursorId: true }) }, async ({ body }, req) => {
    exec.closeCursorOf(body.cursorId, requireUser(req).id);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/rdb/dml/status', summary: 'Where an execution is: waiting for a pooled connection (and how many requests are ahead) or running', body: CancelInput }, async ({ body }, req) => {
    const status = exec.status(body.executionId, requireUser(req).id);
    if (!status) throw new AppError(404, ERROR_CODES.NOT_FOUND, msg(req.ctx.lang, 'EXECUTION_NOT_FOUND'));
    return status;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/rdb/dml/cancel', summary: 'Cancel a running execution in the database', body: CancelInput }, async ({ body }, req) => {
    const ok = await exec.cancel(body.executionId, requireUser(req).id);
    if (!ok) throw new AppError(404, ERROR_CODES.NOT_FOUND, msg(req.ctx.lang, 'EXECUTION_NOT_FOUND'));
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/rdb/dml/execute_stream', summary: 'Run SQL and stream every row as NDJSON', body: ExecuteInput, raw: { contentType: 'application/x-ndjson' } }, async ({ body: raw }, req, reply) => {
    const user = requireUser(req);
    const body = withExecutionId(raw);
    const record = await requireDataSource(deps, req, body.dataSourceId);
    await exec.within(body.executionId, user.id, () => checked(req, record, body));
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    const write = textSink(out);
    const send = (e: StreamEvent) => write(JSON.stringify(e) + '\n');
    let aborted = false;
    req.raw.on('close', () => {
      if (!out.writableFinished) aborted = true;
    });
    try {
      await exec.run(record, user.id, { ...body, pageSize: Math.max(body.pageSize, 1000) }, async (s) => {
        let success = true;
        for (;;) {
          if (aborted) {
            await s.events.return?.();
            return { success: false };
          }
          const n = await s.events.next();
          if (n.done) break;
          const ev = n.value;
          if (ev.type === 'header') await send({ type: 'header', index: s.index, originalSql: s.originalSql, headerList: ev.columns });
          else if (ev.type === 'rows') await send({ type: 'rows', index: s.index, rows: ev.rows });
          else {
            success = ev.success;
            await send({ type: 'done', index: s.index, success: ev.success, duration: ev.durationMs, updateCount: ev.updateCount, message: doneMessage(ev, req.ctx.lang) });
          }
        }
        return { success };
      }, auditActor(req), { ...runOptions(req, record), onWait: (ahead) => void send({ type: 'waiting', ahead }) });
    } catch (e) {
      const err = driverFailure(e, req.ctx.lang);
      await send({ type: 'done', index: 0, success: false, duration: 0, updateCount: null, message: err.message });
    }
    if (!aborted) await send({ type: 'end' });
    out.end();
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/rdb/dml/export', summary: 'Export the full result of the first row-returning statement', body: ExportInput, raw: { contentType: 'application/octet-stream' } }, async ({ body: raw }, req, reply) => {
    const user = requireUser(req);
    const body = withExecutionId(raw);
    const record = await requireDataSource(deps, req, body.dataSourceId);
    await exec.within(body.executionId, user.id, () => checked(req, record, body));
    const dialect = dialectFor(record.input.type);
    const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
    const base = (body.tableName || 'result').replace(/[^\w.-]+/g, '_');
    reply.hijack();
    const out = reply.raw;
    let writer: ExportWriter | null = null;
    let failure: string | null = null;
    try {
      await exec.run(record, user.id, { ...body, pageSize: Math.max(body.pageSize, 1000) }, async (s) => {
        if (writer) {
          await s.events.return?.();
          return { success: true };
        }
        for (;;) {
          const n = await s.events.next();
          if (n.done) break;
          const ev = n.value;
          if (ev.type === 'header') {
            out.writeHead(200, { 'content-type': CONTENT_TYPES[body.format], 'content-disposition': `attachment; filename="${base}_${stamp}.${body.format}"`, 'cache-control': 'no-store' });
            writer = body.format === 'csv' ? csvWriter(out) : body.format === 'json' ? jsonWriter(out) : body.format === 'sql' ? sqlInsertWriter(out, dialect, body.tableName || 'result') : await xlsxWriter(out);
            await writer.header(ev.columns);
          } else if (ev.type === 'rows' && writer) await (writer as ExportWriter).rows(ev.rows);
          else if (ev.type === 'done' && !ev.success) failure = ev.message;
        }
        return { success: failure === null };
      }, auditActor(req), runOptions(req, record));
    } catch (e) {
      failure = driverFailure(e, req.ctx.lang).message;
    }
    if (writer) {
      await (writer as ExportWriter).end();
      out.end();
    } else {
      out.writeHead(200, { 'content-type': 'application/json' });
      out.end(JSON.stringify({ success: false, errorCode: ERROR_CODES.INVALID_PARAMS, errorMessage: failure ?? 'The SQL returned no rows to export' }));
    }
  });
};
/** Every execution gets an id, so its checks and its statements share one status (and one cancel). */
const withExecutionId = <T extends { executionId?: string }>(body: T): T & { executionId: string } => ({ ...body, executionId: body.executionId ?? crypto.randomUUID() });

export default execute;
