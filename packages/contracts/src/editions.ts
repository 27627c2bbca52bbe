/**
 * Editions, plan labels and THE gating table (issue 14 point 1; spec 01 §2 "Edition badge", §4
 * "Edition type"; spec 02 §1, §9). The server enforces it (services/commerce/gate.ts); the web app
 * reads it to show what a plan unlocks. One table: change a plan here, nowhere else.
 *
 * The core loop — connect, browse, console, completion, results, schema sync — is never gated:
 * no feature below names it, and no route of it is in GATED_ROUTES. A plan may cap how many
 * connections an organisation keeps (the trial's 5), never whether it can connect.
 *
 * Billing off (a self-hosted team server, the default) runs every organisation as TEAM_PRO with no
 * limits; local mode runs as LOCAL. Only a deployment with billing on (ASKDB_BILLING=1) sells and
 * derives the edition from the organisation's subscription.
 */
import type { Edition } from './enums.js';

/** The edition badge's label (spec 01 §2: forever, pro or trial; team variants for team organisations). */
export const PLAN_LABELS = ['forever', 'pro', 'trial', 'teamTrial', 'teamPro', 'community', 'local'] as const;
export type PlanLabel = (typeof PLAN_LABELS)[number];

/** What a plan unlocks. The core loop is not here: it is never gated. */
export const FEATURES = [
  /** The AI model the vendor runs (AI source ASKDB); counted against the organisation's AI uses. */
  'AI_MANAGED_MODEL',
  /** AI with the organisation's own key (OpenAI-compatible, Azure, …): never counted, never limited. */
  'AI_OWN_KEY',
  /** AI-generated reports (dashboard generation questions); counted against AI reports. */
  'AI_REPORTS',
  'DASHBOARDS',
  /** Team members, invites and join requests beyond the owner. */
  'TEAM_MEMBERS',
  /** Fine-grained grants on databases, tables and columns. */
  'TEAM_PERMISSIONS',
  'APPROVALS',
  'SQL_AUDIT',
] as const;
export type Feature = (typeof FEATURES)[number];

/** Never gated (documentation for the table and for the gating test). */
export const CORE_FEATURES = ['CONNECT', 'BROWSE', 'CONSOLE', 'COMPLETION', 'RESULTS', 'SCHEMA_SYNC'] as const;
export type CoreFeature = (typeof CORE_FEATURES)[number];

/** null = no limit. */
export interface PlanLimits {
  /** A trial lasts this many days from its start (user's trialStartTime; a team's creation). */
  trialDays: number | null;
  /** Saved connections (data sources) per organisation. */
  connections: number | null;
  /** Managed-model AI uses per period (never the organisation's own key). */
  aiUses: number | null;
  /** 'TRIAL' = for the whole trial; 'MONTH' = per calendar month (UTC). */
  aiUsesPeriod: 'TRIAL' | 'MONTH' | null;
  /** AI reports per period (same period as aiUses). */
  aiReports: number | null;
}

/** The gating rows: an edition, and for PRO/TEAM_PRO whether it is still the free trial. */
export const TIERS = ['COMMUNITY', 'PRO_TRIAL', 'PRO', 'TEAM_TRIAL', 'TEAM_PRO', 'LOCAL'] as const;
export type Tier = (typeof TIERS)[number];

export interface TierRow {
  edition: Edition;
  label: PlanLabel;
  features: readonly Feature[];
  limits: PlanLimits;
}

const NO_LIMITS: PlanLimits = { trialDays: null, connections: null, aiUses: null, aiUsesPeriod: null, aiReports: null };
/** Spec 02 §9: free Pro trial 30 days with 5 connections, 10 AI uses, 2 AI reports. */
export const TRIAL_LIMITS: PlanLimits = { trialDays: 30, connections: 5, aiUses: 10, aiUsesPeriod: 'TRIAL', aiReports: 2 };
const PERSONAL_FEATURES: readonly Feature[] = ['AI_MANAGED_MODEL', 'AI_OWN_KEY', 'AI_REPORTS', 'DASHBOARDS'];
const TEAM_FEATURES: readonly Feature[] = [...PERSONAL_FEATURES, 'TEAM_MEMBERS', 'TEAM_PERMISSIONS', 'APPROVALS', 'SQL_AUDIT'];

