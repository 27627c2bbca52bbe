/**
 * Join requests as approval flows (type JOIN). The organisations service calls these: a join
 * request opens a flow, and a request decided through the old join_requests endpoints closes it.
 * Only the store is imported here, so services/organizations can use it without a cycle.
 */
import type { Kysely } from 'kysely';
import type { StoreDb } from '../../store/db.js';
import { ApprovalRepo } from '../../store/approvals.js';

type Db = StoreDb | Kysely<any>;

/** The flow of a new join request: the application, then any ADMIN or SUPER_ADMIN of the team. */
export function openJoinFlow(db: Db, r: { organizationId: number; teamName: string; userId: number; name: string; reason: string | null; joinRequestId: number }): Promise<number> {
  return new ApprovalRepo(db).create(
    { organizationId: r.organizationId, type: 'JOIN', applicantId: r.userId, description: `${r.teamName} — ${r.name}`, reason: r.reason, joinRequestId: r.joinRequestId },
    [{ kind: 'APPLY', status: 'INVOKED', actorId: r.userId, comment: r.reason, acted: true }, { kind: 'APPROVE', status: 'PENDING' }],
    db,
  );
}

/**
 * The request was decided by an admin outside the flow (or inside it: then the flow is already
 * closed and nothing changes). Takes the flow's row first, in the same order as the flow's own
 * transitions, so the two paths never deadlock.
 */
export function closeJoinFlow(tx: Db, joinRequestId: number, status: 'APPROVED' | 'REJECTED', actorId: number): Promise<boolean> {
  return new ApprovalRepo(tx).closeForJoinRequest(joinRequestId, status, actorId, tx);
}

/** The approval flow a join request opened (its id is what the approval endpoints act on). */
export async function joinFlowId(db: Db, joinRequestId: number): Promise<number | null> {
  return (await new ApprovalRepo(db).byJoinRequest(joinRequestId))?.id ?? null;
}
