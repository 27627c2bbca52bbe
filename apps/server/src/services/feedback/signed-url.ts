/**
 * Signed URLs of private uploads (spec 01: "private files get a signed URL valid 2592000 s"):
 * `/api/system/file/<id>?expires=<unix s>&sig=<hex HMAC-SHA256(id.expires)>`. The key is derived
 * from the deployment's secret key, so every replica sharing ASKDB_SECRET verifies every URL.
 */
import crypto from 'node:crypto';
import { SIGNED_URL_TTL_SECONDS } from '@askdb/contracts';

export class UrlSigner {
  private readonly key: Buffer;
  constructor(secretKey: Buffer, private readonly now: () => number = Date.now, private readonly ttlSeconds = SIGNED_URL_TTL_SECONDS) {
    this.key = crypto.createHmac('sha256', secretKey).update('askdb/upload-url/v1').digest();
  }

  private mac(id: number, expires: number): string {
    return crypto.createHmac('sha256', this.key).update(`${id}.${expires}`).digest('hex');
  }

  url(id: number): string {
    const expires = Math.floor(this.now() / 1000) + this.ttlSeconds;
    return `/api/system/file/${id}?expires=${expires}&sig=${this.mac(id, expires)}`;
  }

  /** True when the signature is ours and the URL has not expired. */
  verify(id: number, expires: number, sig: string): boolean {
    if (!Number.isInteger(expires) || expires * 1000 <= this.now()) return false;
    const want = Buffer.from(this.mac(id, expires), 'hex');
    const got = Buffer.from(/^[0-9a-f]{64}$/i.test(sig) ? sig : '', 'hex');
    return got.length === want.length && crypto.timingSafeEqual(got, want);
  }
}
