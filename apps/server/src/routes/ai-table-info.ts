/**
 * "Change AI table info" (issue 29 item 1; spec 01 §2 tab type, 02 §3 "AI dataset"): read and write
 * what the AI is told about one table, for a data source or for one of the caller's AI data
 * collections (which overrides the source's for chats on that collection).
 *
 * Who may: reading needs the data source and a grant reaching the table (the tree's rule); a member
 * limited to some columns sees and sets only those. Writing the data source's own info (every
 * member's AI reads it) is for whoever may change the source — its creator, or a team admin for a
 * shared one; anyone may write it for a table of their own collection, within the same grants.
 */
import { z } from 'zod';
import { ERROR_CODES, supportsDatabase, supportsSchema } from '@askdb/contracts';
import { dialectFor } from '@askdb/sql';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { canManage, requireDataSource, scopeOf, viewerOf } from '../services/access.js';
import { driverFailure } from '../services/driver-errors.js';
import { permissions } from '../services/permissions/index.js';
import { allowedColumns, sameName } from '../services/permissions/grant-match.js';
import { AiCollectionRepo, requireCollection } from '../services/ai/ai-collections.js';
import { infoPlace } from '../services/ai/ai-table-info.js';
import { AiColumnInfo, AiTableInfo, compactInfo } from '../services/ai/table-info-schema.js';
import { tableInfoMsg } from '../services/ai/table-info-messages.js';
import { AiTableInfoRepo, TableInfoConflict } from '../store/ai-table-info.js';

const URL = '/api/ai/table_info';

const Where = {
  dataSourceId: z.coerce.number().int().positive(),
  databaseName: z.string().max(255).optional().nullable(),
  schemaName: z.string().max(255).optional().nullable(),
  tableName: z.string().min(1).max(1024),
  /** An AI data collection of the caller: its own info for the table, over the source's. */
  collectionId: z.coerce.number().int().positive().optional().nullable(),
};
const InfoQuery = z.object(Where);
const InfoBody = z.object({
  ...Where,
  dataSourceId: z.number().int().positive(),
  collectionId: z.number().int().positive().optional().nullable(),
  /** The version the editor read (0: there was none); a different stored version is a conflict. */
  version: z.number().int().min(0),
  aiTableName: AiTableInfo.shape.aiTableName,
  aiTableComment: AiTableInfo.shape.aiTableComment,
  columns: z.array(AiColumnInfo).max(5000).default([]),
});
type Where = z.output<typeof InfoQuery>;

interface DbColumn { name: string; columnType: string; comment: string | null }

/** Everything both routes establish first: the source, the caller's right to browse the table, its columns and which of them the caller may read. */
async function resolve(deps: AppDeps, req: FastifyRequest, w: Where) {
  const record = await requireDataSource(deps, req, w.dataSourceId);
  const perms = permissions(deps);
  const place = perms.placeOf(record, w);
  const grants = await perms.requireBrowse(req.ctx, record, place, 'path');
  const collectionId = w.collectionId ?? 0;
  const stored = infoPlace(deps, record, w, collectionId);
  if (collectionId) {
    const repo = new AiCollectionRepo(deps.store.db, deps.kv);
    await requireCollection(deps, repo, req, collectionId);
    const inIt = (await repo.elements(collectionId)).some((e) => {
      const at = infoPlace(deps, record, e, collectionId);
      return e.dataSourceId === record.id && e.tableName === w.tableName && at.databaseName === stored.databaseName && at.schemaName === stored.schemaName;
    });
    if (!inIt) throw new AppError(404, ERROR_CODES.NOT_FOUND, tableInfoMsg(req.ctx.lang, 'NOT_IN_COLLECTION', { table: w.tableName }));
  }
  const loc = { databaseName: w.databaseName ?? null, schemaName: w.schemaName ?? null, tableName: w.tableName };
  let columns: DbColumn[];
  try {
    columns = await deps.connections.with(record, async (c) => {
      const cols = await c.metadata.columns(loc);
      return cols.length ? cols : await c.metadata.viewColumns(loc).catch(() => []);
    });
  } catch (e) {
    throw driverFailure(e, req.ctx.lang);
  }
  if (!columns.length) throw new AppError(404, ERROR_CODES.OBJECT_NOT_FOUND, tableInfoMsg(req.ctx.lang, 'TABLE_NOT_FOUND', { table: w.tableName }));
  const ci = dialectFor(record.input.type).identifierCase === 'preserve';
  const table = {
    databaseName: supportsDatabase(record.input.type) ? place.databaseName : null,
    schemaName: supportsSchema(record.input.type) ? place.schemaName : null,
    tableName: w.tableName,
  };
  // Column-level grants: the caller sees and sets only the columns they may read (none when no READ grant covers the table).
  const allowed = grants === null ? 'all' : allowedColumns(grants, 'READ', table, ci);
  const readable = (name: string) => allowed === 'all' || (allowed ?? []).some((a) => sameName(a, name, ci));
  const canEdit = collectionId > 0 || canManage(record, viewerOf(req));
  return { record, stored, columns, readable, restricted: grants !== null, canEdit, collectionId };
}

