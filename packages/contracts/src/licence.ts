/**
 * Offline licence (issue 15; spec 02 §2 "Licence and purchase", §3 "Licence and purchase", "Device",
 * "Device certificate", §4 licence states, §8 error codes, §9 limits; API.md "Licence").
 * The licence authority (the vendor service: server mode with billing on) issues activation codes,
 * binds at most 2 devices per code and signs licences and device certificates (Ed25519); a local
 * install keeps a device identity and a licence state.
 */
import { z } from 'zod';

/** The local install's licence state (spec 02 §4). */
export const LICENCE_STATES = ['UNUSED', 'TRIAL', 'EXPIRED', 'ACTIVATED'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];
export const LICENCE_MODES = ['online', 'offline'] as const;
export type LicenceMode = (typeof LICENCE_MODES)[number];
/** Why a local install is EXPIRED (the dialog it opens depends on it). */
export const LICENCE_EXPIRY_REASONS = ['TRIAL_EXPIRED', 'LICENCE_EXPIRED', 'CLOCK_ROLLBACK', 'STATE_REMOVED', 'STATE_INVALID', 'LICENCE_INVALID'] as const;
export type LicenceExpiryReason = (typeof LICENCE_EXPIRY_REASONS)[number];
/** Purchase details / activation code status (spec 02 §4): in use, trial, used (inactive), unused, expired. */
export const PURCHASE_STATUSES = ['IN_USE', 'TRIAL', 'USED', 'UNUSED', 'EXPIRED'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
/** Plugin status (spec 02 §4). */
export const PLUGIN_STATUSES = ['VALID', 'EXPIRED', 'NEEDS_ACTIVATION'] as const;
export type PluginStatus = (typeof PLUGIN_STATUSES)[number];
/** Guide dialogs (spec 02 §2). */
export const GUIDE_NAMES = ['FirstLogin', 'Subscribed', 'Expired', 'OfflineTrial', 'OfflineTrialExpired', 'OfflineLicenseExpired'] as const;
export type GuideName = (typeof GUIDE_NAMES)[number];

export const LICENCE_LIMITS = {
  /** Spec 02 §9. */
  devicesPerCode: 2,
  trialDays: 14,
  /** The clock may step back this much (NTP corrections) before it counts as set back. */
  clockToleranceMs: 5 * 60_000,
  certificateChars: 16_384,
  codesPerIssue: 100,
} as const;

/** Error codes of this area (spec 02 §8), additive to ERROR_CODES. */
export const LICENCE_ERROR_CODES = {
  LICENSE_BIND_COUNT_EXCEEDS: 'LICENSE_BIND_COUNT_EXCEEDS',
  LICENSE_NOT_SUPPORTED: 'LICENSE_NOT_SUPPORTED',
  OFFLINE_INVALID_TRIAL: 'OFFLINE_INVALID_TRIAL',
  OFFLINE_INVALID_DEVICE: 'OFFLINE_INVALID_DEVICE',
  OFFLINE_TRIAL_EXPIRED: 'OFFLINE_TRIAL_EXPIRED',
  OFFLINE_LICENSE_EXPIRED: 'OFFLINE_LICENSE_EXPIRED',
  /** Unknown or malformed activation code. */
  LICENSE_CODE_INVALID: 'LICENSE_CODE_INVALID',
  /** A certificate or licence whose signature, format or dates do not hold. */
  LICENSE_CERTIFICATE_INVALID: 'LICENSE_CERTIFICATE_INVALID',
  /** A certificate was already generated for this device on this code with other details (it cannot be changed). */
  LICENSE_CERTIFICATE_EXISTS: 'LICENSE_CERTIFICATE_EXISTS',
  /** Unbind on a device that is not activated. */
  LICENSE_NOT_ACTIVATED: 'LICENSE_NOT_ACTIVATED',
  /** The licence authority cannot be reached (online activation needs the network). */
  NETWORK_ERROR: 'NETWORK_ERROR',
  /** This deployment is not a licence authority (billing off) or not a local install. */
  LICENSE_AUTHORITY_OFF: 'LICENSE_AUTHORITY_OFF',
} as const;
export type LicenceErrorCode = (typeof LICENCE_ERROR_CODES)[keyof typeof LICENCE_ERROR_CODES];

/** Activation code: ASKDB-XXXXX-XXXXX-XXXXX-XXXXX (Crockford base32, 100 random bits). Spaces and case are forgiven. */
export const ACTIVATION_CODE_PATTERN = /^ASKDB-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;
export function normalizeActivationCode(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, '');
}

