/**
 * Secrets in an AskDB connection file: encrypted with a passphrase the user chooses — scrypt
 * (N 2^15, r 8, p 1) derives a 256-bit key, AES-256-GCM seals the JSON, so a wrong passphrase or a
 * changed file fails to open instead of giving garbage.
 */
import crypto from 'node:crypto';

export interface SealedSecrets { kdf: 'scrypt'; N: number; r: number; p: number; salt: string; iv: string; tag: string; data: string }

const N = 1 << 15;
const keyOf = (passphrase: string, salt: Buffer, n: number, r: number, p: number) =>
  crypto.scryptSync(passphrase.normalize('NFC'), salt, 32, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 });

export function seal(passphrase: string, value: unknown): SealedSecrets {
  const salt = crypto.randomBytes(16);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(passphrase, salt, N, 8, 1), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { kdf: 'scrypt', N, r: 8, p: 1, salt: salt.toString('base64'), iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

/** The sealed value, or null when the passphrase is wrong or the file was changed. */
export function open<T>(passphrase: string, s: SealedSecrets): T | null {
  if (s.kdf !== 'scrypt' || !(s.N >= 1024 && s.N <= 1 << 20) || s.r < 1 || s.r > 32 || s.p < 1 || s.p > 16) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(passphrase, Buffer.from(s.salt, 'base64'), s.N, s.r, s.p), Buffer.from(s.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(s.tag, 'base64'));
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(s.data, 'base64')), decipher.final()]).toString('utf8')) as T;
  } catch {
    return null;
  }
}
