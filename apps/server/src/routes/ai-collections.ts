/** AI data collections: create, rename, delete, list with elements, add/remove/annotate tables and views. */
import { z } from 'zod';
import {
  AiCollectionCreate, AiCollectionElementAnnotate, AiCollectionElementDelete, AiCollectionElementsAdd, AiCollectionRename, ERROR_CODES, PageQuery,
} from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { canSee, requireDataSource, scopeOf, viewerOf } from '../services/access.js';
import { AiCollectionRepo, requireCollection } from '../services/ai/ai-collections.js';
import { aiMsg } from '../services/ai/ai-messages.js';

const BASE = '/api/ai/data_collection';


const aiCollections: RouteModule = (app, deps) => {
  const repo = new AiCollectionRepo(deps.store.db, deps.kv);

  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${BASE}/list`, summary: 'AI data collections of the user', tag: 'ai', query: PageQuery }, async ({ query }, req) => {
    const all = await repo.list(scopeOf(req));
    const key = query.searchKey?.trim().toLowerCase();
    const hits = key ? all.filter((c) => c.title.toLowerCase().includes(key)) : all;
    const start = (query.pageNo - 1) * query.pageSize;
    return { data: hits.slice(start, start + query.pageSize), pageNo: query.pageNo, pageSize: query.pageSize, total: hits.length, hasNextPage: start + query.pageSize < hits.length };
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: `${BASE}/create`, summary: 'Create an AI data collection', tag: 'ai', body: AiCollectionCreate }, async ({ body }, req) =>
    repo.create(body.title, scopeOf(req)),
  );

  defineRoute(app, { access: 'signedIn', method: 'POST', url: `${BASE}/rename`, summary: 'Rename an AI data collection', tag: 'ai', body: AiCollectionRename }, async ({ body }, req) => {
    await requireCollection(deps, repo, req, body.id);
    await repo.rename(body.id, body.title);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'DELETE', url: `${BASE}/:id`, summary: 'Delete an AI data collection', tag: 'ai', params: z.object({ id: z.coerce.number().int() }) }, async ({ params }, req) => {
    await requireCollection(deps, repo, req, params.id);
    await repo.delete(params.id);
    return true;
  });

  defineRoute(
    app,
    { access: 'signedIn', method: 'GET', url: `${BASE}/element/list`, summary: 'Tables and views of an AI data collection', tag: 'ai', query: PageQuery.extend({ id: z.coerce.number().int() }) },
    async ({ query }, req) => {
      await requireCollection(deps, repo, req, query.id);
      const elements = await repo.elements(query.id);
      const names = new Map<number, string>();
      const viewer = viewerOf(req);
      for (const id of new Set(elements.map((e) => e.dataSourceId))) {
        const ds = await deps.dataSources.get(id);
        names.set(id, ds && canSee(ds, viewer) ? ds.input.alias : '');
      }
      const rows = elements.map((e) => ({ ...e, dataSourceName: names.get(e.dataSourceId) ?? '' }));
      const start = (query.pageNo - 1) * query.pageSize;
      return { data: rows.slice(start, start + query.pageSize), pageNo: query.pageNo, pageSize: query.pageSize, total: rows.length, hasNextPage: start + query.pageSize < rows.length };
    },
  );

  defineRoute(app, { access: 'signedIn', method: 'POST', url: `${BASE}/element/add`, summary: 'Add tables or views to an AI data collection', tag: 'ai', body: AiCollectionElementsAdd }, async ({ body }, req) => {
    await requireCollection(deps, repo, req, body.id);
    for (const id of new Set(body.elements.map((e) => e.dataSourceId))) await requireDataSource(deps, req, id);
    return repo.addElements(body.id, body.elements);
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: `${BASE}/element/delete`, summary: 'Remove a table or view from an AI data collection', tag: 'ai', body: AiCollectionElementDelete }, async ({ body }, req) => {
    await requireCollection(deps, repo, req, body.id);
    if (!(await repo.removeElement(body.id, body.elementId))) throw new AppError(404, ERROR_CODES.NOT_FOUND, aiMsg(req.ctx.lang, 'ELEMENT_NOT_FOUND', { id: body.elementId }));
    return true;
  });

  defineRoute(
    app,
    { access: 'signedIn', method: 'POST', url: `${BASE}/element/annotate`, summary: 'Describe a table of an AI data collection for the AI (used by schema linking)', tag: 'ai', body: AiCollectionElementAnnotate },
    async ({ body }, req) => {
      await requireCollection(deps, repo, req, body.id);
      if (!(await repo.annotate(body.id, body.elementId, body.annotation))) throw new AppError(404, ERROR_CODES.NOT_FOUND, aiMsg(req.ctx.lang, 'ELEMENT_NOT_FOUND', { id: body.elementId }));
      return true;
    },
  );
};
export default aiCollections;