const aiTableInfo: RouteModule = (app, deps) => {
  const repo = new AiTableInfoRepo(deps.store.db);

  defineRoute(app, { access: 'signedIn', method: 'GET', url: URL, summary: 'The AI table info of a table (AI name and comment; per column alias, comment, foreign key, examples, excluded, function, enum, extra)', tag: 'ai', query: InfoQuery }, async ({ query }, req) => {
    const r = await resolve(deps, req, query);
    const org = scopeOf(req).organizationId;
    const own = await repo.get(org, r.stored, query.tableName);
    const inherited = r.collectionId ? (await repo.get(org, { ...r.stored, collectionId: 0 }, query.tableName))?.info : undefined;
    const visible = r.columns.filter((c) => r.readable(c.name));
    const entry = (info: AiTableInfo | undefined, name: string) => {
      const c = info?.columns.find((x) => x.name === name);
      if (!c) return {};
      const { name: _n, ...fields } = c;
      return fields;
    };
    return {
      dataSourceId: r.record.id,
      databaseName: query.databaseName ?? null,
      schemaName: query.schemaName ?? null,
      tableName: query.tableName,
      collectionId: r.collectionId || null,
      canEdit: r.canEdit,
      version: own?.version ?? 0,
      aiTableName: own?.info.aiTableName ?? null,
      aiTableComment: own?.info.aiTableComment ?? null,
      columns: visible.map((c) => ({ name: c.name, columnType: c.columnType, comment: c.comment ?? null, ...entry(own?.info, c.name) })),
      // A collection's editor shows what the data source's own info says underneath (visible columns only).
      ...(r.collectionId ? {
        inherited: {
          aiTableName: inherited?.aiTableName ?? null,
          aiTableComment: inherited?.aiTableComment ?? null,
          columns: visible.map((c) => ({ name: c.name, ...entry(inherited, c.name) })).filter((c) => Object.keys(c).length > 1),
        },
      } : {}),
    };
  });

  defineRoute(app, { access: 'signedIn', method: 'PUT', url: URL, summary: 'Save the AI table info of a table (whole; conditional on the version read)', tag: 'ai', body: InfoBody }, async ({ body }, req) => {
    const r = await resolve(deps, req, body);
    const lang = req.ctx.lang;
    if (!r.canEdit) throw new AppError(403, ERROR_CODES.PERMISSION_DENIED, tableInfoMsg(lang, 'SOURCE_INFO_READ_ONLY'));
    const names = new Set(r.columns.map((c) => c.name));
    for (const c of body.columns) {
      // Under grants an unknown column and an unreadable one answer alike (no probing for column names).
      if (!names.has(c.name) && !r.restricted) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, tableInfoMsg(lang, 'UNKNOWN_COLUMN', { table: body.tableName, column: c.name }));
      if (!names.has(c.name) || !r.readable(c.name)) throw new AppError(403, ERROR_CODES.NO_DATA_ACCESS_PERMISSION, tableInfoMsg(lang, 'COLUMN_NOT_READABLE', { table: body.tableName, column: c.name }));
    }
    const { organizationId, userId } = scopeOf(req);
    const current = await repo.get(organizationId, r.stored, body.tableName);
    // What is stored for columns the caller cannot see stays as it is.
    const hidden = (current?.info.columns ?? []).filter((c) => !names.has(c.name) || !r.readable(c.name));
    const info = compactInfo({ aiTableName: body.aiTableName, aiTableComment: body.aiTableComment, columns: [...hidden, ...body.columns] });
    try {
      return { version: await repo.put(organizationId, userId, r.stored, body.tableName, info, body.version) };
    } catch (e) {
      if (e instanceof TableInfoConflict) throw new AppError(409, ERROR_CODES.CONFLICT, tableInfoMsg(lang, 'CONFLICT'));
      throw e;
    }
  });
};
export default aiTableInfo;
