/** Data source groups of the tree: create ('New Group'), rename, nest, delete, move data sources. */
import { z } from 'zod';
import { ERROR_CODES, LIMITS } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { msg } from '../http/messages.js';
import { GroupRepo } from '../store/groups.js';
import { requireDataSource, scopeOf } from '../services/access.js';
import type { OwnerScope } from '../store/scope.js';

const groups: RouteModule = (app, deps) => {
  const repo = new GroupRepo(deps.store.db);
  const mustOwn = async (id: number, scope: OwnerScope, lang: Parameters<typeof msg>[0]) => {
    const g = await repo.get(id, scope);
    if (!g) throw new AppError(404, ERROR_CODES.NOT_FOUND, msg(lang, 'GROUP_NOT_FOUND', { id }));
    return g;
  };

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/connection/group/list', summary: 'Groups of the current user (flat, with parentId)' }, async (_i, req) => repo.list(scopeOf(req)));

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/connection/group/create', summary: 'Create a group', body: z.object({ name: z.string().trim().max(255).optional(), parentId: z.number().int().nullable().optional() }) }, async ({ body }, req) => {
    const scope = scopeOf(req);
    if (body.parentId != null) await mustOwn(body.parentId, scope, req.ctx.lang);
    return repo.create(body.name || LIMITS.newGroupName, body.parentId ?? null, scope);
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/connection/group/update', summary: 'Rename or move a group', body: z.object({ id: z.number().int(), name: z.string().trim().min(1).max(255).optional(), parentId: z.number().int().nullable().optional() }) }, async ({ body }, req) => {
    const scope = scopeOf(req);
    await mustOwn(body.id, scope, req.ctx.lang);
    if (body.parentId != null) {
      // Refuse cycles: walk up from the new parent.
      const all = new Map((await repo.list(scope)).map((g) => [g.id, g]));
      for (let cur: number | null = body.parentId; cur != null; cur = all.get(cur)?.parentId ?? null) {
        if (cur === body.id) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, msg(req.ctx.lang, 'GROUP_CYCLE'));
        if (!all.has(cur)) throw new AppError(404, ERROR_CODES.NOT_FOUND, msg(req.ctx.lang, 'GROUP_NOT_FOUND', { id: cur }));
      }
    }
    await repo.update(body.id, { name: body.name, parentId: body.parentId });
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'DELETE', url: '/api/connection/group/:id', summary: 'Delete a group (its members move to its parent)', params: z.object({ id: z.coerce.number().int() }) }, async ({ params }, req) => {
    const scope = scopeOf(req);
    await mustOwn(params.id, scope, req.ctx.lang);
    await repo.delete(params.id, scope);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/connection/group/move_datasource', summary: 'Move a data source into a group (null = top level)', body: z.object({ dataSourceId: z.number().int(), groupId: z.number().int().nullable() }) }, async ({ body }, req) => {
    const scope = scopeOf(req);
    await requireDataSource(deps, req, body.dataSourceId, 'manage');
    if (body.groupId != null) await mustOwn(body.groupId, scope, req.ctx.lang);
    await deps.dataSources.setGroup(body.dataSourceId, body.groupId);
    return true;
  });
};
export default groups;
