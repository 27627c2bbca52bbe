/**
 * A question linked to a data source's schema for a caller (POST /api/ai/schema_link and the magic
 * mapping/tables): the caller must be able to browse the whole schema; sampled values join the ranking
 * when the organisation's privacy setting allows them.
 */
import type { SchemaLinkResult } from '@askdb/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { auditActor } from '../../http/audit-actor.js';
import { requireDataSource, scopeOf } from '../access.js';
import { permissions } from '../permissions/index.js';
import { aiCatalog } from './ai-database.js';
import { DEFAULT_PRIVACY, type AiConfigService } from './ai-config.js';
import { linkValues } from './link-values.js';
import { catalogWithTableInfo } from './ai-table-info.js';

export interface SchemaPlace { dataSourceId: number; databaseName?: string | null; schemaName?: string | null }

/** The place's AI catalog, once the caller is shown to be allowed to browse the whole schema. */
export async function browsableCatalog(deps: AppDeps, req: FastifyRequest, at: SchemaPlace) {
  const record = await requireDataSource(deps, req, at.dataSourceId);
  const perms = permissions(deps);
  await perms.requireBrowse(req.ctx, record, perms.placeOf(record, at), 'wholeSchema');
  const loc = { databaseName: at.databaseName, schemaName: at.schemaName, actor: auditActor(req) };
  // With the AI table info applied (aliases, comments; excluded columns gone).
  return { record, loc, catalog: await catalogWithTableInfo(deps, scopeOf(req).organizationId, record, loc, await aiCatalog(deps, record, loc)) };
}

export async function linkQuestion(deps: AppDeps, req: FastifyRequest, settings: AiConfigService, input: SchemaPlace & { question: string; limit: number }): Promise<SchemaLinkResult[]> {
  const { record, loc, catalog } = await browsableCatalog(deps, req, input);
  const values = await linkValues(deps, record, loc, catalog, (await settings.get(req.ctx.organizationId))?.privacy ?? DEFAULT_PRIVACY);
  return (await deps.linker.link(catalog, input.question, { limit: input.limit, values })).map((t) => ({ tableName: t.tableName, score: t.score, columns: t.columns }));
}
