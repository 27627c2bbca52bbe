/**
 * A local install's licence (spec 02 §4): TRIAL for 14 days from the first start, EXPIRED, or
 * ACTIVATED by a signed licence (online) or device certificate (offline) for this device.
 *
 * The state lives in one store row sealed with the secret box (AES-GCM: an edited row does not
 * open). A second sealed marker — the first start and the clock's high-water mark — sits in
 * $ASKDB_HOME/licence.seal and in kv, so a store whose licence row was deleted comes back
 * trial-expired, never as a fresh trial. A clock earlier than the high-water mark (beyond a few
 * minutes) counts as set back: EXPIRED until it is right again.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  LICENCE_ERROR_CODES, LICENCE_LIMITS, type Language, type LicenceDevice, type LicenceDocumentBody, type LicenceExpiryReason, type LicenceMode, type LicenceState, type LicenceStatus,
} from '@askdb/contracts';
import type crypto from 'node:crypto';
import { AppError } from '../../http/errors.js';
import type { KvRepo } from '../../store/kv.js';
import { LicenceRepo } from '../../store/licence.js';
import type { SecretBox } from '../../store/secret.js';
import type { StoreDb } from '../../store/db.js';
import { certificateError } from './authority.js';
import type { LicenceConfig } from './licence-config.js';
import { licenceMsg } from './messages.js';
import { verifyDocument } from './signing.js';

const DAY = 86_400_000;
const E = LICENCE_ERROR_CODES;
/** Write the high-water mark when the clock moved on by this much (not on every request). */
const HIGH_WATER_STEP = 60_000;

interface Activation {
  document: string;
  mode: LicenceMode;
  code: string;
  activatedAt: string;
}
interface Sealed {
  trialStart: number;
  highWater: number;
  /** Set when the row had been removed while the marker remained: the trial is over. */
  voided?: LicenceExpiryReason;
  activation?: Activation;
}
interface Marker {
  firstStart: number;
  highWater: number;
}

export interface Evaluation {
  state: LicenceState;
  reason: LicenceExpiryReason | null;
  sealed: Sealed | null;
  body: LicenceDocumentBody | null;
}

export interface AuthorityClient {
  post(path: string, body: unknown, lang: Language, timeoutMs?: number): Promise<unknown>;
}

export class LocalLicence {
  readonly repo: LicenceRepo;
  /** The clock (tests replace it). */
  now: () => Date = () => new Date();

  constructor(
    db: StoreDb,
    private readonly secrets: SecretBox,
    private readonly kv: KvRepo,
    private readonly home: string,
    private readonly config: LicenceConfig,
    readonly device: LicenceDevice,
    private readonly trusted: () => Promise<Map<string, crypto.KeyObject>>,
    private readonly authority: AuthorityClient,
  ) {
    this.repo = new LicenceRepo(db);
  }

  private get markerFile(): string {
    return path.join(this.home, 'licence.seal');
  }

  /** The marker from the file or kv (the later high-water mark wins); 'invalid' when one exists but does not open. */
  private async readMarker(): Promise<Marker | 'invalid' | null> {
    const texts: string[] = [];
    try {
      texts.push(fs.readFileSync(this.markerFile, 'utf8').trim());
    } catch {
      /* absent */
    }
    const fromKv = await this.kv.get('licence', 'marker');
    if (fromKv) texts.push(fromKv);
    if (!texts.length) return null;
    let best: Marker | null = null;
    for (const t of texts) {
      try {
        const m = this.secrets.decryptJson<Marker>(t);
        if (m && Number.isFinite(m.firstStart) && Number.isFinite(m.highWater)) {
          best = best ? { firstStart: Math.min(best.firstStart, m.firstStart), highWater: Math.max(best.highWater, m.highWater) } : m;
        }
      } catch {
        /* does not open */
      }
    }
    return best ?? 'invalid';
  }

  private async writeMarker(m: Marker): Promise<void> {
    const sealed = this.secrets.encryptJson(m);
    fs.mkdirSync(this.home, { recursive: true });
    fs.writeFileSync(this.markerFile, sealed + '\n', { mode: 0o600 });
    await this.kv.set('licence', 'marker', sealed);
  }

  private async save(s: Sealed): Promise<void> {
    await this.repo.saveLocalState(this.secrets.encryptJson(s));
    await this.writeMarker({ firstStart: s.trialStart, highWater: s.highWater });
  }

