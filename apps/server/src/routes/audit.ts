/**
 * SQL audit (API.md "Permissions, approvals and audit"): the super admin's paged, filtered list of
 * the statements run in the current organisation, and its CSV export; the operator's retention
 * setting and writer status. Read-only for every role: no route edits or deletes an audit row.
 */
import { AuditRetentionInput, ERROR_CODES, SqlAuditQuery, type Page, type SqlAuditRecord } from '@askdb/contracts';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { requireOrganization } from '../http/context.js';
import { AppError } from '../http/errors.js';
import type { AuditFilter } from '../store/sql-audit.js';
import { writeAuditCsv } from '../services/audit/export.js';
import { auditMsg } from '../services/audit/messages.js';

const ExportQuery = SqlAuditQuery.omit({ pageNo: true, pageSize: true });

function filterOf(req: FastifyRequest, q: Omit<SqlAuditQuery, 'pageNo' | 'pageSize'>): AuditFilter {
  if (q.from && q.to && q.from > q.to) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, auditMsg(req.ctx.lang, 'RANGE_REVERSED', { from: q.from, to: q.to }));
  return { organizationId: requireOrganization(req).id, userId: q.userId, dataSourceId: q.dataSourceId, statementType: q.statementType, from: q.from, to: q.to, searchKey: q.searchKey };
}

const audit: RouteModule = (app, deps) => {
  /** What this replica has queued is written before a read, so a statement just run is on the page. */
  const settle = () => Promise.race([deps.audit.log.flush(), new Promise((r) => setTimeout(r, 1000).unref())]);

  defineRoute(app, { access: 'superAdmin', method: 'GET', url: '/api/audit/sql/list', summary: 'SQL audit: statements run in the organisation, newest first, filtered and paged', tag: 'audit', query: SqlAuditQuery }, async ({ query }, req): Promise<Page<SqlAuditRecord>> => {
    const filter = filterOf(req, query);
    await settle();
    const { rows, total } = await deps.audit.repo.page(filter, query.pageNo, query.pageSize);
    return { data: rows, pageNo: query.pageNo, pageSize: query.pageSize, total, hasNextPage: query.pageNo * query.pageSize < total };
  });

  defineRoute(app, { access: 'superAdmin', method: 'GET', url: '/api/audit/sql/export', summary: 'SQL audit as CSV (same filters as the list, every matching row, streamed)', tag: 'audit', query: ExportQuery, raw: { contentType: 'text/csv' } }, async ({ query }, req, reply) => {
    const filter = filterOf(req, query);
    await settle();
    const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="sql-audit_${stamp}.csv"`, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    try {
      await writeAuditCsv(out, deps.audit.repo, filter, req.ctx.lang);
    } catch (e) {
      req.log.error({ err: e }, 'SQL audit export failed');
      out.destroy(e as Error);
      return;
    }
    out.end();
  });

  defineRoute(app, { access: 'operator', method: 'GET', url: '/api/admin/audit', summary: 'SQL audit writer status and retention (days)', tag: 'audit' }, async () => ({
    retentionDays: await deps.audit.retention.days(),
    ...deps.audit.log.stats(),
  }));

  defineRoute(app, { access: 'operator', method: 'POST', url: '/api/admin/audit/retention', summary: 'Set how many days SQL audit rows are kept (older ones are pruned hourly)', tag: 'audit', body: AuditRetentionInput }, async ({ body }) => {
    await deps.audit.retention.setDays(body.days);
    return { retentionDays: body.days };
  });
};
export default audit;
