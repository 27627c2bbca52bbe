/**
 * Which Ed25519 keys sign and verify licences. The authority's signing key is generated on first use
 * and kept in the store with its private half encrypted by the store's secret box; a local install
 * trusts ASKDB_LICENCE_PUBLIC_KEY when set, else the keys shipped in vendor-public-key.ts.
 */
import crypto from 'node:crypto';
import type { LicenceConfig } from './licence-config.js';
import type { LicenceRepo } from '../../store/licence.js';
import type { SecretBox } from '../../store/secret.js';
import { generateKeyPair, keyIdOf, parsePublicKey, publicKeyPem, type KeyPair } from './signing.js';
import { VENDOR_PUBLIC_KEYS } from './vendor-public-key.js';

/** The authority's signing key: read from the store, or generated and stored (the first replica to write wins). */
export async function loadOrCreateSigningKey(repo: LicenceRepo, secrets: SecretBox): Promise<KeyPair> {
  let row = await repo.signingKey();
  if (!row) {
    const k = generateKeyPair();
    const privatePem = k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await repo.insertSigningKey({ kid: k.kid, public_key: publicKeyPem(k.publicKey), private_key_enc: secrets.encrypt(privatePem) });
    row = await repo.signingKey();
    if (!row) throw new Error('licence signing key could not be stored');
  }
  const publicKey = crypto.createPublicKey(row.public_key);
  const privateKey = crypto.createPrivateKey(secrets.decrypt(row.private_key_enc));
  return { kid: row.kid, publicKey, privateKey };
}

/** The public keys a local install trusts, by key id. */
export function trustedKeys(config: LicenceConfig, extra: crypto.KeyObject[] = []): Map<string, crypto.KeyObject> {
  const texts = config.publicKey ? [config.publicKey] : [...VENDOR_PUBLIC_KEYS];
  const out = new Map<string, crypto.KeyObject>();
  for (const t of texts) {
    const k = parsePublicKey(t);
    if (k) out.set(keyIdOf(k), k);
  }
  for (const k of extra) out.set(keyIdOf(k), k);
  return out;
}
