/**
 * A join request reaches the team's admins in the notification centre (issue 25 point 7), not only
 * as a badge on the Team tab: the same notice as any application (approval.requested), opening the
 * join request's approval flow. Sent after the request is stored; a failure never fails the request.
 */
import type { AppDeps } from '../../deps.js';
import { ApprovalRepo } from '../../store/approvals.js';
import { approvalNotifier } from '../approvals/notices.js';

export async function noticeJoinRequest(deps: Pick<AppDeps, 'store' | 'config'>, approvalId: number): Promise<void> {
  const flow = await new ApprovalRepo(deps.store.db).get(approvalId);
  if (!flow || flow.type !== 'JOIN' || flow.status !== 'PENDING') return;
  await approvalNotifier(deps).applied({ id: flow.id, organizationId: flow.organization_id, applicantId: flow.applicant_id, description: flow.description, type: 'JOIN' });
}
