/**
 * SQL intelligence endpoints (API.md "SQL intelligence", spec 01 §5/§7): parser and quick parser,
 * keywords/metadata, tips (completion), hover, format. Catalogs come from the shared catalog cache,
 * one per (data source, database, schema); the completion index over a catalog is built once per
 * catalog object (packages/sql), so after the first tip on a schema later tips cost milliseconds.
 */
import { z } from 'zod';
import { FormatInput, HoverInput, LIMITS, ParserInput, TipInput, supportsDatabase, supportsSchema, type DatabaseType } from '@askdb/contracts';
import { catalogIndex, completeJson, dialectFor, formatSql, hover, parseSql, relationInfo, type SchemaCatalog } from '@askdb/sql';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import type { AppDeps } from '../app.js';
import { defineRoute } from '../http/route.js';
import { requireDataSource } from '../services/access.js';
import type { DataSourceRecord } from '../store/data-sources.js';

const KeywordsQuery = z.object({
  consoleId: z.coerce.number().int().optional().nullable(),
  dataSourceId: z.coerce.number().int(),
  databaseName: z.string().max(255).optional().nullable(),
  schemaName: z.string().max(255).optional().nullable(),
});

const NAMES_TTL_MS = 60_000;

/** The parts of a selection the engine has (a MySQL schema name means nothing, nor an Oracle database). */
function selection(type: DatabaseType, sel: { databaseName?: string | null; schemaName?: string | null }) {
  return {
    databaseName: supportsDatabase(type) ? sel.databaseName || null : null,
    schemaName: supportsSchema(type) ? sel.schemaName || null : null,
  };
}

/** Keeps the last `lines` lines of the text before the cursor, or the first ones after it (spec 01 §9: 100 each side). */
function window(text: string, lines: number, fromEnd: boolean): string {
  let p = fromEnd ? text.length : -1;
  for (let i = 0; i < lines; i++) {
    p = fromEnd ? text.lastIndexOf('\n', p - 1) : text.indexOf('\n', p + 1);
    if (p < 0) return text;
  }
  return fromEnd ? text.slice(p + 1) : text.slice(0, p);
}

