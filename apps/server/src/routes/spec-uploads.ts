/**
 * Uploads with an upload certificate (issue 29 item 22): GET /api/system/sts issues the certificate
 * for an upload type, POST /api/system/file/upload stores the file (multipart: securityToken, file),
 * GET /api/system/upload/:id reads it back (private files only through their signed URL).
 * A missing, forged, expired or someone else's certificate answers "Get signature error!".
 * The file streams into the file store (services/files) and back out of it, never whole in memory;
 * any replica serves it. A refused file (certificate, size, content) is not kept.
 */
import { z } from 'zod';
import { ERROR_CODES, type Language } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { requireUser } from '../http/context.js';
import { AppError } from '../http/errors.js';
import { loadKey } from '../store/secret.js';
import { UploadBlobRepo } from '../store/upload-blobs.js';
import { sniffImage } from '../services/feedback/image-sniff.js';
import { filesOf, type FileRecord } from '../services/files/index.js';
import { UPLOAD_RULES, UPLOAD_TYPES, UploadCertificates, uploadTypeOf, type UploadType } from '../services/uploads/certificates.js';
import { specMsg } from './spec-messages.js';

const tag = 'system';
const LARGEST = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));
const signatureError = (lang: Language) => new AppError(400, ERROR_CODES.INVALID_PARAMS, specMsg(lang, 'SIGNATURE_ERROR'));
const mb = (n: number) => `${n / 1024 / 1024} MB`;

/** What the bytes must be for the type, from the first 8 KiB: an image by its first bytes, or text (no NUL). */
function checkContent(type: UploadType, name: string, data: Buffer, lang: Language): string {
  if (UPLOAD_RULES[type].kind === 'image') {
    const img = sniffImage(data);
    if (!img) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, specMsg(lang, 'UPLOAD_WRONG_KIND', { name, type }));
    return img.mime;
  }
  if (data.subarray(0, 8192).includes(0)) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, specMsg(lang, 'UPLOAD_WRONG_KIND', { name, type }));
  return type === 'SQLFile' ? 'application/sql' : 'text/plain';
}

const specUploads: RouteModule = (app, deps) => {
  const certs = new UploadCertificates(loadKey(deps.config.home, deps.config.secret));
  const blobs = new UploadBlobRepo(deps.store.db);
  const files = filesOf(deps);

  defineRoute(app, {
    access: 'signedIn', method: 'GET', url: '/api/system/sts', tag,
    summary: `An upload certificate for one upload type (${UPLOAD_TYPES.join(', ')}): endpoint, accessKeyId, accessKeySecret, securityToken, bucket, fileFolder, cdn`,
    query: z.object({ uploadType: z.string().max(32).optional(), type: z.string().max(32).optional() }),
  }, ({ query }, req) => {
    const type = uploadTypeOf(query.uploadType ?? query.type);
    if (!type) throw signatureError(req.ctx.lang);
    return certs.issue(requireUser(req).id, req.ctx.organizationId, type);
  });

  app.register(async (scope) => {
    await scope.register((await import('@fastify/multipart')).default, { throwFileSizeLimit: false });
    defineRoute(scope, { access: 'signedIn', method: 'POST', url: '/api/system/file/upload', summary: 'Store a file with an upload certificate (multipart: securityToken, file); answers id, name, url (signed for private files, 2592000 s)', tag, bodyLimit: LARGEST + 64 * 1024 }, async (_i, req) => {
      const lang = req.ctx.lang;
      const user = requireUser(req);
      if (!req.isMultipart()) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, specMsg(lang, 'UPLOAD_NO_FILE'));
      let token = typeof req.headers['x-security-token'] === 'string' ? req.headers['x-security-token'] : '';
      let file: { name: string; stored: FileRecord; head: Buffer; truncated: boolean } | null = null;
      try {
        for await (const part of req.parts({ limits: { fileSize: LARGEST, files: 1, fields: 10, fieldSize: 8192 } })) {
          if (part.type === 'file') {
            // The certificate may come after the file: the bytes stream into the store now and are removed if it fails.
            let head: Buffer = Buffer.alloc(0);
            const name = (part.filename || 'file').slice(0, 255);
            const stored = await files.put({ kind: 'spec-upload', userId: user.id, organizationId: req.ctx.organizationId, fileName: name, mime: 'application/octet-stream' }, part.file, { checkHead: (h) => void (head = h) });
            file = { name, stored, head, truncated: part.file.truncated };
          } else if (part.fieldname === 'securityToken') token = String(part.value ?? '');
        }
        const claims = token ? certs.verify(token, user.id) : null;
        if (!claims) throw signatureError(lang);
        if (!file) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, specMsg(lang, 'UPLOAD_NO_FILE'));
        const rule = UPLOAD_RULES[claims.t];
        if (file.truncated || file.stored.size > rule.maxBytes) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, specMsg(lang, 'UPLOAD_TOO_LARGE', { max: mb(rule.maxBytes) }));
        const mime = checkContent(claims.t, file.name, file.head, lang);
        const id = await blobs.create({ uploadType: claims.t, ownerId: user.id, organizationId: req.ctx.organizationId, fileName: file.name, mime, size: file.stored.size, fileId: file.stored.id });
        return { id, name: file.name, uploadType: claims.t, bucket: rule.bucket, size: file.stored.size, cdn: `/api/system/upload/${id}`, ...certs.url(id, claims.t) };
      } catch (e) {
        if (file) await files.remove(file.stored.id);
        throw e;
      }
    });
  });

  defineRoute(app, {
    access: 'public', method: 'GET', url: '/api/system/upload/:id', tag, raw: { contentType: 'application/octet-stream' },
    summary: 'A file stored with an upload certificate: avatars by their plain URL, private files only by their signed URL (expires, sig)',
    params: z.object({ id: z.coerce.number().int().positive() }), query: z.object({ expires: z.coerce.number().int().optional(), sig: z.string().max(128).optional() }),
  }, async ({ params, query }, req, reply) => {
    const f = await blobs.get(params.id);
    const type = f ? uploadTypeOf(f.uploadType) : null;
    const open = f && type && (UPLOAD_RULES[type].bucket === 'public' || certs.verifyUrl(params.id, query.expires ?? 0, query.sig ?? ''));
    if (!f || !open) throw new AppError(404, ERROR_CODES.NOT_FOUND, specMsg(req.ctx.lang, 'LINK_EXPIRED'));
    const stored = f.fileId ? await files.get(f.fileId) : null;
    if (f.fileId && !stored) throw new AppError(404, ERROR_CODES.NOT_FOUND, specMsg(req.ctx.lang, 'LINK_EXPIRED'));
    const inline = f.mime.startsWith('image/');
    return reply
      .header('content-type', f.mime)
      .header('content-length', stored ? stored.size : f.data.length)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', type === 'AVATOR' ? 'public, max-age=86400' : 'private, max-age=3600')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${f.fileName.replace(/[^\w.-]/g, '_')}"`)
      .send(stored ? files.open(stored) : f.data);
  });
};
export default specUploads;