const DeviceId = z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9-]+$/, 'letters, digits and -');
const Text = (max: number) => z.string().trim().min(1).max(max);
const Code = z.string().max(64);
const Document = z.string().max(LICENCE_LIMITS.certificateChars);

/** POST /api/licence/activate (local install). */
export const LicenceActivate = z.object({ code: Code.optional().default(''), mode: z.enum(LICENCE_MODES), certificate: Document.optional() });
export type LicenceActivate = z.output<typeof LicenceActivate>;
/** POST /api/licence/unbind (local install): offline unbinding needs the device certificate. */
export const LicenceUnbind = z.object({ certificate: Document.optional() });
/** POST /api/licence/device_certificate: a certificate for an offline device (spec 02 §3 "Device certificate"). */
export const DeviceCertificateRequest = z.object({ code: Code, deviceName: z.string().trim().max(255), os: z.string().trim().max(255), deviceId: z.string().trim().max(64) });
export type DeviceCertificateRequest = z.output<typeof DeviceCertificateRequest>;

/** Authority: POST /api/licence/authority/activate. */
export const AuthorityActivate = z.object({ code: Code, deviceId: DeviceId, deviceName: Text(255), os: Text(255) });
export type AuthorityActivate = z.output<typeof AuthorityActivate>;
/** Authority: POST /api/licence/authority/unbind — the signed licence or certificate of the device proves it. */
export const AuthorityUnbind = z.object({ code: Code, document: Document });
/** Authority: POST /api/licence/authority/issue (operator). */
export const AuthorityIssue = z.object({
  count: z.coerce.number().int().min(1).max(LICENCE_LIMITS.codesPerIssue).default(1),
  validUntil: z.string().datetime({ offset: true }).nullable().optional().default(null),
  product: z.string().trim().max(255).optional(),
  userId: z.coerce.number().int().positive().optional(),
  organizationId: z.coerce.number().int().positive().optional(),
});
export const GuideSeen = z.object({ name: z.enum(GUIDE_NAMES) });

export interface LicenceDevice {
  id: string;
  name: string;
  os: string;
}

/** GET /api/licence/status */
export interface LicenceStatus {
  /** 'local': this install's licence; 'server': a server deployment (no offline licence; states do not apply). */
  scope: 'local' | 'server';
  state: LicenceState;
  reason: LicenceExpiryReason | null;
  trialStartTime: string | null;
  trialEndTime: string | null;
  /** Licence expiry (null = forever) when activated. */
  expireTime: string | null;
  mode: LicenceMode | null;
  product: string | null;
  /** The activation code, masked but for its last group. */
  code: string | null;
  activatedAt: string | null;
  device: LicenceDevice;
  /** Guide dialogs open on this install (ASKDB_GUIDES=0 turns them off for automation). */
  guides: boolean;
  /** Whether online activation has an authority to call (ASKDB_LICENCE_AUTHORITY). */
  authorityConfigured: boolean;
}

/** An activation code as its buyer sees it (licence / activation-code settings page, purchase details). */
export interface ActivationCodeView {
  id: number;
  product: string;
  /** Price in minor units and its currency, when it came from an order. */
  price: number | null;
  currency: string | null;
  orderId: number | null;
  purchaseTime: string;
  expireTime: string | null;
  code: string;
  status: PurchaseStatus;
  mode: LicenceMode | null;
  devices: Array<{ deviceId: string; deviceName: string; os: string; mode: LicenceMode; boundAt: string }>;
}

/** The decoded, verified body of a signed licence or device certificate. */
export interface LicenceDocumentBody {
  v: 1;
  typ: 'licence' | 'device-certificate';
  kid: string;
  /** The activation code's id at the authority. */
  lic: number;
  /** The code, masked but for its last group. */
  code: string;
  order: number | null;
  product: string;
  deviceId: string;
  deviceName: string;
  os: string;
  mode: LicenceMode;
  iat: string;
  exp: string | null;
}

/** GET /api/licence/plugins */
export interface PluginView {
  key: string;
  kind: 'driver' | 'feature';
  name: string;
  status: PluginStatus;
}
