/**
 * Magic prompts (spec 02 §7): which tables a question maps to, example questions for a schema, and a
 * check of an Excel/CSV file without creating a chat. Thin: the linker, the catalog and the chat
 * upload's own functions do the work, with the same access checks as POST /api/ai/schema_link.
 */
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { SchemaLinkInput } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { scopeOf } from '../services/access.js';
import { AiConfigService } from '../services/ai/ai-config.js';
import { browsableCatalog, linkQuestion } from '../services/ai/schema-link-request.js';
import { exampleQuestions } from '../services/ai/magic-examples.js';
import { previewUpload, receiveUpload, uploadLimitMb } from '../services/chats/excel-upload.js';

const MappingInput = SchemaLinkInput.omit({ limit: true });
const ExampleQuery = z.object({
  dataSourceId: z.coerce.number().int(),
  databaseName: z.string().max(255).optional().nullable(),
  schemaName: z.string().max(255).optional().nullable(),
});

const aiMagic: RouteModule = async (app, deps) => {
  const settings = new AiConfigService(deps.kv, deps.secrets);

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/ai/magic/mapping/tables', summary: 'The tables (and their most relevant columns) a question maps to', tag: 'ai', body: MappingInput }, async ({ body }, req) => {
    return linkQuestion(deps, req, settings, { ...body, limit: 10 });
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/ai/magic/example', summary: 'Up to five example questions for a schema, in the request language', tag: 'ai', query: ExampleQuery }, async ({ query }, req) => {
    const { catalog } = await browsableCatalog(deps, req, query);
    return exampleQuestions(catalog, req.ctx.lang);
  });

  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    defineRoute(scope, { access: 'signedIn', method: 'POST', url: '/api/ai/magic/excel/check', summary: 'Check one xlsx/xls/csv file (type, size, sheets, first rows) without creating a chat; nothing is kept', tag: 'ai' }, async (_i, req) => {
      const saved = await receiveUpload(deps, req, scopeOf(req), { keep: false });
      try {
        const preview = await previewUpload(req.ctx.lang, saved);
        return {
          fileName: saved.meta.fileName, type: saved.meta.ext, size: saved.meta.size, limitMb: uploadLimitMb(),
          sheets: preview.sheets.map((s) => ({ name: s.name, rows: s.rows.length, columns: Math.max(0, ...s.rows.map((r) => r.length)) })),
        };
      } finally {
        await saved.discard();
      }
    });
  });
};
export default aiMagic;
