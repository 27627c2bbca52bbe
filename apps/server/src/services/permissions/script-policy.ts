/**
 * The team's script policy (issue 13 point 2): which kinds of statement a member may run on a shared
 * data source only as an approved script. Kept per organisation in kv ('org:<id>', 'scriptPolicy').
 * Default: nothing needs approval (grants alone decide) until an admin turns it on.
 */
import { z } from 'zod';
import type { AccessCategory } from '@askdb/sql';
import type { KvRepo } from '../../store/kv.js';
import { CachedKvRepo } from '../../store/cached-reads.js';
import type { Freshness } from '../../store/change-feed.js';

export const ScriptPolicy = z.object({
  /** SELECT (and other reads) never need approval. */
  selectFree: z.boolean(),
  /** Statement kinds that need an approved script. */
  needApprovalFor: z.array(z.enum(['WRITE', 'DDL', 'OTHER'])).max(3),
});
export type ScriptPolicy = z.output<typeof ScriptPolicy>;

export const DEFAULT_SCRIPT_POLICY: ScriptPolicy = { selectFree: true, needApprovalFor: [] };
const KEY = 'scriptPolicy';
const scope = (organizationId: number) => `org:${organizationId}`;

/** `fresh`: the request's proof that server mode's read cache has caught up (RequestContext.fresh). */
export async function readScriptPolicy(kv: KvRepo, organizationId: number, fresh?: Freshness | null): Promise<ScriptPolicy> {
  const raw = kv instanceof CachedKvRepo ? await kv.get(scope(organizationId), KEY, fresh) : await kv.get(scope(organizationId), KEY);
  if (!raw) return DEFAULT_SCRIPT_POLICY;
  const parsed = ScriptPolicy.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : DEFAULT_SCRIPT_POLICY;
}

export async function saveScriptPolicy(kv: KvRepo, organizationId: number, policy: ScriptPolicy): Promise<ScriptPolicy> {
  const clean: ScriptPolicy = { selectFree: policy.selectFree, needApprovalFor: [...new Set(policy.needApprovalFor)] };
  await kv.set(scope(organizationId), KEY, JSON.stringify(clean));
  return clean;
}

/** The first statement kind of the script that the policy holds for approval, or null. */
export function kindNeedingApproval(policy: ScriptPolicy, categories: Set<AccessCategory>): AccessCategory | null {
  for (const c of ['DDL', 'WRITE', 'OTHER', 'READ'] as const) {
    if (!categories.has(c)) continue;
    if (c === 'READ' ? !policy.selectFree : policy.needApprovalFor.includes(c)) return c;
  }
  return null;
}
