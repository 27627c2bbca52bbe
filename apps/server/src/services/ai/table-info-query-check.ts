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

export type ExcludedRead = { table: string; column: string } | { unverifiable: string };

/** The first read of an excluded column among the statements (or why the analysis cannot tell, where the place has exclusions); null when none. */
export async function excludedRead(deps: AppDeps, organizationId: number, record: DataSourceRecord, at: QueryPlace, statements: string[]): Promise<ExcludedRead | null> {
  const byPlace = new Map<string, Promise<Map<string, Set<string>>>>();
  const excludedAt = (p: QueryPlace) => {
    const k = `${p.databaseName ?? ''}\u0000${p.schemaName ?? ''}`;
    let m = byPlace.get(k);
    if (!m) byPlace.set(k, (m = exclusionsAt(deps, organizationId, record, p)));
    return m;
  };
  const here = await excludedAt(at);
  const dialect = dialectFor(record.input.type);
  let catalog: SchemaCatalog | null | undefined;
  for (const sql of statements) {
    // Only pay for the catalog when this place has exclusions; other places' tables are looked up by name below.
    if (catalog === undefined) catalog = here.size ? ((await deps.catalogs.get(record, at.databaseName, at.schemaName).catch(() => null)) as SchemaCatalog | null) : null;
    const a = statementAccess(sql, dialect, { catalog, databaseName: at.databaseName ?? null, schemaName: at.schemaName ?? null });
    if (a.unresolved.length && here.size) return { unverifiable: a.unresolved.slice(0, 3).join(', ') };
    for (const t of [...a.reads, ...a.writes]) {
      const named = t.table.database != null || t.table.schema != null;
      const excluded = (named ? await excludedAt({ databaseName: t.table.database ?? at.databaseName, schemaName: t.table.schema ?? at.schemaName }) : here).get(t.table.name.toLowerCase());
      if (!excluded) continue;
      if (t.columns === '*') return { table: t.table.name, column: '*' };
      const hit = t.columns.find((c) => excluded.has(c.toLowerCase()));
      if (hit) return { table: t.table.name, column: hit };
    }
  }
  return null;
}

/** Refuses (403) statements that read an excluded column, or cannot be checked where the place has exclusions (MCP run_query). */
export async function requireNoExcludedColumns(deps: AppDeps, req: FastifyRequest, organizationId: number, record: DataSourceRecord, at: QueryPlace, statements: string[]): Promise<void> {
  const hit = await excludedRead(deps, organizationId, record, at, statements);
  if (!hit) return;
  if ('unverifiable' in hit) throw new AppError(403, ERROR_CODES.NO_DATA_ACCESS_PERMISSION, tableInfoMsg(req.ctx.lang, 'EXCLUDED_UNVERIFIABLE', { reason: hit.unverifiable }));
  throw new AppError(403, ERROR_CODES.NO_DATA_ACCESS_PERMISSION, tableInfoMsg(req.ctx.lang, 'EXCLUDED_COLUMN', hit));
}

/**
 * For the AI's SQL check (dry run): the model's statement reads an excluded column (by name or
 * through `*`). The text goes back to the model, so it never names the column.
 */
export async function excludedReadProblem(deps: AppDeps, organizationId: number, record: DataSourceRecord, at: QueryPlace, sql: string): Promise<string | null> {
  const hit = await excludedRead(deps, organizationId, record, at, [sql]).catch(() => null);
  if (!hit || 'unverifiable' in hit) return null;
  return `The statement reads ${hit.column === '*' ? `every column of ${hit.table} (*)` : `a column of ${hit.table} that is not in the schema you were given`}: select only the columns listed in the schema.`;
}