  /** Reads (creating on first start) the state and decides what it is now. */
  async evaluate(): Promise<Evaluation> {
    const now = this.now().getTime();
    const marker = await this.readMarker();
    const raw = await this.repo.localState();
    let s: Sealed;
    if (raw == null) {
      if (marker) {
        // The row is gone but this install started before: trial over, not a new trial.
        const m = marker === 'invalid' ? { firstStart: 0, highWater: now } : marker;
        s = { trialStart: m.firstStart, highWater: Math.max(m.highWater, now), voided: 'STATE_REMOVED' };
      } else {
        s = { trialStart: now, highWater: now };
      }
      await this.save(s);
    } else {
      try {
        const opened = this.secrets.decryptJson<Sealed>(raw);
        if (!opened || !Number.isFinite(opened.trialStart) || !Number.isFinite(opened.highWater)) throw new Error('bad state');
        s = opened;
      } catch {
        return { state: 'EXPIRED', reason: 'STATE_INVALID', sealed: null, body: null };
      }
    }
    const highWater = Math.max(s.highWater, marker && marker !== 'invalid' ? marker.highWater : 0);
    if (now + LICENCE_LIMITS.clockToleranceMs < highWater || now + LICENCE_LIMITS.clockToleranceMs < s.trialStart) {
      return { state: 'EXPIRED', reason: 'CLOCK_ROLLBACK', sealed: s, body: null };
    }
    if (now > highWater + HIGH_WATER_STEP || highWater > s.highWater) {
      s = { ...s, highWater: Math.max(now, highWater) };
      await this.save(s);
    }
    if (s.activation) {
      let body: LicenceDocumentBody;
      try {
        body = verifyDocument(s.activation.document, await this.trusted());
      } catch {
        return { state: 'EXPIRED', reason: 'LICENCE_INVALID', sealed: s, body: null };
      }
      if (body.deviceId !== this.device.id) return { state: 'EXPIRED', reason: 'LICENCE_INVALID', sealed: s, body };
      if (body.exp && Date.parse(body.exp) <= now) return { state: 'EXPIRED', reason: 'LICENCE_EXPIRED', sealed: s, body };
      return { state: 'ACTIVATED', reason: null, sealed: s, body };
    }
    if (s.voided) return { state: 'EXPIRED', reason: s.voided, sealed: s, body: null };
    if (now - s.trialStart >= LICENCE_LIMITS.trialDays * DAY) return { state: 'EXPIRED', reason: 'TRIAL_EXPIRED', sealed: s, body: null };
    return { state: 'TRIAL', reason: null, sealed: s, body: null };
  }

  async status(): Promise<LicenceStatus> {
    const ev = await this.evaluate();
    const trialStart = ev.sealed ? new Date(ev.sealed.trialStart).toISOString() : null;
    const act = ev.sealed?.activation;
    return {
      scope: 'local',
      state: ev.state,
      reason: ev.reason,
      trialStartTime: trialStart,
      trialEndTime: ev.sealed ? new Date(ev.sealed.trialStart + LICENCE_LIMITS.trialDays * DAY).toISOString() : null,
      expireTime: ev.body?.exp ?? null,
      mode: act?.mode ?? null,
      product: ev.body?.product ?? null,
      code: ev.body?.code ?? null,
      activatedAt: act?.activatedAt ?? null,
      device: this.device,
      guides: this.config.guides,
      authorityConfigured: !!this.config.authorityUrl,
    };
  }

  /** True when this install was activated offline: the managed AI is not available to it (spec 02 §6). */
  async offlineActivated(): Promise<boolean> {
    const ev = await this.evaluate();
    return ev.sealed?.activation?.mode === 'offline';
  }

  /** Checks a document for this device now; throws the error the user reads. */
  private async check(document: string, typ: LicenceDocumentBody['typ'], lang: Language): Promise<LicenceDocumentBody> {
    let body: LicenceDocumentBody;
    try {
      body = verifyDocument(document, await this.trusted());
    } catch (e) {
      throw certificateError(e, lang);
    }
    const now = this.now().getTime();
    if (body.typ !== typ) throw new AppError(400, E.LICENSE_CERTIFICATE_INVALID, licenceMsg(lang, typ === 'licence' ? 'AUTHORITY_BAD_ANSWER' : 'CERTIFICATE_MALFORMED'));
    if (body.deviceId !== this.device.id) throw new AppError(400, E.OFFLINE_INVALID_DEVICE, licenceMsg(lang, 'INVALID_DEVICE', { deviceId: body.deviceId }));
    if (Date.parse(body.iat) > now + LICENCE_LIMITS.clockToleranceMs) throw new AppError(400, E.LICENSE_CERTIFICATE_INVALID, licenceMsg(lang, 'CERTIFICATE_FUTURE', { date: body.iat }));
    if (body.exp && Date.parse(body.exp) <= now) throw new AppError(403, E.OFFLINE_LICENSE_EXPIRED, licenceMsg(lang, 'LICENCE_EXPIRED', { date: body.exp.slice(0, 10) }));
    return body;
  }

  private async store(activation: Activation | undefined): Promise<void> {
    const ev = await this.evaluate();
    const now = this.now().getTime();
    // A state that did not open (edited) keeps no trial: start from "trial over".
    const base: Sealed = ev.sealed ?? { trialStart: 0, highWater: now, voided: 'STATE_INVALID' };
    const next: Sealed = { ...base, highWater: Math.max(base.highWater, now) };
    if (activation) next.activation = activation;
    else delete next.activation;
    await this.save(next);
  }

