/**
 * Approval flows (API.md "Permissions, approvals and audit"; spec 02 §2 "Approval list", §3
 * "Approval"): applications for data permission and script execution, the approval list, one flow,
 * and the decisions. Checks and transactions live in services/approvals; this module maps HTTP.
 */
import type { FastifyRequest } from 'fastify';
import { ApplyListQuery, ApprovalAction, ApprovalIdParams, ApprovalListQuery, PermissionApply } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { requireUser } from '../http/context.js';
import { ApprovalService, type ApprovalActor } from '../services/approvals/flows.js';
import { ApprovalViews } from '../services/approvals/views.js';
import { approvalNotifier } from '../services/approvals/notices.js';

const tag = 'approval';

const actorOf = (req: FastifyRequest): ApprovalActor => ({
  userId: requireUser(req).id,
  lang: req.ctx.lang,
  organizationId: req.ctx.organizationId,
  organizationType: req.ctx.organization?.type ?? null,
  role: req.ctx.role,
});

const approval: RouteModule = (app, deps) => {
  const flows = new ApprovalService(deps.store.db, approvalNotifier(deps));
  const views = new ApprovalViews(deps.store.db);

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/permission/apply', summary: 'Apply for data permission or to run a script (awaits the team admins)', tag, body: PermissionApply }, ({ body }, req) =>
    flows.apply(actorOf(req), body),
  );
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/permission/apply/list', summary: 'My applications (data, script, team joins), newest first', tag, query: ApplyListQuery }, ({ query }, req) =>
    views.mine(actorOf(req), query),
  );
  defineRoute(app, { access: 'admin', method: 'GET', url: '/api/approval/list', summary: 'Approvals of the current team I can act on or have acted on (by status, paged)', tag, query: ApprovalListQuery }, ({ query }, req) =>
    views.list(actorOf(req), query),
  );
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/approval/pending_count', summary: 'Approvals waiting for me in the current team (Team tab badge)', tag }, (_i, req) =>
    views.pendingCount(actorOf(req)),
  );
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/approval/:id', summary: 'One approval flow, step by step (its applicant and the team admins)', tag, params: ApprovalIdParams }, ({ params }, req) =>
    views.detail(actorOf(req), params.id),
  );

  const decide = (url: string, summary: string, run: (a: ApprovalActor, b: ApprovalAction) => Promise<void>, access: 'admin' | 'signedIn' = 'admin') =>
    defineRoute(app, { access, method: 'POST', url: `/api/approval/${url}`, summary, tag, body: ApprovalAction }, async ({ body }, req) => {
      await run(actorOf(req), body);
      return true;
    });
  decide('approve', 'Approve (the flow is approved once every waiting approver has approved); a data flow may be narrowed (tables, columns, actions) and given an expiry', (a, b) => flows.approve(a, b.id, b.comment, { tables: b.tables, expireAt: b.expireAt }));
  decide('reject', 'Reject', (a, b) => flows.reject(a, b.id, b.comment));
  decide('transfer', 'Hand my step to another admin (userId)', (a, b) => flows.transfer(a, b.id, b.userId, b.comment));
  decide('add_signature', 'Approve and add approvers (userIds) who must also approve', (a, b) => flows.addSignature(a, b.id, b.userIds, b.comment));
  decide('revoke', 'Revoke my own application', (a, b) => flows.revoke(a, b.id, b.comment), 'signedIn');
};

export default approval;
