/** Data source CRUD, test connection and clone (API.md "Data sources"). Secrets never leave the server. */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { DataSourceInput, DataSourceUpdate, ERROR_CODES, PageQuery } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { AppError, describeZodError, invalidParams } from '../http/errors.js';
import { canViewDetails, requireDataSource, requireSharedRight, scopeOf, summaryFor, viewerOf } from '../services/access.js';
import { GroupRepo } from '../store/groups.js';
import { msg } from '../http/messages.js';
import { driverFailure } from '../services/driver-errors.js';
import { mergeUpdate } from '../store/data-sources.js';
import { permissions } from '../services/permissions/index.js';
import { requireRetyped } from '../services/secret-rule.js';

const IdParams = z.object({ id: z.coerce.number().int() });

const dataSources: RouteModule = (app, deps) => {
  const groups = new GroupRepo(deps.store.db);
  /** A group named in a create or update must be one of the caller's, in this organisation. */
  const mustOwnGroup = async (groupId: number | null | undefined, req: FastifyRequest) => {
    if (groupId != null && !(await groups.get(groupId, scopeOf(req)))) throw new AppError(404, ERROR_CODES.NOT_FOUND, msg(req.ctx.lang, 'GROUP_NOT_FOUND', { id: groupId }));
  };

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/connection/datasource/pre_connect', summary: 'Test a connection', body: DataSourceUpdate.partial({ id: true }).extend({ alias: z.string().max(255).optional() }) }, async ({ body }, req) => {
    let input = { alias: 'test', ...body } as DataSourceInput & { id?: number };
    // Testing an existing source from its edit dialog: absent secrets are the stored ones.
    if (body.id !== undefined) {
      const rec = await requireDataSource(deps, req, body.id, 'manage');
      // A saved secret goes only where it was saved for: a new host/port/user needs it typed again.
      const { id: _id, ...patch } = body;
      const merged = mergeUpdate(rec.input, patch);
      requireRetyped(merged.mustRetype, req.ctx.lang);
      input = { ...merged.input, alias: body.alias ?? rec.input.alias };
    }
    const parsed = DataSourceInput.safeParse(input);
    if (!parsed.success) throw invalidParams(`Invalid body: ${describeZodError(parsed.error)}`);
    try {
      await deps.connections.test(parsed.data);
    } catch (e) {
      throw driverFailure(e, req.ctx.lang);
    }
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/connection/datasource/create', summary: 'Create a data source', body: DataSourceInput }, async ({ body }, req) => {
    const viewer = viewerOf(req);
    requireSharedRight(body.visibility, viewer, req);
    await mustOwnGroup(body.groupId, req);
    deps.connections.checkFiles(body, req.ctx.lang);
    return deps.dataSources.create(body, viewer.id, viewer.organizationId);
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/connection/datasource/update', summary: 'Update a data source (an absent password keeps the old one)', body: DataSourceUpdate }, async ({ body }, req) => {
    const rec = await requireDataSource(deps, req, body.id, 'manage');
    const { id, ...patch } = body;
    requireSharedRight(patch.visibility, viewerOf(req), req);
    await mustOwnGroup(patch.groupId, req);
    const merged = mergeUpdate(rec.input, patch);
    requireRetyped(merged.mustRetype, req.ctx.lang);
    const valid = DataSourceInput.parse(merged.input);
    deps.connections.checkFiles(valid, req.ctx.lang);
    await deps.dataSources.update(id, valid);
    deps.connections.invalidate(id);
    deps.catalogs.invalidate(id);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/connection/datasource/list', summary: 'List data sources', query: PageQuery }, async ({ query }, req) => {
    const viewer = viewerOf(req);
    const all = await deps.dataSources.listVisible(viewer.organizationId, viewer.id);
    const key = query.searchKey?.trim().toLowerCase();
    // The host is searched only where the viewer may see it (a search must not reveal a shared source's host).
    const hits = key ? all.filter((r) => r.input.alias.toLowerCase().includes(key) || (canViewDetails(r, viewer) && (r.input.host ?? '').toLowerCase().includes(key)) || r.input.type.toLowerCase().includes(key)) : all;
    const start = (query.pageNo - 1) * query.pageSize;
    // A team member's shared sources: hasPermission says whether a live grant lets them in (the tree tags the others).
    const perms = permissions(deps);
    const granted = await perms.sourcesWithGrant(req.ctx);
    return {
      data: hits.slice(start, start + query.pageSize).map((r) => {
        const s = summaryFor(r, viewer);
        return granted && perms.enforced(req.ctx, r) ? { ...s, hasPermission: granted.has(r.id) } : s;
      }),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      total: hits.length,
      hasNextPage: start + query.pageSize < hits.length,
    };
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/connection/datasource/:id', summary: 'One data source (without secrets)', params: IdParams }, async ({ params }, req) => {
    const rec = await requireDataSource(deps, req, params.id);
    const perms = permissions(deps);
    const s = summaryFor(rec, viewerOf(req));
    return perms.enforced(req.ctx, rec) ? { ...s, hasPermission: (await perms.repo.liveFor(rec.spaceId!, req.ctx.user!.id, rec.id)).length > 0 } : s;
  });

  defineRoute(app, { access: 'signedIn', method: 'DELETE', url: '/api/connection/datasource/:id', summary: 'Delete a data source', params: IdParams }, async ({ params }, req) => {
    await requireDataSource(deps, req, params.id, 'manage');
    deps.connections.invalidate(params.id);
    deps.catalogs.invalidate(params.id);
    await deps.dataSources.delete(params.id);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/connection/datasource/clone', summary: 'Clone a data source', body: z.object({ id: z.coerce.number().int() }) }, async ({ body }, req) => {
    // A copy is the copier's own, with the original's secrets: only for who may see its details.
    const rec = await requireDataSource(deps, req, body.id, 'details');
    const viewer = viewerOf(req);
    deps.connections.checkFiles(rec.input, req.ctx.lang);
    const visibility = rec.visibility === 'SHARED' && viewer.isAdmin ? 'SHARED' : 'PRIVATE';
    const groupId = rec.ownerId === viewer.id ? rec.groupId : null;
    // The copy's secrets stay the original typist's: the copier cannot export them (issue 24).
    return deps.dataSources.create({ ...rec.input, alias: `${rec.input.alias} (copy)`, groupId, visibility }, viewer.id, viewer.organizationId, rec.secretsBy);
  });
};
export default dataSources;
