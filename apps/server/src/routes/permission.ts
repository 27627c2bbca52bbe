/**
 * Authorizations (issue 13 point 1, API.md "Permissions, approvals and audit"): an admin of the
 * current team grants a member access to one of the team's SHARED data sources — whole, or narrowed
 * to a database, schema, table and columns — for READ / WRITE / DDL, permanently or until a date.
 * The list shows the team's grants to admins and a member's own grants to that member. Also the
 * team's script policy (which statement kinds need an approved script). The apply routes
 * (/api/permission/apply*) belong to the approvals module.
 */
import { z } from 'zod';
import { ERROR_CODES, supportsDatabase, supportsSchema } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { requireOrganization, requireUser } from '../http/context.js';
import { AppError, invalidParams } from '../http/errors.js';
import { GRANT_ACTIONS } from '../store/authorizations.js';
import { OrganizationRepo } from '../store/organizations.js';
import { permissions, permMsg } from '../services/permissions/index.js';
import { describeAuthorization } from '../services/permissions/describe.js';
import { ScriptPolicy, readScriptPolicy, saveScriptPolicy } from '../services/permissions/script-policy.js';

const name = z.string().trim().min(1).max(255);
const CreateBody = z.object({
  userId: z.number().int().positive(),
  dataSourceId: z.number().int().positive(),
  databaseName: name.nullish(),
  schemaName: name.nullish(),
  tableName: z.string().trim().min(1).max(1024).nullish(),
  columns: z.array(name).min(1).max(1000).nullish(),
  actions: z.array(z.enum(GRANT_ACTIONS)).min(1).max(3),
  expireAt: z.string().datetime({ offset: true }).nullable(),
});
const ListQuery = z.object({ pageNo: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(500).default(50), userId: z.coerce.number().int().optional() });
const IdParams = z.object({ id: z.coerce.number().int() });

const permission: RouteModule = (app, deps) => {
  const svc = permissions(deps);
  const orgs = new OrganizationRepo(deps.store.db);

  defineRoute(app, { access: 'admin', method: 'POST', url: '/api/permission/authorization/create', summary: 'Grant a member access to a shared data source (admins)', tag: 'permission', body: CreateBody }, async ({ body }, req) => {
    const lang = req.ctx.lang;
    const org = requireOrganization(req);
    const admin = requireUser(req);
    if (org.type !== 'TEAM') throw invalidParams(permMsg(lang, 'TEAM_ONLY'));
    const record = await deps.dataSources.get(body.dataSourceId);
    if (!record) throw new AppError(404, ERROR_CODES.DATA_SOURCE_NOT_FOUND, permMsg(lang, 'OTHER_ORGANIZATION_SOURCE', { id: body.dataSourceId }));
    if (record.spaceId !== org.id) throw new AppError(403, ERROR_CODES.PERMISSION_DENIED, permMsg(lang, 'OTHER_ORGANIZATION_SOURCE', { id: body.dataSourceId }));
    if (record.visibility !== 'SHARED') throw invalidParams(permMsg(lang, 'NOT_SHARED', { source: record.input.alias }));
    const member = await orgs.membership(org.id, body.userId);
    if (!member || member.status !== 'VALID') throw invalidParams(permMsg(lang, 'NOT_A_MEMBER', { id: body.userId }));
    if (body.expireAt && Date.parse(body.expireAt) <= Date.now()) throw invalidParams(permMsg(lang, 'EXPIRY_PAST'));
    if (body.columns && !body.tableName) throw invalidParams(permMsg(lang, 'COLUMNS_NEED_TABLE'));
    const type = record.input.type;
    if (body.tableName && supportsSchema(type) && !body.schemaName) throw invalidParams(permMsg(lang, 'TABLE_NEEDS_PARENT', { what: permMsg(lang, 'schema') }));
    if (body.tableName && supportsDatabase(type) && !supportsSchema(type) && !body.databaseName) throw invalidParams(permMsg(lang, 'TABLE_NEEDS_PARENT', { what: permMsg(lang, 'database') }));
    return svc.repo.create({
      organizationId: org.id, userId: body.userId, dataSourceId: record.id,
      databaseName: supportsDatabase(type) ? body.databaseName ?? null : null,
      schemaName: supportsSchema(type) ? body.schemaName ?? null : null,
      tableName: body.tableName ?? null, columns: body.columns ? [...new Set(body.columns)] : null,
      actions: [...new Set(body.actions)], expireAt: body.expireAt, grantedBy: admin.id,
    });
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/permission/authorization/list', summary: "Authorizations: the team's for admins, one's own for members", tag: 'permission', query: ListQuery }, async ({ query }, req) => {
    const org = requireOrganization(req);
    const user = requireUser(req);
    const all = await svc.repo.list(org.id, user.isAdmin ? query.userId : user.id);
    const start = (query.pageNo - 1) * query.pageSize;
    const slice = all.slice(start, start + query.pageSize);
    const rows = await describeAuthorization(deps, org.id, slice, req.ctx.lang);
    return { data: rows, pageNo: query.pageNo, pageSize: query.pageSize, total: all.length, hasNextPage: start + query.pageSize < all.length };
  });

  defineRoute(app, { access: 'admin', method: 'DELETE', url: '/api/permission/authorization/:id', summary: 'Withdraw an authorization (admins)', tag: 'permission', params: IdParams }, async ({ params }, req) => {
    const org = requireOrganization(req);
    const a = await svc.repo.get(params.id);
    if (!a || a.organizationId !== org.id) throw new AppError(404, ERROR_CODES.NOT_FOUND, permMsg(req.ctx.lang, 'AUTHORIZATION_NOT_FOUND', { id: params.id }));
    await svc.repo.delete(a.id);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/permission/script_policy', summary: "The current team's script policy", tag: 'permission' }, async (_i, req) => readScriptPolicy(deps.kv, requireOrganization(req).id));

  defineRoute(app, { access: 'admin', method: 'POST', url: '/api/permission/script_policy', summary: 'Change which statement kinds members run only as approved scripts (admins)', tag: 'permission', body: ScriptPolicy }, async ({ body }, req) =>
    saveScriptPolicy(deps.kv, requireOrganization(req).id, body),
  );
};
export default permission;
