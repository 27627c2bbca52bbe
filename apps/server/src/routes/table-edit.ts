/**
 * The table editor (spec 02 §3): `POST /api/rdb/table/edit_model` reads a table through the driver's
 * metadata and schema-diff's `fromCatalog` and returns it as the editor's model, with what the editor
 * offers for the engine; `POST /api/rdb/table/edit_sql` returns the CREATE / ALTER statements for an
 * edited model. The statements run afterwards through the execute endpoint, on the tab's session.
 */
import { ERROR_CODES, TableEditModelInput, TableEditSqlInput, supportsDatabase, supportsSchema, type DatabaseType, type Language, type TableEditModelResult, type TableEditSqlResult } from '@askdb/contracts';
import type { Catalog, Connection, TableLocation } from '@askdb/drivers';
import { InvalidIndexMethodError, UnsupportedEngineError, engineFamily, fromCatalog, type EngineFamily } from '@askdb/schema-diff';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { requireDataSource } from '../services/access.js';
import { driverFailure } from '../services/driver-errors.js';
import { allowedIndexMethods, engineOffer, mysqlTableOptions } from './table-edit-engines.js';
import { editSql, problemsOf, toEditModel } from './table-edit-model.js';
import { listsCollations, readCollations, type CollationInfo } from './table-edit-collations.js';
import { tableEditMsg } from './table-edit-messages.js';
import { permissions } from '../services/permissions/index.js';

const invalid = (message: string) => new AppError(400, ERROR_CODES.INVALID_PARAMS, message);

function familyOf(type: DatabaseType, lang: Language): EngineFamily {
  const family = engineFamily(type);
  if (!family) throw new AppError(400, ERROR_CODES.UNSUPPORTED, tableEditMsg(lang, 'UNSUPPORTED', { type }));
  return family;
}

/** One table's catalog, read with the per-table metadata queries (the schema may hold thousands of tables). */
async function readTable(c: Connection, loc: TableLocation): Promise<Catalog | null> {
  const [columns, keys, indexes, list] = await Promise.all([
    c.metadata.columns(loc),
    c.metadata.keys(loc),
    c.metadata.indexes(loc),
    c.metadata.tables(loc, { searchKey: loc.tableName, pageSize: 1000 }),
  ]);
  if (!columns.length) return null;
  const comment = list.data.find((t) => t.name === loc.tableName)?.comment ?? null;
  return {
    databaseName: loc.databaseName ?? null,
    schemaName: loc.schemaName ?? null,
    tables: [{ name: loc.tableName, comment, columns, keys, indexes }],
    views: [],
    functions: [],
    procedures: [],
  };
}

const tableEdit: RouteModule = (app, deps) => {
  const place = (type: DatabaseType, p: { databaseName?: string | null; schemaName?: string | null }) => ({
    databaseName: supportsDatabase(type) ? p.databaseName ?? null : null,
    schemaName: supportsSchema(type) ? p.schemaName ?? null : null,
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/rdb/table/edit_model', summary: 'Table editor: a table as the editor model, and what the editor offers for its engine', tag: 'table editor', body: TableEditModelInput }, async ({ body }, req: FastifyRequest): Promise<TableEditModelResult> => {
    const lang = req.ctx.lang;
    const record = await requireDataSource(deps, req, body.dataSourceId);
    const type = record.input.type;
    const family = familyOf(type, lang);
    const offer = engineOffer(family);
    const perms = permissions(deps);
    // A member edits a table's structure only under a grant on the whole table (a new table: on the place).
    await perms.requireBrowse(req.ctx, record, perms.placeOf(record, { ...body, tableName: body.tableName ?? null }), body.tableName ? 'wholeTable' : 'path');
    if (!body.tableName) {
      // The collations are suggestions: a new table can still be written without them.
      const collations = listsCollations(family) ? await deps.connections.with(record, (c) => readCollations(c, family)).catch(() => []) : [];
      return { ...offer, collations, table: null, options: null };
    }
    const loc = { ...place(type, body), tableName: body.tableName };
    let read: { catalog: Catalog | null; ddl: string | null; collations: CollationInfo[] };
    try {
      read = await deps.connections.with(record, async (c) => ({
        catalog: await readTable(c, loc),
        ddl: family === 'mysql' ? await c.metadata.tableDdl(loc) : null,
        collations: await readCollations(c, family).catch(() => []),
      }));
    } catch (e) {
      throw driverFailure(e, lang);
    }
    if (!read.catalog) throw new AppError(404, ERROR_CODES.NOT_FOUND, tableEditMsg(lang, 'TABLE_NOT_FOUND', { name: body.tableName }));
    const table = fromCatalog(read.catalog, family).tables[0]!;
    return { ...offer, collations: read.collations, table: toEditModel(table), options: read.ddl !== null ? mysqlTableOptions(read.ddl) : null };
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/rdb/table/edit_sql', summary: 'Table editor: the CREATE / ALTER statements of an edited table', tag: 'table editor', body: TableEditSqlInput }, async ({ body }, req: FastifyRequest): Promise<TableEditSqlResult> => {
    const lang = req.ctx.lang;
    const record = await requireDataSource(deps, req, body.dataSourceId);
    const perms = permissions(deps);
    await perms.requireBrowse(req.ctx, record, perms.placeOf(record, body), 'path');
    const type = record.input.type;
    const family = familyOf(type, lang);
    const problems = problemsOf(body.desired, body.columnRenames);
    if (problems.length) throw invalid(problems.map((p) => tableEditMsg(lang, p.key, p.params)).join(' '));
    if (family !== 'mysql' && (hasOptions(body.tableOptions) || hasOptions(body.originalTableOptions))) throw invalid(tableEditMsg(lang, 'OPTIONS_MYSQL_ONLY'));
    try {
      return { statements: editSql(type, family, { ...body, ...place(type, body) }, allowedIndexMethods(family, body.original)) };
    } catch (e) {
      if (e instanceof InvalidIndexMethodError) throw invalid(tableEditMsg(lang, 'INDEX_METHOD', { name: e.index, method: e.method, methods: allowedIndexMethods(family, body.original).join(', ') || '—' }));
      if (e instanceof UnsupportedEngineError) throw new AppError(400, ERROR_CODES.UNSUPPORTED, tableEditMsg(lang, 'UNSUPPORTED', { type }));
      throw invalid((e as Error).message);
    }
  });
};

const hasOptions = (o: object | undefined) => !!o && Object.values(o).some((v) => v !== undefined && v !== '');

export default tableEdit;
