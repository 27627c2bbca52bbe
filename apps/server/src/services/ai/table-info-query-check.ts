/**
 * Statements an AI agent runs through the MCP tools must not read a column the AI table info
 * excludes (a model never sees it). The statement analysis the grants use (packages/sql
 * `statementAccess`, `*` expanded with the catalog) says which columns each statement reads; a read
 * of an excluded column, of all columns of a table that has one, or a statement the analysis
 * cannot vouch for while the place has exclusions, is refused before the database sees it.
 */
import { ERROR_CODES } from '@askdb/contracts';
import { dialectFor, statementAccess, type SchemaCatalog } from '@askdb/sql';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import type { DataSourceRecord } from '../../store/data-sources.js';
import { AiTableInfoRepo } from '../../store/ai-table-info.js';
import { effectiveInfos, infoPlace } from './ai-table-info.js';
import { tableInfoMsg } from './table-info-messages.js';

interface QueryPlace { databaseName?: string | null; schemaName?: string | null }

/** Excluded columns per (lower-case) table name at a place; empty when none. */
async function exclusionsAt(deps: AppDeps, organizationId: number, record: DataSourceRecord, at: QueryPlace): Promise<Map<string, Set<string>>> {
  const rows = await new AiTableInfoRepo(deps.store.db).forPlace(organizationId, infoPlace(deps, record, at));
  const out = new Map<string, Set<string>>();
  for (const [table, info] of effectiveInfos(rows)) {
    const ex = info.columns.filter((c) => c.excluded).map((c) => c.name.toLowerCase());
    if (ex.length) out.set(table.toLowerCase(), new Set(ex));
  }
  return out;
}

export async function requireNoExcludedColumns(deps: AppDeps, req: FastifyRequest, organizationId: number, record: DataSourceRecord, at: QueryPlace, statements: string[]): Promise<void> {
  const byPlace = new Map<string, Promise<Map<string, Set<string>>>>();
  const excludedAt = (p: QueryPlace) => {
    const k = `${p.databaseName ?? ''}\u0000${p.schemaName ?? ''}`;
    let m = byPlace.get(k);
    if (!m) byPlace.set(k, (m = exclusionsAt(deps, organizationId, record, p)));
    return m;
  };
  const here = await excludedAt(at);
  const refuse = (table: string, column: string) => new AppError(403, ERROR_CODES.NO_DATA_ACCESS_PERMISSION, tableInfoMsg(req.ctx.lang, 'EXCLUDED_COLUMN', { table, column }));
  const dialect = dialectFor(record.input.type);
  let catalog: SchemaCatalog | null | undefined;
  for (const sql of statements) {
    // Only pay for the catalog when this place has exclusions; other places' tables are looked up by name below.
    if (catalog === undefined) catalog = here.size ? ((await deps.catalogs.get(record, at.databaseName, at.schemaName).catch(() => null)) as SchemaCatalog | null) : null;
    const a = statementAccess(sql, dialect, { catalog, databaseName: at.databaseName ?? null, schemaName: at.schemaName ?? null });
    if (a.unresolved.length && here.size) throw new AppError(403, ERROR_CODES.NO_DATA_ACCESS_PERMISSION, tableInfoMsg(req.ctx.lang, 'EXCLUDED_UNVERIFIABLE', { reason: a.unresolved.slice(0, 3).join(', ') }));
    for (const t of [...a.reads, ...a.writes]) {
      const named = t.table.database != null || t.table.schema != null;
      const excluded = (named ? await excludedAt({ databaseName: t.table.database ?? at.databaseName, schemaName: t.table.schema ?? at.schemaName }) : here).get(t.table.name.toLowerCase());
      if (!excluded) continue;
      if (t.columns === '*') throw refuse(t.table.name, '*');
      const hit = t.columns.find((c) => excluded.has(c.toLowerCase()));
      if (hit) throw refuse(t.table.name, hit);
    }
  }
}