  async activate(input: { code: string; mode: LicenceMode; certificate?: string }, lang: Language): Promise<LicenceStatus> {
    if (input.mode === 'offline') {
      if (!input.certificate?.trim()) throw new AppError(400, 'INVALID_PARAMS', licenceMsg(lang, 'CERTIFICATE_REQUIRED'));
      await this.check(input.certificate, 'device-certificate', lang);
      await this.store({ document: input.certificate.trim() + '\n', mode: 'offline', code: input.code.trim(), activatedAt: this.now().toISOString() });
      return this.status();
    }
    if (!input.code.trim()) throw new AppError(400, E.LICENSE_CODE_INVALID, licenceMsg(lang, 'CODE_REQUIRED'));
    const answer = (await this.authority.post('/api/licence/authority/activate', { code: input.code, deviceId: this.device.id, deviceName: this.device.name, os: this.device.os }, lang)) as { licence?: unknown };
    if (typeof answer?.licence !== 'string') throw new AppError(502, E.LICENSE_CERTIFICATE_INVALID, licenceMsg(lang, 'AUTHORITY_BAD_ANSWER'));
    await this.check(answer.licence, 'licence', lang);
    await this.store({ document: answer.licence, mode: 'online', code: input.code.trim().toUpperCase(), activatedAt: this.now().toISOString() });
    return this.status();
  }

  /**
   * Unbind: online, the authority frees the slot first (needs the network); offline, the device
   * certificate it was activated with is required, the device stops using it, and the authority
   * is told when it can be reached (slotFreed).
   */
  async unbind(input: { certificate?: string }, lang: Language): Promise<{ status: LicenceStatus; slotFreed: boolean }> {
    const ev = await this.evaluate();
    const act = ev.sealed?.activation;
    if (!act) throw new AppError(400, E.LICENSE_NOT_ACTIVATED, licenceMsg(lang, 'NOT_ACTIVATED'));
    if (act.mode === 'online') {
      await this.freeSlot(act.code, act.document, lang, true);
      await this.store(undefined);
      return { status: await this.status(), slotFreed: true };
    }
    if (!input.certificate?.trim()) throw new AppError(400, E.LICENSE_CERTIFICATE_INVALID, licenceMsg(lang, 'UNBIND_CERTIFICATE_REQUIRED'));
    try {
      verifyDocument(input.certificate, await this.trusted());
    } catch (e) {
      throw certificateError(e, lang);
    }
    const norm = (t: string) => t.replace(/\s+/g, '');
    if (norm(input.certificate) !== norm(act.document)) throw new AppError(400, E.LICENSE_CERTIFICATE_INVALID, licenceMsg(lang, 'UNBIND_CERTIFICATE_MISMATCH'));
    await this.store(undefined);
    let slotFreed = false;
    if (this.config.authorityUrl && act.code) {
      slotFreed = await this.freeSlot(act.code, input.certificate, lang, false).then(() => true, () => false);
    }
    return { status: await this.status(), slotFreed };
  }

  private async freeSlot(code: string, document: string, lang: Language, required: boolean): Promise<void> {
    try {
      await this.authority.post('/api/licence/authority/unbind', { code, document }, lang, required ? 10_000 : 5_000);
    } catch (e) {
      // Already unbound at the authority: nothing left to free.
      if (e instanceof AppError && e.errorCode === E.LICENSE_NOT_ACTIVATED) return;
      throw e;
    }
  }
}

/** Calls the configured licence authority; its refusals come back as the same AppError, a network failure as NETWORK_ERROR. */
export function httpAuthorityClient(config: LicenceConfig): AuthorityClient {
  return {
    async post(p, body, lang, timeoutMs = 10_000) {
      if (!config.authorityUrl) throw new AppError(400, E.NETWORK_ERROR, licenceMsg(lang, 'NO_AUTHORITY'));
      let res: Response;
      try {
        res = await fetch(config.authorityUrl + p, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': lang },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new AppError(503, E.NETWORK_ERROR, licenceMsg(lang, 'NETWORK', { url: config.authorityUrl }));
      }
      let env: { success?: boolean; data?: unknown; errorCode?: string; errorMessage?: string };
      try {
        env = (await res.json()) as typeof env;
      } catch {
        throw new AppError(502, E.NETWORK_ERROR, licenceMsg(lang, 'NETWORK', { url: config.authorityUrl }));
      }
      if (!env.success) throw new AppError(res.status >= 400 && res.status < 500 ? res.status : 502, env.errorCode ?? E.NETWORK_ERROR, env.errorMessage ?? licenceMsg(lang, 'AUTHORITY_BAD_ANSWER'));
      return env.data;
    },
  };
}
