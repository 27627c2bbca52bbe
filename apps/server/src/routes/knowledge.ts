/**
 * Knowledge management (API.md "Dashboards, AI chats, knowledge, other"; spec 02 §2, §3 "Knowledge
 * items", §5): `/api/knowledge/{list,create,update,delete,import,export,template}`. Everyone in the
 * organisation reads the items (the AI uses them for all); team admins (the owner of a personal
 * organisation) write them. Checks live in services/knowledge; this module maps HTTP.
 */
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { KNOWLEDGE_ERROR_CODES, KNOWLEDGE_LIMITS, KnowledgeExportQuery, KnowledgeIds, KnowledgeInput, KnowledgeListQuery, KnowledgeUpdate, ERROR_CODES, type KnowledgeImportError } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { viewerOf } from '../services/access.js';
import { checkDraft, KnowledgeService, type KnowledgeActor } from '../services/knowledge/items.js';
import { kMsg } from '../services/knowledge/messages.js';
import { readKnowledgeXlsx, TooManyRows, writeKnowledgeXlsx } from '../services/knowledge/xlsx.js';
import { SpreadsheetTooLarge } from '../services/spreadsheet-limits.js';

const tag = 'knowledge';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const actorOf = (req: FastifyRequest): KnowledgeActor => {
  const v = viewerOf(req);
  return { userId: v.id, organizationId: v.organizationId, lang: req.ctx.lang };
};

const attachment = (name: string) => `attachment; filename="${name}"`;
const stamp = () => new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);

const knowledge: RouteModule = async (app, deps) => {
  const svc = new KnowledgeService(deps);

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/knowledge/list', summary: 'Knowledge items of the current organisation (kind, data source, search; paged)', tag, query: KnowledgeListQuery }, ({ query }, req) =>
    svc.list(actorOf(req), query),
  );
  defineRoute(app, { access: 'admin', method: 'POST', url: '/api/knowledge/create', summary: 'Add a knowledge item → id', tag, body: KnowledgeInput }, ({ body }, req) =>
    svc.create(actorOf(req), body),
  );
  defineRoute(app, { access: 'admin', method: 'POST', url: '/api/knowledge/update', summary: 'Change a knowledge item', tag, body: KnowledgeUpdate }, async ({ body }, req) => {
    await svc.update(actorOf(req), body.id, body);
    return true;
  });
  defineRoute(app, { access: 'admin', method: 'POST', url: '/api/knowledge/delete', summary: 'Delete knowledge items (batch) → { deleted }', tag, body: KnowledgeIds }, async ({ body }, req) => ({
    deleted: await svc.delete(actorOf(req), body.ids),
  }));

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/knowledge/template', summary: 'The xlsx import template', tag, raw: { contentType: XLSX } }, async (_i, req, reply) => {
    const file = await writeKnowledgeXlsx([], req.ctx.lang);
    return reply.header('content-type', XLSX).header('content-disposition', attachment('knowledge-template.xlsx')).send(file);
  });
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/knowledge/export', summary: 'Knowledge items as xlsx (all, a kind, a data source, or the selected ids); formula-like cells escaped', tag, query: KnowledgeExportQuery, raw: { contentType: XLSX } }, async ({ query }, req, reply) => {
    const ids = query.ids ? query.ids.split(',').map(Number).slice(0, KNOWLEDGE_LIMITS.batch) : undefined;
    const { rows, sources } = await svc.items(actorOf(req), { kind: query.kind, dataSourceId: query.dataSourceId, ids });
    const file = await writeKnowledgeXlsx(rows.map((r) => ({ kind: r.kind, name: r.name, content: r.content, dataSource: sources.name(r.dataSourceId) ?? '', table: r.tableName ?? '' })), req.ctx.lang);
    return reply.header('content-type', XLSX).header('content-disposition', attachment(`knowledge-${stamp()}.xlsx`)).send(file);
  });

  // Import: multipart (field "file") in a scope of its own, so the parser is ours only.
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    defineRoute(scope, { access: 'admin', method: 'POST', url: '/api/knowledge/import', summary: 'Import items from an xlsx file (multipart field "file", the template\'s layout); every row is checked first: any invalid row → 400 KNOWLEDGE_IMPORT_INVALID with data.errors by row, nothing imported', tag, bodyLimit: KNOWLEDGE_LIMITS.importBytes + 64 * 1024 }, async (_i, req) => {
      const a = actorOf(req);
      if (!req.isMultipart()) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, kMsg(a.lang, 'IMPORT_NO_FILE'));
      const part = await req.file({ limits: { fileSize: KNOWLEDGE_LIMITS.importBytes, files: 1 } });
      if (!part) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, kMsg(a.lang, 'IMPORT_NO_FILE'));
      const buffer = await part.toBuffer().catch(() => null);
      if (!buffer || part.file.truncated) throw new AppError(413, ERROR_CODES.INVALID_PARAMS, kMsg(a.lang, 'IMPORT_TOO_LARGE', { mb: KNOWLEDGE_LIMITS.importBytes / 1024 / 1024 }));
      let rows;
      try {
        rows = await readKnowledgeXlsx(buffer);
      } catch (e) {
        if (e instanceof TooManyRows) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, kMsg(a.lang, 'IMPORT_TOO_MANY', { max: KNOWLEDGE_LIMITS.importRows }));
        if (e instanceof SpreadsheetTooLarge) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, e.text(a.lang));
        throw new AppError(400, ERROR_CODES.INVALID_PARAMS, kMsg(a.lang, 'IMPORT_UNREADABLE'));
      }
      if (!rows.length) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, kMsg(a.lang, 'IMPORT_EMPTY'));
      const sources = await svc.sources(a);
      const errors: KnowledgeImportError[] = [];
      const fields = [];
      for (const r of rows) {
        const dataSourceId = r.dataSource ? sources.resolve(r.dataSource) : null;
        const checked = checkDraft({ kind: r.kind, name: r.name, content: r.content, dataSourceId: dataSourceId ?? null, tableName: r.table }, sources, a.lang);
        const problems = [...checked.problems];
        if (r.dataSource && dataSourceId === undefined) problems.push({ column: 'dataSource', message: kMsg(a.lang, 'DATA_SOURCE_UNKNOWN', { value: r.dataSource }) });
        for (const p of problems) errors.push({ row: r.row, column: p.column, message: p.message });
        if (!problems.length && checked.fields) fields.push(checked.fields);
      }
      if (errors.length) {
        const count = new Set(errors.map((e) => e.row)).size;
        throw new AppError(400, KNOWLEDGE_ERROR_CODES.KNOWLEDGE_IMPORT_INVALID, kMsg(a.lang, 'IMPORT_INVALID', { count }), undefined, { errors: errors.slice(0, 500) });
      }
      const ids = await svc.repo.createMany(a.organizationId, a.userId, fields);
      return { created: ids.length };
    });
  });
};

export default knowledge;
