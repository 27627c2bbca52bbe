/**
 * Secrets of sign-in: scrypt password hashes (memory-hard, on libuv's thread pool so the event loop
 * keeps serving), random tokens, SHA-256 digests, one-time codes; comparisons in constant time.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;
/** N = 2^15, r = 8, p = 1: 32 MiB of memory per hash (OWASP's scrypt floor is N = 2^17 with r = 8 for p = 1 — we pick 2^15 for a 2-core server and record N in the hash so it can be raised). */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, KEY_LEN, { ...PARAMS, maxmem: 128 * PARAMS.N * PARAMS.r * 2 });
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Same work as a real check, so an unknown account takes as long as a wrong password.
    await hashPassword(password);
    return false;
  }
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const want = Buffer.from(key, 'base64url');
  const N = Number(n), R = Number(r), P = Number(p);
  const got = await scrypt(password, Buffer.from(salt, 'base64url'), want.length, { N, r: R, p: P, maxmem: 128 * N * R * 2 });
  return crypto.timingSafeEqual(got, want);
}

/** A random token of `bytes` bytes, base64url (32 bytes → 43 characters). */
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
/** A uniformly random code of `digits` decimal digits. */
export const randomDigits = (digits: number) => String(crypto.randomInt(0, 10 ** digits)).padStart(digits, '0');

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a), y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
