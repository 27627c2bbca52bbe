/**
 * Authorization list rows (spec 02 §2 "Authorization list: name, description, type, validity,
 * detail"): the grantee's name, what is granted in words, the level it is granted at, its validity
 * (expiry or permanent, and whether it has expired by the store's clock) and the full detail.
 */
import type { Language } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import type { Authorization } from '../../store/authorizations.js';
import { permMsg } from './messages.js';

export type GrantLevel = 'DATA_SOURCE' | 'DATABASE' | 'SCHEMA' | 'TABLE' | 'COLUMN';

function levelOf(a: Authorization): GrantLevel {
  if (a.columns) return 'COLUMN';
  if (a.tableName) return 'TABLE';
  if (a.schemaName) return 'SCHEMA';
  if (a.databaseName) return 'DATABASE';
  return 'DATA_SOURCE';
}

export async function describeAuthorization(deps: Pick<AppDeps, 'store'>, organizationId: number, list: (Authorization & { expired: boolean })[], lang: Language) {
  const db = deps.store.db;
  const userIds = [...new Set(list.flatMap((a) => [a.userId, a.grantedBy]))];
  const sourceIds = [...new Set(list.map((a) => a.dataSourceId))];
  const members = userIds.length ? await db.selectFrom('organization_members').select(['user_id', 'name']).where('organization_id', '=', organizationId).where('user_id', 'in', userIds).execute() : [];
  const users = userIds.length ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute() : [];
  const sources = sourceIds.length ? await db.selectFrom('data_sources').select(['id', 'alias']).where('id', 'in', sourceIds).execute() : [];
  const nameOf = (id: number) => members.find((m) => m.user_id === id)?.name || users.find((u) => u.id === id)?.name || `#${id}`;
  const aliasOf = (id: number) => sources.find((s) => s.id === id)?.alias ?? `#${id}`;
  return list.map((a) => {
    const path = [aliasOf(a.dataSourceId), a.databaseName, a.schemaName, a.tableName].filter(Boolean).join(' / ') || permMsg(lang, 'wholeSource');
    const columns = a.columns ? ` (${a.columns.join(', ')})` : '';
    const actions = a.actions.map((x) => permMsg(lang, x)).join(', ');
    return {
      id: a.id,
      name: nameOf(a.userId),
      description: `${path}${columns}: ${actions}`,
      type: levelOf(a),
      validity: { permanent: a.expireAt === null, expireAt: a.expireAt, expired: a.expired, text: a.expireAt ?? permMsg(lang, 'permanent') },
      detail: {
        userId: a.userId, userName: nameOf(a.userId), dataSourceId: a.dataSourceId, dataSourceName: aliasOf(a.dataSourceId),
        databaseName: a.databaseName, schemaName: a.schemaName, tableName: a.tableName, columns: a.columns, actions: a.actions,
        grantedBy: a.grantedBy, grantedByName: nameOf(a.grantedBy), approvalId: a.approvalId, gmtCreate: a.createdAt,
      },
    };
  });
}
