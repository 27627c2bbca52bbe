/**
 * Signed licence documents: an online licence or an offline device certificate is a small text file
 *
 *   -----BEGIN ASKDB DEVICE CERTIFICATE-----
 *   base64url(JSON body).base64url(Ed25519 signature of those base64url bytes)
 *   -----END ASKDB DEVICE CERTIFICATE-----
 *
 * signed by the licence authority's key (node:crypto Ed25519). Verification needs only the public
 * key, so an offline device checks a certificate with no network. Any edited byte breaks the
 * signature or the format: both are refused.
 */
import crypto from 'node:crypto';
import type { LicenceDocumentBody } from '@askdb/contracts';

export class LicenceDocumentError extends Error {
  constructor(readonly why: 'format' | 'signature' | 'unknownKey') {
    super(`licence document: ${why}`);
  }
}

const LABEL = { 'device-certificate': 'ASKDB DEVICE CERTIFICATE', licence: 'ASKDB LICENCE' } as const;

export interface KeyPair {
  kid: string;
  publicKey: crypto.KeyObject;
  privateKey: crypto.KeyObject;
}

/** The key id: the first 16 hex digits of the sha256 of the raw public key. */
export function keyIdOf(publicKey: crypto.KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return crypto.createHash('sha256').update(der).digest('hex').slice(0, 16);
}

export function generateKeyPair(): KeyPair {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  return { kid: keyIdOf(publicKey), publicKey, privateKey };
}

export function publicKeyPem(k: crypto.KeyObject): string {
  return k.export({ type: 'spki', format: 'pem' }).toString();
}

/** Reads a public key given as PEM or as base64 of its SPKI DER; null when it is not an Ed25519 key. */
export function parsePublicKey(text: string): crypto.KeyObject | null {
  try {
    const t = text.trim();
    const key = t.includes('BEGIN') ? crypto.createPublicKey(t) : crypto.createPublicKey({ key: Buffer.from(t, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

export function signDocument(body: Omit<LicenceDocumentBody, 'kid' | 'v'>, key: KeyPair): string {
  const full: LicenceDocumentBody = { v: 1, ...body, kid: key.kid };
  const payload = Buffer.from(JSON.stringify(full), 'utf8').toString('base64url');
  const sig = crypto.sign(null, Buffer.from(payload, 'ascii'), key.privateKey).toString('base64url');
  const label = LABEL[full.typ];
  return `-----BEGIN ${label}-----\n${wrap(`${payload}.${sig}`)}\n-----END ${label}-----\n`;
}

function wrap(s: string): string {
  return s.match(/.{1,64}/g)!.join('\n');
}

/** Parses and verifies a document against the trusted keys (by kid). Throws LicenceDocumentError. */
export function verifyDocument(text: string, trusted: ReadonlyMap<string, crypto.KeyObject>): LicenceDocumentBody {
  if (typeof text !== 'string' || text.length > 16_384) throw new LicenceDocumentError('format');
  const m = /^\s*-----BEGIN (ASKDB DEVICE CERTIFICATE|ASKDB LICENCE)-----\s+([A-Za-z0-9_\-.\s]+?)\s+-----END \1-----\s*$/.exec(text);
  if (!m) throw new LicenceDocumentError('format');
  const token = m[2]!.replace(/\s+/g, '');
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw new LicenceDocumentError('format');
  const [payload, sig] = parts as [string, string];
  let body: LicenceDocumentBody;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LicenceDocumentBody;
  } catch {
    throw new LicenceDocumentError('format');
  }
  if (!isBody(body) || LABEL[body.typ] !== m[1]) throw new LicenceDocumentError('format');
  const key = trusted.get(body.kid);
  if (!key) throw new LicenceDocumentError('unknownKey');
  const sigBytes = Buffer.from(sig, 'base64url');
  // base64url decoding forgives junk; the signature must re-encode to exactly what was sent.
  if (sigBytes.length !== 64 || sigBytes.toString('base64url') !== sig) throw new LicenceDocumentError('signature');
  if (!crypto.verify(null, Buffer.from(payload, 'ascii'), key, sigBytes)) throw new LicenceDocumentError('signature');
  return body;
}

function isBody(b: unknown): b is LicenceDocumentBody {
  if (!b || typeof b !== 'object') return false;
  const o = b as Record<string, unknown>;
  const str = (k: string) => typeof o[k] === 'string';
  return (
    o.v === 1 && (o.typ === 'licence' || o.typ === 'device-certificate') && str('kid') && Number.isInteger(o.lic) && str('code') && str('product') &&
    str('deviceId') && str('deviceName') && str('os') && (o.mode === 'online' || o.mode === 'offline') && str('iat') && !Number.isNaN(Date.parse(o.iat as string)) &&
    (o.exp === null || (str('exp') && !Number.isNaN(Date.parse(o.exp as string)))) && (o.order === null || Number.isInteger(o.order))
  );
}
