/**
 * Which guide dialog opens (spec 02 §2 "User-guide / welcome dialogs", §4 "Offline trial"):
 * a local install on trial → OfflineTrial; its trial over (or the clock set back, or its record
 * removed) → OfflineTrialExpired; its licence expired → OfflineLicenseExpired; a signed-in user's
 * first visit → FirstLogin; a paid plan that ended → Expired. Subscribed is commerce's (after payment).
 */
import type { GuideName, LicenceStatus } from '@askdb/contracts';

export interface GuideInput {
  mode?: string;
  status?: LicenceStatus;
  signedIn: boolean;
  /** Guides this user has seen (server side: FirstLogin). */
  seen: readonly string[];
  /** Guides closed in this browser session. */
  dismissed: readonly string[];
  billing: boolean;
  edition?: { vip: boolean; label: string; subscriptionEndTime: string | null; trialEndTime: string | null };
  /** Ends of plans whose Expired dialog this browser already showed. */
  expiredShown: readonly string[];
  now: number;
}

/** The end time an Expired dialog is about, or null when no paid plan or trial has ended. */
export function endedPlan(i: Pick<GuideInput, 'billing' | 'edition' | 'now'>): string | null {
  const e = i.edition;
  if (!i.billing || !e || e.vip) return null;
  const end = e.subscriptionEndTime ?? e.trialEndTime;
  return end && Date.parse(end) <= i.now ? end : null;
}

export function pickGuide(i: GuideInput): GuideName | null {
  if (i.status && !i.status.guides) return null;
  const open = (g: GuideName) => (i.dismissed.includes(g) ? null : g);
  if (i.status?.scope === 'local') {
    if (i.status.state === 'EXPIRED') return open(i.status.reason === 'LICENCE_EXPIRED' || i.status.reason === 'LICENCE_INVALID' ? 'OfflineLicenseExpired' : 'OfflineTrialExpired');
    if (i.status.state === 'TRIAL') return open('OfflineTrial');
    return null;
  }
  if (i.mode !== 'server' || !i.signedIn || !i.status) return null;
  if (!i.seen.includes('FirstLogin')) return open('FirstLogin');
  const ended = endedPlan(i);
  if (ended && !i.expiredShown.includes(ended)) return open('Expired');
  return null;
}
