/** Who may touch which data source: 404 when it does not exist, 403 when it is not the user's. */
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@askdb/contracts';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { requireUser } from '../http/context.js';
import { msg } from '../http/messages.js';
import type { DataSourceRecord } from '../store/data-sources.js';

export function canSee(record: DataSourceRecord, user: { id: number; isAdmin: boolean }): boolean {
  return record.ownerId === user.id || record.visibility === 'SHARED';
}
export function canManage(record: DataSourceRecord, user: { id: number; isAdmin: boolean }): boolean {
  return record.ownerId === user.id || user.isAdmin;
}

export async function requireDataSource(deps: Pick<AppDeps, 'dataSources'>, req: FastifyRequest, id: number, mode: 'use' | 'manage' = 'use'): Promise<DataSourceRecord> {
  const user = requireUser(req);
  const record = await deps.dataSources.get(id);
  if (!record) throw new AppError(404, ERROR_CODES.DATA_SOURCE_NOT_FOUND, msg(req.ctx.lang, 'DATA_SOURCE_NOT_FOUND', { id }));
  const ok = mode === 'manage' ? canManage(record, user) : canSee(record, user);
  if (!ok) throw new AppError(403, ERROR_CODES.NO_DATA_ACCESS_PERMISSION, msg(req.ctx.lang, 'NO_DATA_ACCESS_PERMISSION'));
  return record;
}