const sqlIntel: RouteModule = (app, deps) => {
  const names = new NameLists(deps);

  /** The catalog of a selection, or null when it cannot be read (the caller degrades to syntax/keywords). */
  const catalogOf = async (req: FastifyRequest, record: DataSourceRecord, sel: { databaseName: string | null; schemaName: string | null }): Promise<SchemaCatalog | null> => {
    try {
      return await deps.catalogs.get(record, sel.databaseName, sel.schemaName);
    } catch (e) {
      req.log.warn({ err: e, dataSourceId: record.id }, 'catalog read failed; SQL intelligence without schema');
      return null;
    }
  };

  const parse = (quick: boolean) => async ({ body }: { body: z.output<typeof ParserInput> }, req: FastifyRequest) => {
    const empty = { sqlStatementList: [], markMessageList: [] };
    // Spec 01 §5: no data source → skipped; empty text → empty lists; 50,000 characters or more → not parsed.
    if (body.dataSourceId == null || !body.sql.trim() || body.sql.length >= LIMITS.maxParseLength) return empty;
    const record = await requireDataSource(deps, req, body.dataSourceId);
    const type = record.input.type;
    const sel = selection(type, body);
    const catalog = quick ? null : await catalogOf(req, record, sel);
    return parseSql(body.sql, dialectFor(type), { catalog, ...sel, language: req.ctx.lang, quick });
  };
  defineRoute(app, { method: 'POST', url: '/api/sql_parser/context/parser', summary: 'Statements, validity, identifiers and markers of a script', tag: 'sql', body: ParserInput }, parse(false));
  defineRoute(app, { method: 'POST', url: '/api/sql_parser/context/quick_parser', summary: 'Statements and validity only (run glyphs)', tag: 'sql', body: ParserInput }, parse(true));

  defineRoute(app, { method: 'GET', url: '/api/sql_parser/get_keywords', summary: 'Databases, schemas, tables, views, functions and procedures for the editor', tag: 'sql', query: KeywordsQuery }, async ({ query }, req) => {
    const record = await requireDataSource(deps, req, query.dataSourceId);
    const type = record.input.type;
    const sel = selection(type, query);
    const datasourceName = record.input.alias;
    const [catalog, lists] = await Promise.all([catalogOf(req, record, sel), names.get(record, sel.databaseName)]);
    const loc = { schemaName: sel.schemaName, databaseName: sel.databaseName, datasourceName };
    const routine = (r: NonNullable<SchemaCatalog['functions']>[number]) => ({ name: r.name, parameters: r.parameters ?? [], returnType: r.returnType ?? null, ...loc });
    return {
      databases: lists.databases.map((databaseName) => ({ databaseName, datasourceName })),
      schemas: lists.schemas.map((schemaName) => ({ schemaName, databaseName: sel.databaseName, datasourceName })),
      tables: (catalog?.tables ?? []).map((t) => ({ tableName: t.name, ...loc, tableAlias: null, comment: t.comment ?? null })),
      views: (catalog?.views ?? []).map((v) => ({ viewName: v.name, ...loc, comment: v.comment ?? null })),
      functions: (catalog?.functions ?? []).map(routine),
      procedures: (catalog?.procedures ?? []).map(routine),
    };
  });

  defineRoute(app, { method: 'POST', url: '/api/sql_parser/context/tip', summary: 'Completion suggestions at the cursor, best first', tag: 'sql', body: TipInput }, async ({ body }, req, reply) => {
    const record = await requireDataSource(deps, req, body.dataSourceId);
    // Spec 01 §5: completion and tips need a console id and a data source id.
    if (body.consoleId == null) return [];
    const type = record.input.type;
    const sel = selection(type, body);
    const beforeSql = window(body.beforeSql, LIMITS.tipsWindowLines, true);
    const afterSql = window(body.afterSql ?? '', LIMITS.tipsWindowLines, false);
    const [catalog, lists] = await Promise.all([catalogOf(req, record, sel), names.get(record, sel.databaseName)]);
    // `other_schema.|`: read that schema's catalog before answering (the client asks once, right after the dot).
    let other: SchemaCatalog | null = null;
    const qualifier = /([A-Za-z_][\w$]*)\.\w*$/.exec(beforeSql)?.[1];
    if (qualifier) {
      const l = qualifier.toLowerCase();
      const current = [sel.schemaName, sel.databaseName].some((n) => n?.toLowerCase() === l);
      const inSchemas = lists.schemas.find((s) => s.toLowerCase() === l);
      const inDatabases = lists.databases.find((d) => d.toLowerCase() === l);
      if (!current && (inSchemas || inDatabases)) {
        other = await catalogOf(req, record, inSchemas && supportsSchema(type) ? { databaseName: sel.databaseName, schemaName: inSchemas } : { databaseName: inDatabases ?? null, schemaName: null });
      }
    }
    const json = completeJson({
      beforeSql, afterSql, catalog, dialect: dialectFor(type), ...sel,
      needFullName: body.needFullName ?? false, keywordCase: body.keywordCase ?? 'off', language: req.ctx.lang,
      schemas: lists.schemas, databases: lists.databases,
      otherCatalog: (n) => (other && n.toLowerCase() === qualifier?.toLowerCase() ? other : undefined),
    });
    // The list is already JSON (big table lists are serialized once per catalog): send it as is.
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.send(`{"success":true,"data":${json}}`);
  });

  defineRoute(app, { method: 'POST', url: '/api/sql_parser/context/hover', summary: 'Hover help for the identifier under the cursor', tag: 'sql', body: HoverInput }, async ({ body }, req) => {
    const record = await requireDataSource(deps, req, body.dataSourceId);
    const type = record.input.type;
    const sel = selection(type, body);
    const [catalog, lists] = await Promise.all([catalogOf(req, record, sel), names.get(record, sel.databaseName)]);
    const dialect = dialectFor(type);
    const list = hover({
      currentStatement: body.currentStatement || body.sql, hoverIdentifier: body.hoverIdentifier, dialect, catalog, ...sel,
      schemas: lists.schemas, databases: lists.databases, dataSourceName: record.input.alias, language: req.ctx.lang,
    });
    const first = list[0];
    // Tables: the DDL comes from the driver when the catalog does not carry it.
    if (first && first.kind === 'table' && !first.ddl && catalog) {
      const rel = catalogIndex(catalog).relation(first.name);
      const ddl = await deps.connections.with(record, (c) => c.metadata.tableDdl({ ...sel, tableName: first.name })).catch(() => null);
      if (rel && ddl) list[0] = relationInfo(rel, req.ctx.lang, ddl);
    }
    return list;
  });

  defineRoute(app, { method: 'POST', url: '/api/sql/format', summary: 'Format SQL for a database type (the original text when formatting fails)', tag: 'sql', body: FormatInput }, ({ body }) =>
    formatSql(body.sql, body.dbType, body.keywordCase ?? 'off'),
  );
};
export default sqlIntel;

/** Database and schema names per data source, read through the driver and kept a minute. */
class NameLists {
  private readonly cache = new Map<string, { at: number; value: Promise<{ databases: string[]; schemas: string[] }> }>();
  constructor(private readonly deps: Pick<AppDeps, 'connections'>) {}

  get(record: DataSourceRecord, databaseName: string | null): Promise<{ databases: string[]; schemas: string[] }> {
    const key = `${record.id}\u0000${record.updatedAt}\u0000${databaseName ?? ''}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < NAMES_TTL_MS) return hit.value;
    const type = record.input.type;
    const value = this.deps.connections
      .with(record, async (c) => ({
        databases: supportsDatabase(type) ? (await c.metadata.databases()).map((d) => d.name) : [],
        schemas: supportsSchema(type) ? (await c.metadata.schemas(databaseName)).map((s) => s.name) : [],
      }))
      .catch(() => ({ databases: [], schemas: [] }));
    this.cache.set(key, { at: Date.now(), value });
    return value;
  }
}
