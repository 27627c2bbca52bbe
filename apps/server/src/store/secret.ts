/**
 * Secrets at rest: AES-256-GCM with a key from ASKDB_SECRET or $ASKDB_HOME/secret.key (mode 0600).
 * Stored form: "v1:" + base64(iv | tag | ciphertext).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  encryptJson(value: unknown): string;
  decryptJson<T>(stored: string | null | undefined): T | null;
}

export function loadKey(home: string, envSecret?: string): Buffer {
  if (envSecret) return crypto.createHash('sha256').update(envSecret).digest();
  const file = path.join(home, 'secret.key');
  if (fs.existsSync(file)) {
    const raw = fs.readFileSync(file, 'utf8').trim();
    const key = Buffer.from(raw, 'base64');
    if (key.length !== 32) throw new Error(`${file} is not a valid AskDB secret key (expected 32 bytes, base64). Restore it from a backup; without it stored passwords cannot be read.`);
    return key;
  }
  const key = crypto.randomBytes(32);
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return key;
}

export function secretBox(key: Buffer): SecretBox {
  const encrypt = (plain: string): string => {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return 'v1:' + Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
  };
  const decrypt = (stored: string): string => {
    if (!stored.startsWith('v1:')) throw new Error('Unknown secret format');
    const buf = Buffer.from(stored.slice(3), 'base64');
    const d = crypto.createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
    d.setAuthTag(buf.subarray(12, 28));
    return Buffer.concat([d.update(buf.subarray(28)), d.final()]).toString('utf8');
  };
  return {
    encrypt,
    decrypt,
    encryptJson: (v) => encrypt(JSON.stringify(v)),
    decryptJson: <T>(s: string | null | undefined) => (s ? (JSON.parse(decrypt(s)) as T) : null),
  };
}
