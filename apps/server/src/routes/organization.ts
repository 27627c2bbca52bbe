/**
 * Organisations (API.md "Accounts and organisations"; spec 02 §2–§6): current, list, create, find
 * by code, join, members, roles, removal, transfer, switch, team settings; join requests waiting
 * for an admin (until approvals, issue 13) and invitations. Checks and transactions live in
 * services/organizations; this module only maps HTTP to them.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ERROR_CODES, InvitationAccept, InvitationCreate, InvitationQuery, JoinRequestDecision, JoinRequestQuery, MemberListQuery, MemberRef, MemberRoleUpdate,
  OrganizationCreate, OrganizationJoin, OrganizationRef, OrganizationUpdate, TeamCodeQuery,
} from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { requireOrganization, requireUser } from '../http/context.js';
import { TeamService } from '../services/organizations/teams.js';
import { commerce } from '../services/commerce/service.js';
import { MemberService } from '../services/organizations/members.js';
import { JoinService } from '../services/organizations/joins.js';
import { joinFlowId } from '../services/approvals/join-flows.js';
import { noticeJoinRequest } from '../services/notifications/join-notices.js';
import { InviteService } from '../services/organizations/invites.js';
import { inviteMailerFor } from '../services/organizations/invite-mailer.js';
import { orgMsg } from '../services/organizations/messages.js';
import { AppError } from '../http/errors.js';

const BASE = '/api/organization';
const NeedCreateOrgQuery = z.object({ needCreateOrg: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()) });
const tag = 'organization';

const actorOf = (req: FastifyRequest) => {
  const user = requireUser(req);
  return { userId: user.id, name: user.name, lang: req.ctx.lang };
};
/** The organisation a request names, else the current one. */
const orgIdOf = (req: FastifyRequest, given?: number) => given ?? requireOrganization(req).id;

