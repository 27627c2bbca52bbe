/**
 * The licence services of one app: the authority (server mode with billing on) and this install's
 * licence (local mode). Built once per AppDeps, on first use, so AppDeps needs no new member.
 */
import { LICENCE_ERROR_CODES, LOCAL_LICENSED_FEATURES, type Feature, type Language } from '@askdb/contracts';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { licenceMsg } from './messages.js';
import { LicenceAuthority } from './authority.js';
import { loadDevice } from './device.js';
import { trustedKeys } from './keys.js';
import { LocalLicence, httpAuthorityClient } from './local.js';

export interface LicenceServices {
  /** Signs and binds: answers only on a server deployment with billing on. */
  authority: LicenceAuthority;
  isAuthority: boolean;
  /** This install's licence: local mode only. */
  local: LocalLicence | null;
}

const built = new WeakMap<AppDeps, LicenceServices>();

export function licenceServices(deps: AppDeps): LicenceServices {
  let s = built.get(deps);
  if (!s) {
    const cfg = deps.config.licence;
    const authority = new LicenceAuthority(deps.store.db, deps.secrets);
    const local =
      deps.config.mode === 'local'
        ? new LocalLicence(deps.store.db, deps.secrets, deps.kv, deps.config.home, cfg, loadDevice(deps.config.home), async () => trustedKeys(cfg), httpAuthorityClient(cfg))
        : null;
    s = { authority, isAuthority: deps.config.mode === 'server' && cfg.billing, local };
    built.set(deps, s);
  }
  return s;
}

/** Whether the managed AI (AI source ASKDB) is refused here: a device activated offline (spec 02 §6). */
export async function managedAiRefused(deps: AppDeps): Promise<boolean> {
  const local = licenceServices(deps).local;
  return local ? local.offlineActivated() : false;
}

/** Throws LICENSE_NOT_SUPPORTED when the managed AI is asked for on an offline-activated device; one's own key always passes. */
export async function assertManagedAiAllowed(deps: AppDeps, source: string | null | undefined, lang: Language): Promise<void> {
  if (source !== 'ASKDB') return;
  if (await managedAiRefused(deps)) throw new AppError(403, LICENCE_ERROR_CODES.LICENSE_NOT_SUPPORTED, licenceMsg(lang, 'NOT_SUPPORTED'));
  await assertLocalLicensed(deps, lang);
}

/**
 * The gate for what the offline edition sells (LOCAL features of the gating table): on a local
 * install whose trial or licence is over, the spec's error (§8) that opens the matching dialog.
 * A server deployment and a local install on trial or activated pass.
 */
export async function assertLocalLicensed(deps: AppDeps, lang: Language): Promise<void> {
  const local = licenceServices(deps).local;
  if (!local) return;
  const ev = await local.evaluate();
  if (ev.state === 'TRIAL' || ev.state === 'ACTIVATED') return;
  const E = LICENCE_ERROR_CODES;
  if (ev.reason === 'LICENCE_EXPIRED') throw new AppError(403, E.OFFLINE_LICENSE_EXPIRED, licenceMsg(lang, 'LICENCE_EXPIRED', { date: ev.body?.exp?.slice(0, 10) ?? '' }));
  if (ev.reason === 'LICENCE_INVALID') throw new AppError(403, E.OFFLINE_INVALID_DEVICE, licenceMsg(lang, 'LICENCE_NOT_THIS_DEVICE'));
  if (ev.reason === 'TRIAL_EXPIRED') throw new AppError(403, E.OFFLINE_TRIAL_EXPIRED, licenceMsg(lang, 'TRIAL_EXPIRED'));
  throw new AppError(403, E.OFFLINE_INVALID_TRIAL, licenceMsg(lang, ev.reason === 'CLOCK_ROLLBACK' ? 'CLOCK_ROLLBACK' : 'INVALID_TRIAL'));
}

/**
 * The edition gate of a local install: a feature of LOCAL_LICENSED_FEATURES (editions.ts: managed AI,
 * AI reports, dashboards) needs the trial or an activated licence; anything else — the core loop,
 * AI with one's own key — always passes.
 */
export async function assertLocalFeature(deps: AppDeps, feature: Feature, lang: Language): Promise<void> {
  if (!LOCAL_LICENSED_FEATURES.includes(feature)) return;
  await assertLocalLicensed(deps, lang);
}
