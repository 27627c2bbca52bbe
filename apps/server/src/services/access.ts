/**
 * Who may touch which data source, and the scope of everything else a user owns (spec 02 §3
 * "Connection", §6). A data source lives in one organisation (space_id): another organisation's
 * member gets 404, as if it did not exist. Inside the organisation a PRIVATE source is its
 * creator's; a SHARED one is visible to every member, but only team admins create or change it,
 * and only its creator or an admin sees its connection details — a member may still connect with it.
 */
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES, type DataSourceSummary } from '@askdb/contracts';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { requireOrganization, requireUser } from '../http/context.js';
import { msg } from '../http/messages.js';
import { toSummary, type DataSourceRecord } from '../store/data-sources.js';
import type { OwnerScope } from '../store/scope.js';
import { CachedDataSourceRepo } from '../store/cached-reads.js';
import { orgMsg } from './organizations/messages.js';

export interface Viewer {
  id: number;
  isAdmin: boolean;
  organizationId: number;
}

/** The signed-in user and their current organisation. */
export function viewerOf(req: FastifyRequest): Viewer {
  const user = requireUser(req);
  return { id: user.id, isAdmin: user.isAdmin, organizationId: requireOrganization(req).id };
}
/** What repos of user-owned rows (groups, consoles, chats, AI collections) filter by. */
export function scopeOf(req: FastifyRequest): OwnerScope {
  const v = viewerOf(req);
  return { organizationId: v.organizationId, userId: v.id };
}

const inOrganization = (r: DataSourceRecord, v: Viewer) => r.spaceId === v.organizationId;

export function canSee(r: DataSourceRecord, v: Viewer): boolean {
  return inOrganization(r, v) && (r.ownerId === v.id || r.visibility === 'SHARED');
}
/** Edit, delete, test with stored secrets, move: the creator of a private source; an admin for a shared one. */
export function canManage(r: DataSourceRecord, v: Viewer): boolean {
  return inOrganization(r, v) && (r.visibility === 'SHARED' ? v.isAdmin : r.ownerId === v.id);
}
/** Host, port, user, database, SSH/SSL settings: the creator or an admin. */
export function canViewDetails(r: DataSourceRecord, v: Viewer): boolean {
  return inOrganization(r, v) && (r.ownerId === v.id || v.isAdmin);
}

/** The list/get shape: full (never secrets) for the creator or an admin, else the spec's brief one. */
export function summaryFor(r: DataSourceRecord, v: Viewer): DataSourceSummary {
  if (canViewDetails(r, v)) {
    const full = toSummary(r, v, canSee(r, v));
    return r.ownerId === v.id ? full : { ...full, groupId: null };
  }
  return { id: r.id, alias: r.input.alias, type: r.input.type, hasPermission: canSee(r, v), isAdmin: false, spaceId: r.spaceId, visibility: r.visibility };
}

/** Creating or switching a source to SHARED, or changing a shared one, is for team admins. */
export function requireSharedRight(visibility: string | undefined, v: Viewer, req: FastifyRequest): void {
  if (visibility === 'SHARED' && !v.isAdmin) throw new AppError(403, ERROR_CODES.PERMISSION_DENIED, orgMsg(req.ctx.lang, 'SHARED_NEEDS_ADMIN'));
}

export type DataSourceUse = 'use' | 'manage' | 'details';

export async function requireDataSource(deps: Pick<AppDeps, 'dataSources'>, req: FastifyRequest, id: number, mode: DataSourceUse = 'use'): Promise<DataSourceRecord> {
  const viewer = viewerOf(req);
  // Server mode's cached repo reads under the request's freshness proof (no round trip of its own).
  const record = deps.dataSources instanceof CachedDataSourceRepo ? await deps.dataSources.get(id, req.ctx.fresh) : await deps.dataSources.get(id);
  if (!record || !inOrganization(record, viewer)) throw new AppError(404, ERROR_CODES.DATA_SOURCE_NOT_FOUND, msg(req.ctx.lang, 'DATA_SOURCE_NOT_FOUND', { id }));
  const ok = mode === 'manage' ? canManage(record, viewer) : mode === 'details' ? canSee(record, viewer) && canViewDetails(record, viewer) : canSee(record, viewer);
  if (!ok) throw new AppError(403, ERROR_CODES.NO_DATA_ACCESS_PERMISSION, msg(req.ctx.lang, 'NO_DATA_ACCESS_PERMISSION'));
  return record;
}
