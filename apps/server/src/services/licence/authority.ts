/**
 * The licence authority (a server deployment with billing on): activation codes, device bindings
 * (at most 2 per code), signed online licences and offline device certificates, unbinding.
 */
import { LICENCE_ERROR_CODES, LICENCE_LIMITS, type ActivationCodeView, type Language, type LicenceDocumentBody, type LicenceMode, type PurchaseStatus } from '@askdb/contracts';
import type crypto from 'node:crypto';
import { AppError } from '../../http/errors.js';
import { LicenceRepo, type BindingRow, type CodeRow } from '../../store/licence.js';
import type { SecretBox } from '../../store/secret.js';
import type { StoreDb } from '../../store/db.js';
import { codeHash, codeTail, maskCode, newActivationCode, parseActivationCode } from './codes.js';
import { loadOrCreateSigningKey } from './keys.js';
import { licenceMsg } from './messages.js';
import { LicenceDocumentError, signDocument, verifyDocument, type KeyPair } from './signing.js';

export const DEFAULT_PRODUCT = 'AskDB Local Pro';

export interface IssueInput {
  orderId: number | null;
  organizationId: number | null;
  userId: number | null;
  count: number;
  validUntil: string | null;
  product?: string;
  price?: number | null;
  currency?: string | null;
}
export interface DeviceInput {
  code: string;
  deviceId: string;
  deviceName: string;
  os: string;
}

const E = LICENCE_ERROR_CODES;

export class LicenceAuthority {
  readonly repo: LicenceRepo;
  private key: Promise<KeyPair> | null = null;
  /** The clock (tests replace it). */
  now: () => Date = () => new Date();

  constructor(db: StoreDb, private readonly secrets: SecretBox) {
    this.repo = new LicenceRepo(db);
  }

  signingKey(): Promise<KeyPair> {
    this.key ??= loadOrCreateSigningKey(this.repo, this.secrets).catch((e) => {
      this.key = null;
      throw e;
    });
    return this.key;
  }

  async trusted(): Promise<Map<string, crypto.KeyObject>> {
    const k = await this.signingKey();
    return new Map([[k.kid, k.publicKey]]);
  }

  /** Issues `count` codes; for an order, idempotent (a repeat returns the codes issued the first time). */
  async issue(o: IssueInput): Promise<string[]> {
    const count = Math.max(1, Math.min(LICENCE_LIMITS.codesPerIssue, Math.floor(o.count)));
    const fresh: string[] = [];
    for (let seq = 1; seq <= count; seq++) {
      const code = newActivationCode();
      const inserted = await this.repo.insertCode({
        code_hash: codeHash(code), code_enc: this.secrets.encrypt(code), code_tail: codeTail(code), order_id: o.orderId, seq,
        organization_id: o.organizationId, user_id: o.userId, product: o.product ?? DEFAULT_PRODUCT, price: o.price ?? null, currency: o.currency ?? null, valid_until: o.validUntil,
      });
      if (inserted) fresh.push(code);
    }
    if (o.orderId == null) return fresh;
    return (await this.repo.codesOfOrder(o.orderId)).map((r) => this.secrets.decrypt(r.code_enc));
  }

  private async requireCode(input: string, lang: Language): Promise<CodeRow> {
    if (!input.trim()) throw new AppError(400, E.LICENSE_CODE_INVALID, licenceMsg(lang, 'CODE_REQUIRED'));
    const code = parseActivationCode(input);
    if (!code) throw new AppError(400, E.LICENSE_CODE_INVALID, licenceMsg(lang, 'CODE_MALFORMED'));
    const row = await this.repo.codeByHash(codeHash(code));
    if (!row) throw new AppError(404, E.LICENSE_CODE_INVALID, licenceMsg(lang, 'CODE_UNKNOWN'));
    if (row.valid_until && Date.parse(row.valid_until) <= this.now().getTime()) {
      throw new AppError(403, E.OFFLINE_LICENSE_EXPIRED, licenceMsg(lang, 'CODE_EXPIRED', { date: row.valid_until.slice(0, 10) }));
    }
    return row;
  }

  private async bindOrRefuse(row: CodeRow, d: DeviceInput, mode: LicenceMode, certificate: string | null, lang: Language): Promise<BindingRow> {
    const existing = await this.repo.activeBinding(row.id, d.deviceId);
    if (existing) return existing;
    if (!(await this.repo.bind({ codeId: row.id, deviceId: d.deviceId, deviceName: d.deviceName, os: d.os, mode, certificate }))) {
      throw new AppError(409, E.LICENSE_BIND_COUNT_EXCEEDS, licenceMsg(lang, 'BIND_COUNT_EXCEEDS', { max: LICENCE_LIMITS.devicesPerCode }));
    }
    return (await this.repo.activeBinding(row.id, d.deviceId))!;
  }

  private async sign(row: CodeRow, d: DeviceInput, typ: LicenceDocumentBody['typ'], mode: LicenceMode): Promise<string> {
    return signDocument(
      { typ, lic: row.id, code: maskCode(row.code_tail), order: row.order_id, product: row.product, deviceId: d.deviceId, deviceName: d.deviceName, os: d.os, mode, iat: this.now().toISOString(), exp: row.valid_until },
      await this.signingKey(),
    );
  }

  /** Online activation: binds the device (one of 2 slots) and answers a signed licence. */
  async activate(d: DeviceInput, lang: Language): Promise<{ licence: string }> {
    const row = await this.requireCode(d.code, lang);
    await this.bindOrRefuse(row, d, 'online', null, lang);
    return { licence: await this.sign(row, d, 'licence', 'online') };
  }

