/** Saved consoles and the draft store (API.md "Consoles"; spec 01 §4 save state machine). */
import { z } from 'zod';
import { ConsoleInput, ConsoleUpdate, ERROR_CODES } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { msg } from '../http/messages.js';
import { ConsoleRepo } from '../store/consoles.js';
import { requireDataSource, scopeOf } from '../services/access.js';

const IdParams = z.object({ id: z.coerce.number().int() });
const ListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  status: z.enum(['DRAFT', 'RELEASE']).optional(),
  type: z.string().max(64).optional(),
  tabOpened: z.enum(['true', 'false', 'y', 'n']).optional().transform((v) => (v === undefined ? undefined : v === 'true' || v === 'y')),
  searchKey: z.string().max(255).optional(),
  orderByDesc: z.enum(['true', 'false']).optional().transform((v) => v !== 'false'),
});

const consoles: RouteModule = (app, deps) => {
  const repo = new ConsoleRepo(deps.store.db);
  const notFound = (id: number, lang: Parameters<typeof msg>[0]) => new AppError(404, ERROR_CODES.NOT_FOUND, msg(lang, 'CONSOLE_NOT_FOUND', { id }));

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/operation/saved/create', summary: 'Create a console', body: ConsoleInput }, async ({ body }, req) => {
    if (body.dataSourceId != null) await requireDataSource(deps, req, body.dataSourceId);
    return repo.create(body, scopeOf(req));
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/operation/saved/update', summary: 'Update a console; returns its new version and whether another writer saved in between', body: ConsoleUpdate }, async ({ body }, req) => {
    const scope = scopeOf(req);
    const { id, baseVersion, ...fields } = body;
    if (fields.dataSourceId != null) await requireDataSource(deps, req, fields.dataSourceId);
    const r = await repo.update(id, scope, fields, baseVersion);
    if (!r) throw notFound(id, req.ctx.lang);
    // Released text supersedes the draft.
    if (fields.status === 'RELEASE' && fields.ddl !== undefined) await repo.deleteDraft(id, scope.userId);
    return { version: r.version, conflict: r.conflict, message: r.conflict ? msg(req.ctx.lang, 'CONSOLE_CONFLICT') : undefined };
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/operation/saved/list', summary: 'List consoles', query: ListQuery }, async ({ query }, req) => repo.list(scopeOf(req), query));

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/operation/saved/:id', summary: 'One console', params: IdParams }, async ({ params }, req) => {
    const c = await repo.get(params.id, scopeOf(req));
    if (!c) throw notFound(params.id, req.ctx.lang);
    return c;
  });

  defineRoute(app, { access: 'signedIn', method: 'DELETE', url: '/api/operation/saved/:id', summary: 'Delete a console and its draft', params: IdParams }, async ({ params }, req) => {
    if (!(await repo.delete(params.id, scopeOf(req)))) throw notFound(params.id, req.ctx.lang);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/operation/draft/:id', summary: 'The draft text of a console', params: IdParams }, async ({ params }, req) => {
    const scope = scopeOf(req);
    if (!(await repo.get(params.id, scope))) throw notFound(params.id, req.ctx.lang);
    return repo.getDraft(params.id, scope.userId);
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/operation/draft/set', summary: 'Store the draft text of a console', body: z.object({ consoleId: z.coerce.number().int(), ddl: z.string().max(20_000_000) }) }, async ({ body }, req) => {
    const scope = scopeOf(req);
    if (!(await repo.get(body.consoleId, scope))) throw notFound(body.consoleId, req.ctx.lang);
    await repo.setDraft(body.consoleId, scope.userId, body.ddl);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'DELETE', url: '/api/operation/draft/:id', summary: 'Drop the draft of a console', params: IdParams }, async ({ params }, req) => {
    await repo.deleteDraft(params.id, scopeOf(req).userId);
    return true;
  });
};
export default consoles;