const organization: RouteModule = (app, deps) => {
  /** Local mode has one implicit user and no sign-in: nobody could join, so teams are a server feature. */
  const serverOnly = (req: FastifyRequest) => {
    if (deps.config.mode === 'local') throw new AppError(400, ERROR_CODES.UNSUPPORTED, orgMsg(req.ctx.lang, 'TEAMS_NEED_SERVER'));
  };
  // Each organisation's vip from the commerce entitlement (what user_a's currentOrganization.vip shows).
  const vipOf = async (id: number) => deps.config.billing.enabled && (await commerce(deps).entitlement(id)).vip;
  const teams = new TeamService(deps.store.db, undefined, vipOf);
  const members = new MemberService(deps.store.db);
  const joins = new JoinService(deps.store.db);
  const invites = new InviteService(deps.store.db, inviteMailerFor(deps.config));
  const publicUrl = (deps.config as { auth?: { publicUrl?: string } }).auth?.publicUrl;
  const baseUrlOf = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;

  defineRoute(app, { access: 'signedIn', method: 'GET', url: BASE, summary: 'The current organisation', tag }, (_i, req) => teams.current(actorOf(req), orgIdOf(req)));

  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${BASE}/detail`, summary: 'One of my organisations', tag, query: MemberListQuery.pick({ organizationId: true }) }, ({ query }, req) =>
    teams.current(actorOf(req), orgIdOf(req, query.organizationId), req.ctx.organizationId),
  );

  // needCreateOrg (spec 01 §7 "Org list (needCreateOrg)"; issue 29 item 21): a user without any organisation gets their personal one first.
  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${BASE}/list`, summary: 'My organisations: personal and teams, with my role (needCreateOrg: make my personal one if I have none)', tag, query: NeedCreateOrgQuery }, async ({ query }, req) => {
    if (query.needCreateOrg) await teams.ensurePersonal(requireUser(req).id, requireUser(req).name);
    return teams.list(requireUser(req).id, req.ctx.organizationId);
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: `${BASE}/create`, summary: 'Create a team (the caller becomes its owner)', tag, body: OrganizationCreate }, async ({ body }, req) => {
    serverOnly(req);
    return teams.create(actorOf(req), body);
  },
  );

  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${BASE}/queryByTeamCode`, summary: 'Find a team by its 8-digit code', tag, query: TeamCodeQuery }, ({ query }, req) =>
    teams.queryByTeamCode(query.teamCode, req.ctx.lang),
  );

  /**
   * Both ids of a new join request, named (issue 24 point 5): `approvalId` is the approval flow's id
   * (what /api/approval/* and the applicant's apply list act on), `joinRequestId` the request's id
   * (what /api/organization/join_requests/* act on). They differ as soon as other flows exist.
   */
  const joinIds = async (joinRequestId: number) => {
    const approvalId = await joinFlowId(deps.store.db, joinRequestId);
    // The team's admins hear of it in the notification centre (issue 25 point 7).
    if (approvalId) await noticeJoinRequest(deps, approvalId);
    return { approvalId, joinRequestId };
  };

  defineRoute(app, { access: 'signedIn', method: 'POST', url: `${BASE}/join`, summary: 'Ask to join a team by its code (awaits an admin)', tag, body: OrganizationJoin }, async ({ body }, req) => {
    serverOnly(req);
    const r = await joins.joinByCode(actorOf(req), body.teamCode, body.name, body.reason);
    return joinIds(r.approvalId);
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${BASE}/list_user`, summary: 'Members of an organisation (paged, searchable)', tag, query: MemberListQuery }, ({ query }, req) =>
    members.list(actorOf(req), orgIdOf(req, query.organizationId), query),
  );

  defineRoute(app, { access: 'admin', method: 'POST', url: `${BASE}/update_user_role`, summary: 'Set or remove admin', tag, body: MemberRoleUpdate }, async ({ body }, req) => {
    await members.setRole(actorOf(req), body.organizationId, body.userId, body.roleCode);
    return true;
  });

  defineRoute(app, { access: 'admin', method: 'POST', url: `${BASE}/remove_user`, summary: 'Remove a member (not the owner)', tag, body: MemberRef }, async ({ body }, req) => {
    await members.remove(actorOf(req), body.organizationId, body.userId);
    return true;
  });

  defineRoute(app, { access: 'superAdmin', method: 'POST', url: `${BASE}/transfer_owner`, summary: 'Transfer the team to another member (the old owner becomes admin)', tag, body: MemberRef }, async ({ body }, req) => {
    await members.transfer(actorOf(req), body.organizationId, body.userId);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: `${BASE}/switch_org`, summary: 'Make another of my organisations current; answers the main tab to open', tag, body: OrganizationRef }, ({ body }, req) =>
    teams.switchTo(actorOf(req), body.organizationId),
  );

  defineRoute(app, { access: 'admin', method: 'POST', url: `${BASE}/update`, summary: 'Team settings: name and avatar (JPG, GIF or PNG under 1 MB)', tag, body: OrganizationUpdate }, ({ body }, req) =>
    teams.update(actorOf(req), orgIdOf(req, body.organizationId), { name: body.name, avatar: body.avatar }),
  );

  defineRoute(app, { access: 'admin', method: 'GET', url: `${BASE}/join_requests`, summary: 'Requests to join the team (pending by default)', tag, query: JoinRequestQuery }, ({ query }, req) =>
    joins.list(actorOf(req), orgIdOf(req, query.organizationId), query.status),
  );

  defineRoute(app, { access: 'admin', method: 'POST', url: `${BASE}/join_requests/approve`, summary: 'Approve a join request: the applicant becomes a member', tag, body: JoinRequestDecision }, async ({ body }, req) => {
    await joins.approve(actorOf(req), body.id);
    return true;
  });

  defineRoute(app, { access: 'admin', method: 'POST', url: `${BASE}/join_requests/reject`, summary: 'Reject a join request', tag, body: JoinRequestDecision }, async ({ body }, req) => {
    await joins.reject(actorOf(req), body.id);
    return true;
  });

  defineRoute(app, { access: 'admin', method: 'POST', url: `${BASE}/invitation/create`, summary: 'An invite link; with an e-mail address it is also mailed there', tag, body: InvitationCreate }, ({ body }, req) =>
    invites.create(actorOf(req), orgIdOf(req, body.organizationId), baseUrlOf(req), body.email),
  );

  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${BASE}/invitation`, summary: 'The team an invite link is for (invite landing page)', tag, query: InvitationQuery }, ({ query }, req) =>
    invites.peek(actorOf(req), query.token),
  );

  defineRoute(app, { access: 'signedIn', method: 'POST', url: `${BASE}/invitation/accept`, summary: 'Ask to join through an invitation (awaits an admin)', tag, body: InvitationAccept }, async ({ body }, req) => {
    serverOnly(req);
    const r = await invites.accept(actorOf(req), body.token, body.name, body.reason);
    return joinIds(r.approvalId);
  });
};
export default organization;
