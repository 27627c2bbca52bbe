/**
 * The licence services of one app: the authority (server mode with billing on) and this install's
 * licence (local mode). Built once per AppDeps, on first use, so AppDeps needs no new member.
 */
import { LICENCE_ERROR_CODES, type Language } from '@askdb/contracts';
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
}