  /**
   * A certificate for an offline device. Generated once per device and code and never changed: a
   * repeat with the same details answers the same file; other details are refused.
   */
  async deviceCertificate(d: DeviceInput, lang: Language): Promise<string> {
    if (!d.deviceName.trim() || !d.os.trim() || !d.deviceId.trim()) throw new AppError(400, 'INVALID_PARAMS', licenceMsg(lang, 'DEVICE_FIELDS_REQUIRED'));
    if (!/^[A-Za-z0-9-]{8,64}$/.test(d.deviceId.trim())) throw new AppError(400, 'INVALID_PARAMS', licenceMsg(lang, 'DEVICE_ID_MALFORMED'));
    const device = { ...d, deviceId: d.deviceId.trim(), deviceName: d.deviceName.trim(), os: d.os.trim() };
    const row = await this.requireCode(d.code, lang);
    const binding = await this.bindOrRefuse(row, device, 'offline', null, lang);
    const exists = () => new AppError(409, E.LICENSE_CERTIFICATE_EXISTS, licenceMsg(lang, 'CERTIFICATE_EXISTS', { name: binding.device_name, os: binding.os }));
    if (binding.device_name !== device.deviceName || binding.os !== device.os) throw exists();
    if (binding.certificate) return binding.certificate;
    const cert = await this.sign(row, device, 'device-certificate', 'offline');
    if (await this.repo.setCertificate(binding.id, cert)) return cert;
    // Another request set it first: that one is the certificate.
    const now = await this.repo.activeBinding(row.id, device.deviceId);
    if (!now?.certificate || now.device_name !== device.deviceName || now.os !== device.os) throw exists();
    return now.certificate;
  }

  /** Frees the device's slot; the device's signed licence or certificate proves it is that device. */
  async unbind(input: { code: string; document: string }, lang: Language): Promise<true> {
    const row = await this.requireCodeForUnbind(input.code, lang);
    let body: LicenceDocumentBody;
    try {
      body = verifyDocument(input.document, await this.trusted());
    } catch (e) {
      throw certificateError(e, lang);
    }
    if (body.lic !== row.id) throw new AppError(400, E.LICENSE_CERTIFICATE_INVALID, licenceMsg(lang, 'UNBIND_CERTIFICATE_MISMATCH'));
    if (!(await this.repo.unbind(row.id, body.deviceId))) throw new AppError(404, E.LICENSE_NOT_ACTIVATED, licenceMsg(lang, 'UNBIND_NOT_BOUND'));
    return true;
  }

  /** Unbinding works on an expired code too (the device leaves it). */
  private async requireCodeForUnbind(input: string, lang: Language): Promise<CodeRow> {
    const code = parseActivationCode(input);
    if (!code) throw new AppError(400, E.LICENSE_CODE_INVALID, licenceMsg(lang, input.trim() ? 'CODE_MALFORMED' : 'CODE_REQUIRED'));
    const row = await this.repo.codeByHash(codeHash(code));
    if (!row) throw new AppError(404, E.LICENSE_CODE_INVALID, licenceMsg(lang, 'CODE_UNKNOWN'));
    return row;
  }

  /** A buyer's activation codes with their devices (licence / activation-code page, purchase details). */
  async codesOf(userId: number, organizationId: number | null): Promise<ActivationCodeView[]> {
    const rows = await this.repo.codesOfOwner(userId, organizationId);
    const bindings = await this.repo.bindingsOf(rows.map((r) => r.id));
    const now = this.now().getTime();
    return rows.map((r) => {
      const mine = bindings.filter((b) => b.code_id === r.id);
      const active = mine.filter((b) => !b.unbound_at);
      const status = purchaseStatus(r.valid_until, mine, now);
      return {
        id: r.id, product: r.product, price: r.price, currency: r.currency, orderId: r.order_id, purchaseTime: r.created_at, expireTime: r.valid_until,
        code: this.secrets.decrypt(r.code_enc), status, mode: (active[0]?.mode as LicenceMode | undefined) ?? null,
        devices: active.map((b) => ({ deviceId: b.device_id, deviceName: b.device_name, os: b.os, mode: b.mode as LicenceMode, boundAt: b.created_at })),
      };
    });
  }
}

/** Purchase details status (spec 02 §2): expired past its validity; in use with a bound device; used once all were unbound; else unused. */
export function purchaseStatus(validUntil: string | null, bindings: ReadonlyArray<{ unbound_at: string | null }>, nowMs: number): PurchaseStatus {
  if (validUntil && Date.parse(validUntil) <= nowMs) return 'EXPIRED';
  if (bindings.some((b) => !b.unbound_at)) return 'IN_USE';
  return bindings.length ? 'USED' : 'UNUSED';
}

/** A document that does not verify, as the error the user reads. */
export function certificateError(e: unknown, lang: Language): AppError {
  if (e instanceof LicenceDocumentError) {
    const key = e.why === 'format' ? 'CERTIFICATE_MALFORMED' : e.why === 'signature' ? 'CERTIFICATE_SIGNATURE' : 'CERTIFICATE_UNKNOWN_KEY';
    return new AppError(400, E.LICENSE_CERTIFICATE_INVALID, licenceMsg(lang, key));
  }
  return e instanceof AppError ? e : new AppError(400, E.LICENSE_CERTIFICATE_INVALID, licenceMsg(lang, 'CERTIFICATE_MALFORMED'));
}
