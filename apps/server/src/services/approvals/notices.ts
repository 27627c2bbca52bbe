/**
 * Notices of approval flows (issue 18 point 1): a new application tells the team's approvers; a
 * decision tells the applicant. Sent after the transaction commits; a failure to notify never undoes
 * or fails the decision.
 */
import type { AppDeps } from '../../deps.js';
import { notify } from '../notifications/notify.js';
import { notificationDb } from '../../store/notifications-schema.js';

export interface ApprovalNotifier {
  applied(f: { id: number; organizationId: number; applicantId: number; description: string; type: string }): Promise<void>;
  decided(f: { id: number; organizationId: number; applicantId: number; description: string; status: 'APPROVED' | 'REJECTED' }): Promise<void>;
  assigned(f: { id: number; organizationId: number; description: string }, userIds: number[]): Promise<void>;
}

export function approvalNotifier(deps: Pick<AppDeps, 'store' | 'config'>): ApprovalNotifier {
  const safe = async (fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (e) {
      process.emitWarning(`AskDB approvals: a notice could not be written (${(e as Error).message})`);
    }
  };
  const send = (organizationId: number, userIds: number[], messageKey: string, id: number, params: Record<string, string | number>) =>
    notify(deps, { organizationId, userIds, type: 'APPROVAL', messageKey, params: { ...params, id }, action: { kind: 'OPEN_APPROVAL', targetId: id } });
  return {
    applied: (f) =>
      safe(async () => {
        const approvers = await notificationDb(deps.store.db)
          .selectFrom('organization_members')
          .select('user_id')
          .where('organization_id', '=', f.organizationId)
          .where('status', '=', 'VALID')
          .where('role_code', 'in', ['ADMIN', 'SUPER_ADMIN'])
          .where('user_id', '!=', f.applicantId)
          .execute();
        const applicant = await notificationDb(deps.store.db).selectFrom('users').select('name').where('id', '=', f.applicantId).executeTakeFirst();
        await send(f.organizationId, approvers.map((a) => a.user_id), 'approval.requested', f.id, { description: f.description, applicant: applicant?.name ?? '', approvalType: f.type });
      }),
    decided: (f) => safe(() => send(f.organizationId, [f.applicantId], 'approval.decided', f.id, { description: f.description, status: f.status })),
    assigned: (f, userIds) => safe(() => send(f.organizationId, userIds, 'approval.requested', f.id, { description: f.description, applicant: '', approvalType: '' })),
  };
}
