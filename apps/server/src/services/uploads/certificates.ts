/**
 * The upload-certificate flow (spec 01 §3, §7; 02 §3 upload types; issue 29 item 22). A client asks
 * for a certificate by upload type and gets the endpoint, a short-lived security token, the bucket
 * (public for avatars, private otherwise), the folder and the CDN base; it then posts the file to
 * the endpoint with the token. The bytes go to the store (upload_blobs). Private files are read
 * through a signed URL valid SIGNED_URL_TTL_SECONDS (2592000 s); avatars through a plain one.
 * No object-store key ever leaves the server: accessKeySecret is empty and the token is an HMAC.
 */
import crypto from 'node:crypto';
import { SIGNED_URL_TTL_SECONDS } from '@askdb/contracts';

export const UPLOAD_TYPES = ['AVATOR', 'FEEDBACK_IMG', 'FEEDBACK_LOG', 'SQLFile'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Per type: bucket, largest size, and what the file must be. 01 §5: an avatar under 1 MB. */
export const UPLOAD_RULES: Record<UploadType, { bucket: 'public' | 'private'; maxBytes: number; kind: 'image' | 'text' }> = {
  AVATOR: { bucket: 'public', maxBytes: 1024 * 1024, kind: 'image' },
  FEEDBACK_IMG: { bucket: 'private', maxBytes: 2 * 1024 * 1024, kind: 'image' },
  FEEDBACK_LOG: { bucket: 'private', maxBytes: 5 * 1024 * 1024, kind: 'text' },
  SQLFile: { bucket: 'private', maxBytes: 10 * 1024 * 1024, kind: 'text' },
};

/** The spec's names as clients send them (01 writes "avatar", "feedback image"; 02 writes AVATOR …). */
export function uploadTypeOf(raw: unknown): UploadType | null {
  const k = String(raw ?? '').replace(/[\s_-]/g, '').toUpperCase();
  const map: Record<string, UploadType> = { AVATOR: 'AVATOR', AVATAR: 'AVATOR', FEEDBACKIMG: 'FEEDBACK_IMG', FEEDBACKIMAGE: 'FEEDBACK_IMG', FEEDBACKLOG: 'FEEDBACK_LOG', SQLFILE: 'SQLFile', SQL: 'SQLFile' };
  return map[k] ?? null;
}

export const CERTIFICATE_TTL_SECONDS = 15 * 60;
export const UPLOAD_ENDPOINT = '/api/system/file/upload';
export const DOWNLOAD_BASE = '/api/system/upload';

export interface UploadCertificate {
  endpoint: string; accessKeyId: string; accessKeySecret: string; securityToken: string;
  bucket: 'public' | 'private'; fileFolder: string; cdn: string; uploadType: UploadType; expiration: string;
}
interface Claims { u: number; o: number | null; t: UploadType; e: number }

export class UploadCertificates {
  private readonly tokenKey: Buffer;
  private readonly urlKey: Buffer;
  constructor(secretKey: Buffer, private readonly now: () => number = Date.now) {
    this.tokenKey = crypto.createHmac('sha256', secretKey).update('askdb/upload-certificate/v1').digest();
    this.urlKey = crypto.createHmac('sha256', secretKey).update('askdb/upload-blob-url/v1').digest();
  }

  issue(userId: number, organizationId: number | null, type: UploadType): UploadCertificate {
    const e = Math.floor(this.now() / 1000) + CERTIFICATE_TTL_SECONDS;
    const body = Buffer.from(JSON.stringify({ u: userId, o: organizationId, t: type, e } satisfies Claims)).toString('base64url');
    const mac = crypto.createHmac('sha256', this.tokenKey).update(body).digest('base64url');
    return {
      endpoint: UPLOAD_ENDPOINT, accessKeyId: `askdb-${userId}`, accessKeySecret: '', securityToken: `${body}.${mac}`,
      bucket: UPLOAD_RULES[type].bucket, fileFolder: `${type.toLowerCase()}/${userId}`, cdn: DOWNLOAD_BASE, uploadType: type,
      expiration: new Date(e * 1000).toISOString(),
    };
  }

  /** The certificate's claims when the token is ours, unexpired and the caller's; otherwise null. */
  verify(token: string, userId: number): Claims | null {
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const want = crypto.createHmac('sha256', this.tokenKey).update(body).digest();
    const got = Buffer.from(mac, 'base64url');
    if (got.length !== want.length || !crypto.timingSafeEqual(got, want)) return null;
    let c: Claims;
    try {
      c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
    } catch {
      return null;
    }
    if (c.u !== userId || c.e * 1000 <= this.now() || !UPLOAD_TYPES.includes(c.t)) return null;
    return c;
  }

  private sign(id: number, expires: number): string {
    return crypto.createHmac('sha256', this.urlKey).update(`${id}.${expires}`).digest('hex');
  }

  /** Where a stored file is read: plain for the public bucket, signed (2592000 s) for the private one. */
  url(id: number, type: UploadType): { url: string; expiresIn: number | null } {
    if (UPLOAD_RULES[type].bucket === 'public') return { url: `${DOWNLOAD_BASE}/${id}`, expiresIn: null };
    const expires = Math.floor(this.now() / 1000) + SIGNED_URL_TTL_SECONDS;
    return { url: `${DOWNLOAD_BASE}/${id}?expires=${expires}&sig=${this.sign(id, expires)}`, expiresIn: SIGNED_URL_TTL_SECONDS };
  }

  verifyUrl(id: number, expires: number, sig: string): boolean {
    if (!Number.isInteger(expires) || expires * 1000 <= this.now()) return false;
    const want = Buffer.from(this.sign(id, expires), 'hex');
    const got = Buffer.from(/^[0-9a-f]{64}$/i.test(sig) ? sig : '', 'hex');
    return got.length === want.length && crypto.timingSafeEqual(got, want);
  }
}
