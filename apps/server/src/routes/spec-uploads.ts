/**
 * Uploads with an upload certificate (issue 29 item 22): GET /api/system/sts issues the certificate
 * for an upload type, POST /api/system/file/upload stores the file (multipart: securityToken, file),
 * GET /api/system/upload/:id reads it back (private files only through their signed URL).
 * A missing, forged, expired or someone else's certificate answers "Get signature error!".
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
import { UPLOAD_RULES, UPLOAD_TYPES, UploadCertificates, uploadTypeOf, type UploadType } from '../services/uploads/certificates.js';
import { specMsg } from './spec-messages.js';

const tag = 'system';
const LARGEST = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));
const signatureError = (lang: Language) => new AppError(400, ERROR_CODES.INVALID_PARAMS, specMsg(lang, 'SIGNATURE_ERROR'));
const mb = (n: number) => `${n / 1024 / 1024} MB`;

/** What the bytes must be for the type: an image by its first bytes, or text (no NUL in the first 8 KiB). */
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
      let file: { name: string; data: Buffer; truncated: boolean } | null = null;
      for await (const part of req.parts({ limits: { fileSize: LARGEST, files: 1, fields: 10, fieldSize: 8192 } })) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const c of part.file) chunks.push(c as Buffer);
          file = { name: (part.filename || 'file').slice(0, 255), data: Buffer.concat(chunks), truncated: part.file.truncated };
        } else if (part.fieldname === 'securityToken') token = String(part.value ?? '');
      }
      const claims = token ? certs.verify(token, user.id) : null;
      if (!claims) throw signatureError(lang);
      if (!file) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, specMsg(lang, 'UPLOAD_NO_FILE'));
      const rule = UPLOAD_RULES[claims.t];
      if (file.truncated || file.data.length > rule.maxBytes) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, specMsg(lang, 'UPLOAD_TOO_LARGE', { max: mb(rule.maxBytes) }));
      const mime = checkContent(claims.t, file.name, file.data, lang);
      const id = await blobs.create({ uploadType: claims.t, ownerId: user.id, organizationId: req.ctx.organizationId, fileName: file.name, mime, data: file.data });
      return { id, name: file.name, uploadType: claims.t, bucket: rule.bucket, size: file.data.length, cdn: `/api/system/upload/${id}`, ...certs.url(id, claims.t) };
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
    const inline = f.mime.startsWith('image/');
    return reply
      .header('content-type', f.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', type === 'AVATOR' ? 'public, max-age=86400' : 'private, max-age=3600')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${f.fileName.replace(/[^\w.-]/g, '_')}"`)
      .send(f.data);
  });
};
export default specUploads;
