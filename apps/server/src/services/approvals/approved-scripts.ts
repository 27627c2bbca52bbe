/**
 * Approved scripts run once (issue 13 point 3): the grants' enforcement calls consumeApprovedScript
 * before it lets a statement that needs approval reach the database. It answers true exactly once
 * per approved SCRIPT flow of this applicant on this data source in this organisation whose text
 * hash matches (trailing whitespace/semicolons aside): the flow moves approved → finished by one
 * conditional update, so two replicas racing on one flow cannot both run it.
 */
import type { Kysely } from 'kysely';
import type { StoreDb } from '../../store/db.js';
import { approvalDb } from '../../store/approvals-schema.js';
import { scriptHash } from './script-hash.js';

export interface ApprovedScriptQuery {
  organizationId: number;
  userId: number;
  dataSourceId: number;
  sql: string;
}

export async function consumeApprovedScript(db: StoreDb | Kysely<any>, q: ApprovedScriptQuery): Promise<boolean> {
  const a = approvalDb(db);
  const hash = scriptHash(q.sql);
  // A few rounds: if another replica took the candidate we saw, a second approved copy may remain.
  for (let round = 0; round < 3; round++) {
    const candidate = await a
      .selectFrom('approval_flows')
      .select('id')
      .where('organization_id', '=', q.organizationId)
      .where('applicant_id', '=', q.userId)
      .where('data_source_id', '=', q.dataSourceId)
      .where('type', '=', 'SCRIPT')
      .where('status', '=', 'APPROVED')
      .where('script_hash', '=', hash)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return false;
    const now = new Date().toISOString();
    const done = await a
      .updateTable('approval_flows')
      .set((eb) => ({ status: 'FINISHED', finished_at: now, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', candidate.id)
      .where('status', '=', 'APPROVED')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) return true;
  }
  return false;
}