/** THE gating table. */
export const GATING: Record<Tier, TierRow> = {
  /** No subscription and the trial is over: the core loop and AI with one's own key. */
  COMMUNITY: { edition: 'COMMUNITY', label: 'community', features: ['AI_OWN_KEY'], limits: { ...NO_LIMITS, connections: 5, aiUses: 0, aiUsesPeriod: 'MONTH', aiReports: 0 } },
  PRO_TRIAL: { edition: 'PRO', label: 'trial', features: PERSONAL_FEATURES, limits: TRIAL_LIMITS },
  PRO: { edition: 'PRO', label: 'pro', features: PERSONAL_FEATURES, limits: NO_LIMITS },
  TEAM_TRIAL: { edition: 'TEAM_PRO', label: 'teamTrial', features: TEAM_FEATURES, limits: TRIAL_LIMITS },
  TEAM_PRO: { edition: 'TEAM_PRO', label: 'teamPro', features: TEAM_FEATURES, limits: NO_LIMITS },
  /** Spec 02 §9: the offline edition has 1,000 managed-model AI uses a month. */
  LOCAL: { edition: 'LOCAL', label: 'local', features: PERSONAL_FEATURES, limits: { ...NO_LIMITS, aiUses: 1000, aiUsesPeriod: 'MONTH' } },
};

/**
 * What the offline (LOCAL) edition sells beyond the community tier: a local install needs its 14-day trial
 * or an activated licence for these (spec 02 §4, §8: OFFLINE_TRIAL_EXPIRED / OFFLINE_LICENSE_EXPIRED);
 * once expired it keeps the core loop and AI with its own key, like COMMUNITY.
 */
export const LOCAL_LICENSED_FEATURES: readonly Feature[] = GATING.LOCAL.features.filter((f) => !GATING.COMMUNITY.features.includes(f));

/** Route prefixes a feature gates (server hook; the gating test walks it). Everything else is ungated. */
export const GATED_ROUTES: readonly { prefix: string; feature: Feature }[] = [
  { prefix: '/api/dashboard/', feature: 'DASHBOARDS' },
  { prefix: '/api/chart/', feature: 'DASHBOARDS' },
  { prefix: '/api/permission/authorization/', feature: 'TEAM_PERMISSIONS' },
  { prefix: '/api/permission/apply', feature: 'APPROVALS' },
  { prefix: '/api/approval/', feature: 'APPROVALS' },
  { prefix: '/api/audit/', feature: 'SQL_AUDIT' },
];

/**
 * Read-only views of gated features that the web reads on page load (badges) and in its lists. When the
 * plan lacks the feature, the gate answers them without FREE_TRIAL_USAGE_LIMIT (so no pricing modal pops
 * on load): 'page' an empty page and 'count' `{ count: 0 }` for a PERSONAL organisation (team features
 * mean nothing there), 'count' for a team too (a badge polled on every page); 'own' runs the route for a
 * PERSONAL organisation (it lists only the caller's own applications, across organisations). Every other
 * gated route — state-changing, detail, export — stays refused.
 */
export const LOCKED_READS: Readonly<Record<string, 'page' | 'count' | 'own'>> = {
  'GET /api/approval/list': 'page',
  'GET /api/approval/pending_count': 'count',
  'GET /api/permission/apply/list': 'own',
  'GET /api/permission/authorization/list': 'page',
  'GET /api/audit/sql/list': 'page',
};

/** Question types that make an AI report (counted as aiReports as well as an AI use). */
export const AI_REPORT_QUESTION_TYPES = ['DASHBOARD_GENERATION', 'DASHBOARD_GENERATION_STREAM'] as const;

export function tierAllows(tier: Tier, feature: Feature): boolean {
  return GATING[tier].features.includes(feature);
}

/** Spec 01 §4: a subscription lasting over 90 years is "forever". */
export const FOREVER_YEARS = 90;
/** Spec 01 §4: subscriptions started before this date show the forever-member badge. */
export const FOREVER_MEMBER_BEFORE = '2024-05-08';

/** What GET /api/organization/edition and the user's currentOrganization carry. */
export interface EditionInfo {
  tier: Tier;
  edition: Edition;
  label: PlanLabel;
  /** Paid subscription in force. */
  vip: boolean;
  billing: boolean;
  trialEndTime: string | null;
  subscriptionEndTime: string | null;
  seats: number | null;
  features: Feature[];
  limits: PlanLimits;
}
