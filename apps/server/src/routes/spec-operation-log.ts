/**
 * Operation log (02 §7 "Operation: log create, list, get"): the statements a user ran from a
 * console, kept per user and organisation (the newest 500), searchable and paged. Stored in the
 * key-value table of the store.
 */
import { z } from 'zod';
import { ERROR_CODES } from '@askdb/contracts';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { requireUser } from '../http/context.js';
import { AppError } from '../http/errors.js';
import { specMsg } from './spec-messages.js';

const tag = 'spec-aliases';
const KEEP = 500;
const SCOPE = 'operation-log';

export const OperationLogCreate = z.object({
  ddl: z.string().min(1).max(100_000),
  dataSourceId: z.number().int().nullish(),
  databaseName: z.string().max(255).nullish(),
  schemaName: z.string().max(255).nullish(),
  type: z.string().max(32).nullish(),
  status: z.enum(['SUCCESS', 'FAILURE']).default('SUCCESS'),
  operationRows: z.number().int().nullish(),
  useTime: z.number().int().nullish(),
});
type Entry = z.output<typeof OperationLogCreate> & { id: number; createdAt: string };

const operationLog: RouteModule = (app, deps) => {
  const key = (req: FastifyRequest) => `${requireUser(req).id}:${req.ctx.organizationId ?? 0}`;
  const read = async (req: FastifyRequest): Promise<Entry[]> => JSON.parse((await deps.kv.get(SCOPE, key(req))) ?? '[]') as Entry[];

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/operation/log/create', summary: 'Record a statement I ran (newest 500 kept)', tag, body: OperationLogCreate }, async ({ body }, req) => {
    const all = await read(req);
    const entry: Entry = { ...body, id: (all[0]?.id ?? 0) + 1, createdAt: new Date().toISOString() };
    await deps.kv.set(SCOPE, key(req), JSON.stringify([entry, ...all].slice(0, KEEP)));
    return entry.id;
  });
  defineRoute(app, {
    access: 'signedIn', method: 'GET', url: '/api/operation/log/list', summary: 'My operation log, newest first (searchKey, dataSourceId, paged)', tag,
    query: z.object({ pageNo: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(1000).default(20), searchKey: z.string().max(200).optional(), dataSourceId: z.coerce.number().int().optional() }),
  }, async ({ query }, req) => {
    const s = query.searchKey?.trim().toLowerCase();
    const hits = (await read(req)).filter((e) => (!s || e.ddl.toLowerCase().includes(s)) && (query.dataSourceId === undefined || e.dataSourceId === query.dataSourceId));
    const start = (query.pageNo - 1) * query.pageSize;
    return { data: hits.slice(start, start + query.pageSize), pageNo: query.pageNo, pageSize: query.pageSize, total: hits.length, hasNextPage: start + query.pageSize < hits.length };
  });
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/operation/log/get', summary: 'One entry of my operation log', tag, query: z.object({ id: z.coerce.number().int() }) }, async ({ query }, req) => {
    const hit = (await read(req)).find((e) => e.id === query.id);
    if (!hit) throw new AppError(404, ERROR_CODES.NOT_FOUND, specMsg(req.ctx.lang, 'LOG_NOT_FOUND', { id: query.id }));
    return hit;
  });
};
export default operationLog;
