/**
 * Magic prompts (spec 02 §7): which tables a question maps to, example questions for a schema, and a
 * check of an Excel/CSV file without creating a chat. Thin: the linker, the catalog and the chat
 * upload's own functions do the work, with the same access checks as POST /api/ai/schema_link.
 */
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { SchemaLinkInput } from '@askdb/contracts';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { auditActor } from '../http/audit-actor.js';
import { requireDataSource, scopeOf } from '../services/access.js';
import { aiCatalog } from '../services/ai/ai-database.js';
import { AiConfigService, DEFAULT_PRIVACY } from '../services/ai/ai-config.js';
import { linkValues } from '../services/ai/link-values.js';
import { exampleQuestions } from '../services/ai/magic-examples.js';
import { permissions } from '../services/permissions/index.js';
import { previewUpload, receiveUpload, removeUpload, uploadLimitMb } from '../services/chats/excel-upload.js';

const MappingInput = SchemaLinkInput.omit({ limit: true });
const ExampleQuery = z.object({
  dataSourceId: z.coerce.number().int(),
  databaseName: z.string().max(255).optional().nullable(),
  schemaName: z.string().max(255).optional().nullable(),
});

/** The data source's catalog after the schema_link checks (the caller may browse the whole schema). */
async function catalogFor(deps: AppDeps, req: FastifyRequest, at: z.infer<typeof ExampleQuery>) {
  const record = await requireDataSource(deps, req, at.dataSourceId);
  const perms = permissions(deps);
  await perms.requireBrowse(req.ctx, record, perms.placeOf(record, at), 'wholeSchema');
  const loc = { databaseName: at.databaseName, schemaName: at.schemaName, actor: auditActor(req) };
  return { record, loc, catalog: await aiCatalog(deps, record, loc) };
}

const aiMagic: RouteModule = async (app, deps) => {
  const settings = new AiConfigService(deps.kv, deps.secrets);
  const home = deps.config.home;

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/ai/magic/mapping/tables', summary: 'The tables (and their most relevant columns) a question maps to', tag: 'ai', body: MappingInput }, async ({ body }, req) => {
    const { record, loc, catalog } = await catalogFor(deps, req, body);
    const values = await linkValues(deps, record, loc, catalog, (await settings.get(req.ctx.organizationId))?.privacy ?? DEFAULT_PRIVACY);
    return (await deps.linker.link(catalog, body.question, { limit: 10, values })).map((t) => ({ tableName: t.tableName, score: t.score, columns: t.columns }));
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/ai/magic/example', summary: 'Up to five example questions for a schema, in the request language', tag: 'ai', query: ExampleQuery }, async ({ query }, req) => {
    const { catalog } = await catalogFor(deps, req, query);
    return exampleQuestions(catalog, req.ctx.lang);
  });

  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    defineRoute(scope, { access: 'signedIn', method: 'POST', url: '/api/ai/magic/excel/check', summary: 'Check one xlsx/xls/csv file (type, size, sheets, first rows) without creating a chat; nothing is kept', tag: 'ai' }, async (_i, req) => {
      const saved = await receiveUpload(home, req, scopeOf(req));
      try {
        const preview = await previewUpload(home, req.ctx.lang, saved.id, saved.meta);
        return {
          fileName: saved.meta.fileName, type: saved.meta.ext, size: saved.meta.size, limitMb: uploadLimitMb(),
          sheets: preview.sheets.map((s) => ({ name: s.name, rows: s.rows.length, columns: Math.max(0, ...s.rows.map((r) => r.length)) })),
        };
      } finally {
        await removeUpload(home, saved.id, saved.meta.ext);
      }
    });
  });
};
export default aiMagic;
