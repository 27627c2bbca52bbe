/** Metadata endpoints (API.md "Metadata"): databases, schemas, tables (paged, searchable, pinned first), columns, keys, indexes, views, routines, triggers, DDL. */
import { z } from 'zod';
import { MetadataQuery, RoutineDetailQuery } from '@askdb/contracts';
import type { Connection } from '@askdb/drivers';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { requireUser } from '../http/context.js';
import { invalidParams } from '../http/errors.js';
import { requireDataSource } from '../services/access.js';
import { driverFailure } from '../services/driver-errors.js';
import { readOfTable } from '../services/missing-object.js';
import { permissions, type BrowseNeed } from '../services/permissions/index.js';
import { browsableDatabases } from '../services/permissions/catalog-filter.js';
import { listSchemaObjects } from '../services/schema-objects.js';

type Q = z.output<typeof MetadataQuery>;

/** What each tree request needs of a member's grants (services/permissions): the place it names, or more. */
type Scope = 'source' | 'place' | 'table' | BrowseNeed;

const metadata: RouteModule = (app, deps) => {
  const perms = permissions(deps);
  const withConn = async <T>(req: FastifyRequest, q: Q, fn: (c: Connection) => Promise<T>, scope: Scope = 'place'): Promise<T> => {
    const record = await requireDataSource(deps, req, q.dataSourceId);
    const place = scope === 'source' ? null : perms.placeOf(record, { ...q, tableName: scope === 'place' ? null : q.tableName });
    await perms.requireBrowse(req.ctx, record, place, scope === 'wholeTable' ? 'wholeTable' : 'path');
    try {
      return await deps.connections.with(record, fn);
    } catch (e) {
      throw driverFailure(e, req.ctx.lang);
    }
  };
  const loc = (q: Q) => ({ databaseName: q.databaseName ?? null, schemaName: q.schemaName ?? null });
  const tableLoc = (q: Q) => {
    if (!q.tableName) throw invalidParams('Invalid query: tableName: Required');
    return { ...loc(q), tableName: q.tableName };
  };
  const get = <T>(url: string, summary: string, fn: (c: Connection, q: Q) => Promise<T>, scope: Scope = 'place') =>
    defineRoute(app, { access: 'signedIn', method: 'GET', url, summary, query: MetadataQuery }, ({ query }, req) => withConn(req, query, (c) => fn(c, query), scope));

  // Schemas a member's grants do not reach come back with `hasPermission: false`; databases they may not browse are not listed.
  for (const level of ['database', 'schema'] as const) {
    const url = `/api/rdb/${level}/list`;
    defineRoute(app, { access: 'signedIn', method: 'GET', url, summary: level === 'database' ? 'Databases' : 'Schemas of a database', query: MetadataQuery }, async ({ query }, req) => {
      const record = await requireDataSource(deps, req, query.dataSourceId);
      const place = perms.placeOf(record, { databaseName: query.databaseName });
      const grants = await perms.requireBrowse(req.ctx, record, level === 'database' ? null : { ...place, schemaName: null });
      const allowed = perms.levelFilter(record, grants, level, place);
      const rows = await withConn(req, query, async (c) =>
        level === 'database' ? (await c.metadata.databases()).map((d) => ({ ...d })) : (await c.metadata.schemas(query.databaseName)).map((s) => ({ name: s.name, databaseName: s.databaseName ?? query.databaseName ?? null })), 'source');
      if (!allowed) return rows;
      if (level === 'database') {
        // A member sees the databases they may browse, not the whole server's list.
        const named = perms.levelFilter(record, grants!.filter((g) => g.databaseName != null), 'database', place)!;
        return browsableDatabases(rows, { browse: allowed, named }, record.input.databaseName || null).map((r) => ({ ...r, hasPermission: true }));
      }
      return rows.map((r) => ({ ...r, hasPermission: allowed(r.name) }));
    });
  }
  get('/api/rdb/table/column_list', 'Columns of a table', (c, q) => c.metadata.columns(tableLoc(q)), 'table');
  get('/api/rdb/table/key_list', 'Keys of a table', (c, q) => c.metadata.keys(tableLoc(q)), 'table');
  get('/api/rdb/table/index_list', 'Indexes of a table', (c, q) => c.metadata.indexes(tableLoc(q)), 'table');
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/rdb/view/list', summary: 'Views (each with hasPermission for a member with narrower grants)', query: MetadataQuery }, async ({ query }, req) => {
    const record = await requireDataSource(deps, req, query.dataSourceId);
    const place = perms.placeOf(record, query);
    const allowed = perms.tableFilter(record, await perms.requireBrowse(req.ctx, record, place), place);
    const views = await withConn(req, query, (c) => c.metadata.views(loc(query)), 'source');
    return allowed ? views.map((v) => ({ ...v, hasPermission: allowed(v.name) })) : views;
  });
  get('/api/rdb/view/column_list', 'Columns of a view', (c, q) => c.metadata.viewColumns(tableLoc(q)), 'table');
  get('/api/rdb/function/list', 'Functions', async (c, q) => (await c.metadata.functions(loc(q))).map((f) => ({ ...f, functionName: f.name, specificName: f.specificName ?? f.name })));
  get('/api/rdb/procedure/list', 'Procedures', async (c, q) => (await c.metadata.procedures(loc(q))).map((p) => ({ ...p, procedureName: p.name })));
  get('/api/rdb/trigger/list', 'Triggers', async (c, q) => (await c.metadata.triggers({ ...loc(q), tableName: q.tableName })).map((t) => ({ ...t, triggerName: t.name })), 'table');
  // Issue 26: the schema's other objects (types, sequences, partitions, policies, …) with their CREATE text, for the tree.
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/rdb/schema_object/list', summary: 'Types, sequences, partitions, policies and other schema objects, each with its CREATE text', query: MetadataQuery }, async ({ query }, req) => {
    const record = await requireDataSource(deps, req, query.dataSourceId);
    // Partitions and policies are other tables' structure: a grant narrower than the schema does not reach them.
    await perms.requireBrowse(req.ctx, record, perms.placeOf(record, { ...query, tableName: null }), 'wholeSchema');
    return withConn(req, query, (c) => listSchemaObjects(c, record.input.type, loc(query)));
  });
  // The CREATE text shows every column: only for a grant on the whole table.
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/rdb/table/ddl', summary: 'CREATE statement of a table (OBJECT_NOT_FOUND when there is no such table)', query: MetadataQuery }, ({ query }, req) =>
    withConn(req, query, (c) => readOfTable(c, tableLoc(query), req.ctx.lang, () => c.metadata.tableDdl(tableLoc(query))), 'wholeTable'));

  // One routine's CREATE text: `definition` is null when the engine keeps none (or the user may not read it).
  for (const kind of ['FUNCTION', 'PROCEDURE'] as const) {
    const field = kind === 'FUNCTION' ? 'functionName' : 'procedureName';
    defineRoute(app, { access: 'signedIn', method: 'GET', url: `/api/rdb/${kind.toLowerCase()}/detail`, summary: `CREATE text of a ${kind.toLowerCase()}`, query: RoutineDetailQuery }, ({ query }, req) => {
      const name = query[field];
      if (!name) throw invalidParams(`Invalid query: ${field}: Required`);
      return withConn(req, query, async (c) => ({
        name,
        specificName: query.specificName ?? null,
        definition: c.metadata.routineDefinition ? await c.metadata.routineDefinition(loc(query), kind, name, query.specificName) : null,
      }));
    });
  }

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/rdb/table/list', summary: 'Tables, pinned first, paged and searchable', query: MetadataQuery }, async ({ query }, req) => {
    const user = requireUser(req);
    const pins = await deps.store.db
      .selectFrom('pinned_tables')
      .select('table_name')
      .where('user_id', '=', user.id)
      .where('data_source_id', '=', query.dataSourceId)
      .where('database_name', '=', query.databaseName ?? '')
      .where('schema_name', '=', query.schemaName ?? '')
      .execute();
    const pinned = new Set(pins.map((p) => p.table_name));
    const record = await requireDataSource(deps, req, query.dataSourceId);
    const place = perms.placeOf(record, query);
    // A member with grants on some tables only sees the others tagged `hasPermission: false` (the tree's "no permission").
    const allowed = perms.tableFilter(record, await perms.requireBrowse(req.ctx, record, place), place);
    const page = await withConn(req, query, (c) => c.metadata.tables(loc(query), { pageNo: query.pageNo ?? 1, pageSize: query.pageSize ?? 100, searchKey: query.searchKey }), 'source');
    // `details`: what an engine knows of each entry beyond its name (Redis: type, ttl in seconds, size in bytes).
    const rows = page.data.map((t) => ({ name: t.name, comment: t.comment ?? null, pinned: pinned.has(t.name), ...(t.details ? { details: t.details } : {}), ...(allowed ? { hasPermission: allowed(t.name) } : {}) }));
    // Pinned tables come first on the first page (the rest keep the engine's order).
    if ((query.pageNo ?? 1) === 1 && pinned.size) rows.sort((a, b) => Number(b.pinned) - Number(a.pinned));
    return { data: rows, pageNo: page.pageNo, pageSize: page.pageSize, total: page.total, hasNextPage: page.hasNextPage };
  });

  const PinBody = z.object({ dataSourceId: z.number().int(), databaseName: z.string().max(255).nullish(), schemaName: z.string().max(255).nullish(), tableName: z.string().min(1).max(1024), pinned: z.boolean() });
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/rdb/table/pin', summary: 'Pin or unpin a table in the tree', body: PinBody }, async ({ body }, req) => {
    const user = requireUser(req);
    const record = await requireDataSource(deps, req, body.dataSourceId);
    await perms.requireBrowse(req.ctx, record, perms.placeOf(record, body), 'path');
    const key = { user_id: user.id, data_source_id: body.dataSourceId, database_name: body.databaseName ?? '', schema_name: body.schemaName ?? '', table_name: body.tableName };
    await deps.store.db
      .deleteFrom('pinned_tables')
      .where('user_id', '=', key.user_id)
      .where('data_source_id', '=', key.data_source_id)
      .where('database_name', '=', key.database_name)
      .where('schema_name', '=', key.schema_name)
      .where('table_name', '=', key.table_name)
      .execute();
    if (body.pinned) await deps.store.db.insertInto('pinned_tables').values(key).execute();
    return true;
  });
};
export default metadata;
