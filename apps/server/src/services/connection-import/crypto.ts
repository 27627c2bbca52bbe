/**
 * Secrets in an AskDB connection file: encrypted with a passphrase the user chooses — scrypt
 * (N 2^15, r 8, p 1) derives a 256-bit key, AES-256-GCM seals the JSON, so a wrong passphrase or a
 * changed file fails to open instead of giving garbage. The derivation runs on libuv's thread pool
 * (async scrypt), and a file may not ask for more than AskDB writes (N ≤ 2^16, r ≤ 8, p ≤ 2: at most
 * 64 MB per derivation) — a hostile file cannot make the server allocate gigabytes.
 */
import crypto from 'node:crypto';
import { ConnectionFileError } from './types.js';

export interface SealedSecrets { kdf: 'scrypt'; N: number; r: number; p: number; salt: string; iv: string; tag: string; data: string }

const N = 1 << 15;
const keyOf = (passphrase: string, salt: Buffer, n: number, r: number, p: number) =>
  new Promise<Buffer>((resolve, reject) =>
    crypto.scrypt(passphrase.normalize('NFC'), salt, 32, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );

export async function seal(passphrase: string, value: unknown): Promise<SealedSecrets> {
  const salt = crypto.randomBytes(16);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', await keyOf(passphrase, salt, N, 8, 1), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { kdf: 'scrypt', N, r: 8, p: 1, salt: salt.toString('base64'), iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

/** The sealed value, or null when the passphrase is wrong or the file was changed. */
export async function open<T>(passphrase: string, s: SealedSecrets): Promise<T | null> {
  const int = (v: unknown, min: number, max: number) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
  if (s.kdf !== 'scrypt' || !int(s.N, 1024, 1 << 16) || !int(s.r, 1, 8) || !int(s.p, 1, 2)) {
    throw new ConnectionFileError('unsupported key derivation parameters in the file');
  }
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', await keyOf(passphrase, Buffer.from(s.salt, 'base64'), s.N, s.r, s.p), Buffer.from(s.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(s.tag, 'base64'));
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(s.data, 'base64')), decipher.final()]).toString('utf8')) as T;
  } catch {
    return null;
  }
}
