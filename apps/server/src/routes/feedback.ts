/**
 * Feedback and private files (API.md "…other": POST /api/system/feedback/create, multipart; spec 02
 * §3 "Feedback", §7 "System feedback and upload"). Checks and storage live in services/feedback;
 * this module reads the multipart form and maps HTTP. Multipart is registered in this module's own
 * scope, so another module registering it does not clash.
 */
import { z } from 'zod';
import { ERROR_CODES, FEEDBACK_MAX_IMAGES, FEEDBACK_MAX_IMAGE_BYTES } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { requireUser } from '../http/context.js';
import { AppError } from '../http/errors.js';
import { loadKey } from '../store/secret.js';
import { FeedbackService, type FeedbackInput } from '../services/feedback/feedback.js';
import { UrlSigner } from '../services/feedback/signed-url.js';
import { recordRequests, requestLogFor, LINES_PER_USER } from '../services/feedback/request-log.js';
import { ntMsg } from '../services/notifications/messages.js';

const tag = 'system';
const TEXT_FIELDS = ['contact', 'feeling', 'category', 'content', 'includeLogs'] as const;
const FileParams = z.object({ id: z.coerce.number().int().positive() });
const FileQuery = z.object({ expires: z.coerce.number().int(), sig: z.string().max(128) });
const Page = z.object({ pageNo: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(20) });

const feedback: RouteModule = (app, deps) => {
  const signer = new UrlSigner(loadKey(deps.config.home, deps.config.secret));
  const service = new FeedbackService(deps, signer);
  const requestLog = requestLogFor(deps.store);
  recordRequests(app, requestLog);

  app.register(async (scope) => {
    await scope.register((await import('@fastify/multipart')).default, { throwFileSizeLimit: false });

    defineRoute(scope, { access: 'signedIn', method: 'POST', url: '/api/system/feedback/create', summary: 'Send feedback (multipart: contact, feeling, category, content, includeLogs, images ×5 < 2 MB)', tag }, async (_i, req) => {
      const lang = req.ctx.lang;
      if (!req.isMultipart()) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, ntMsg(lang, 'NOT_MULTIPART'));
      const fields: Record<string, string> = {};
      const images: FeedbackInput['images'] = [];
      try {
        for await (const part of req.parts({ limits: { fileSize: FEEDBACK_MAX_IMAGE_BYTES, files: FEEDBACK_MAX_IMAGES + 1, fields: 20, fieldSize: 64 * 1024 } })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'images') throw new AppError(400, ERROR_CODES.INVALID_PARAMS, ntMsg(lang, 'UNKNOWN_PART', { field: part.fieldname }));
            const chunks: Buffer[] = [];
            for await (const c of part.file) chunks.push(c as Buffer);
            images.push({ name: part.filename || 'image', data: Buffer.concat(chunks), truncated: part.file.truncated });
            if (images.length > FEEDBACK_MAX_IMAGES) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, ntMsg(lang, 'TOO_MANY_IMAGES', { max: FEEDBACK_MAX_IMAGES }));
          } else if ((TEXT_FIELDS as readonly string[]).includes(part.fieldname)) {
            fields[part.fieldname] = String(part.value ?? '');
          } else throw new AppError(400, ERROR_CODES.INVALID_PARAMS, ntMsg(lang, 'UNKNOWN_PART', { field: part.fieldname }));
        }
      } catch (e) {
        if (e instanceof AppError) throw e;
        if ((e as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError(400, ERROR_CODES.INVALID_PARAMS, ntMsg(lang, 'TOO_MANY_IMAGES', { max: FEEDBACK_MAX_IMAGES }));
        throw e;
      }
      const user = requireUser(req);
      const input: FeedbackInput = {
        contact: fields.contact ?? '', feeling: fields.feeling ?? '', category: fields.category ?? '', content: fields.content ?? '',
        includeLogs: fields.includeLogs === 'true' || fields.includeLogs === '1', images,
      };
      return service.create({ userId: user.id, organizationId: req.ctx.organizationId, lang }, input, requestLog.last(user.id, LINES_PER_USER));
    });
  });

  defineRoute(app, { access: 'operator', method: 'GET', url: '/api/system/feedback/list', summary: 'Operator: feedback, newest first, with signed URLs of images and logs', tag, query: Page }, ({ query }) => service.list(query));

  defineRoute(app, { access: 'public', method: 'GET', url: '/api/system/file/:id', summary: 'A private upload through its signed URL (expires after 2,592,000 s)', tag, params: FileParams, query: FileQuery, raw: { contentType: 'application/octet-stream' } }, async ({ params, query }, req, reply) => {
    if (!signer.verify(params.id, query.expires, query.sig)) throw new AppError(404, ERROR_CODES.NOT_FOUND, ntMsg(req.ctx.lang, 'LINK_EXPIRED'));
    const f = await service.file(req.ctx.lang, params.id);
    const inline = f.mime.startsWith('image/');
    return reply
      .header('content-type', f.mime)
      .header('content-length', f.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${f.name.replace(/[^\w.-]/g, '_')}"`)
      .send(f.open());
  });
};

export default feedback;
