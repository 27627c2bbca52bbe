/**
 * SQL intelligence endpoints (API.md "SQL intelligence", spec 01 §5/§7): parser and quick parser,
 * keywords/metadata, tips (completion), hover, format. Catalogs come from the shared catalog cache,
 * one per (data source, database, schema); the completion index over a catalog is built once per
 * catalog object (packages/sql), so after the first tip on a schema later tips cost milliseconds.
 */
import type { FormatResult } from '@askdb/sql/format';
import { z } from 'zod';
import { ERROR_CODES, FormatInput, HoverInput, LIMITS, ParserInput, TipInput, supportsDatabase, supportsSchema, type DatabaseType } from '@askdb/contracts';
import { catalogIndex, completeJsonParts, completePage, dialectFor, namedTables, relationInfo, type CompleteInput, type SchemaCatalog } from '@askdb/sql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import { withTableColumns } from '../services/spec-fields.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { msg } from '../http/messages.js';
import { SqlIntelPool, TOO_LARGE, type RunOptions } from '../services/sql-intel/pool.js';
import { BODY_LIMIT, BUDGET_MS } from '../services/sql-intel/budgets.js';
import { trailingQualifier } from '../services/sql-intel/qualifier.js';
import { readBigBodiesInWorker } from '../services/sql-intel/json-body.js';
import { requireDataSource } from '../services/access.js';
import { TIP_WAIT } from '../services/catalog-cache.js';
import type { DataSourceRecord } from '../store/data-sources.js';
import { permissions } from '../services/permissions/index.js';
import { catalogFor } from '../services/permissions/catalog-filter.js';

const KeywordsQuery = z.object({
  consoleId: z.coerce.number().int().optional().nullable(),
  dataSourceId: z.coerce.number().int(),
  databaseName: z.string().max(255).optional().nullable(),
  schemaName: z.string().max(255).optional().nullable(),
});

const NAMES_TTL_MS = 60_000;
const ENVELOPE_HEAD = Buffer.from('{"success":true,"data":');
const ENVELOPE_TAIL = Buffer.from('}');
/** Encoded bytes of big JSON pieces (cached table lists), a few at a time. */
const bigPieces = new Map<string, Buffer>();
function encoded(piece: string): Buffer {
  if (piece.length < 65_536) return Buffer.from(piece);
  let b = bigPieces.get(piece);
  if (!b) {
    b = Buffer.from(piece);
    if (bigPieces.size >= 8) bigPieces.delete(bigPieces.keys().next().value!);
    bigPieces.set(piece, b);
  }
  return b;
}
/** How long a request waits for the full catalog before answering with what is ready. */
const FULL_CATALOG_WAIT_MS = 300;

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

// In a scope of their own: their request bodies are read by the scope's JSON parser (big ones in a worker).
const sqlIntel: RouteModule = async (root, deps) => { await root.register(async (app) => {
  const names = new NameLists(deps);
  const perms = permissions(deps);
  /** A data source the caller may use, and (members of a team) a grant reaching the selection. */
  const usable = async (req: FastifyRequest, dataSourceId: number, sel: { databaseName?: string | null; schemaName?: string | null }) => {
    const record = await requireDataSource(deps, req, dataSourceId);
    const place = perms.placeOf(record, sel);
    const grants = await perms.requireBrowse(req.ctx, record, place);
    const allowed = perms.tableFilter(record, grants, place);
    /** The catalog as the member may see it: only the tables and views of their grants. */
    const visible = <C extends SchemaCatalog | null>(catalog: C): C => (catalog && allowed ? catalogFor(catalog, allowed, grants!.map((g) => g.id).join(',')) : catalog);
    return { record, allowed, visible };
  };
  const catalogs = new CatalogAccess(deps);
  const catalogOf = (req: FastifyRequest, record: DataSourceRecord, sel: Selection) => catalogs.full(req, record, sel);
  // Parsing, completion context, hover and format of big texts run in worker threads, each within its budget.
  const intel = new SqlIntelPool();
  app.addHook('onClose', () => intel.close());
  readBigBodiesInWorker(app, intel);
  const budget = (name: RunOptions['budget'], size: number, req: FastifyRequest, reply: FastifyReply): RunOptions => ({
    budget: name, size, elapsedMs: reply.elapsedTime, onGiveUp: (reason) => req.log.warn(`SQL intelligence gave up: ${reason}`),
  });

  const parse = (quick: boolean) => async ({ body }: { body: z.output<typeof ParserInput> }, req: FastifyRequest, reply: FastifyReply) => {
    const empty = { sqlStatementList: [], markMessageList: [] };
    // Spec 01 §5: no data source → skipped; empty text → empty lists; 50,000 characters or more → not parsed.
    if (body.dataSourceId == null || !body.sql.trim() || body.sql.length >= LIMITS.maxParseLength) return empty;
    const { record } = await usable(req, body.dataSourceId, body);
    const type = record.input.type;
    const sel = selection(type, body);
    // The schema checks use the full catalog once it is read; until then (first seconds on a huge schema) syntax only.
    const catalog = quick ? null : await catalogs.ifReady(req, record, sel);
    const task = { op: 'parse', dbType: type, sql: body.sql, options: { catalog, ...sel, language: req.ctx.lang, quick } } as const;
    const result = await intel.run(task, budget('parse', body.sql.length, req, reply));
    // Over its budget: no markers, as for a script over the parse limit.
    return result === TOO_LARGE ? empty : withTableColumns(result, catalog);
  };
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/sql_parser/context/parser', summary: 'Statements, validity, identifiers and markers of a script', tag: 'sql', body: ParserInput, bodyLimit: BODY_LIMIT.parse }, parse(false));
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/sql_parser/context/quick_parser', summary: 'Statements and validity only (run glyphs)', tag: 'sql', body: ParserInput, bodyLimit: BODY_LIMIT.parse }, parse(true));

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/sql_parser/get_keywords', summary: 'Databases, schemas, tables, views, functions and procedures for the editor', tag: 'sql', query: KeywordsQuery }, async ({ query }, req) => {
    const { record, allowed } = await usable(req, query.dataSourceId, query);
    const type = record.input.type;
    const sel = selection(type, query);
    const datasourceName = record.input.alias;
    const [catalog, lists] = await Promise.all([catalogOf(req, record, sel), names.get(record, sel.databaseName)]);
    const loc = { schemaName: sel.schemaName, databaseName: sel.databaseName, datasourceName };
    const routine = (r: NonNullable<SchemaCatalog['functions']>[number]) => ({ name: r.name, parameters: r.parameters ?? [], returnType: r.returnType ?? null, ...loc });
    return {
      databases: lists.databases.map((databaseName) => ({ databaseName, datasourceName })),
      schemas: lists.schemas.map((schemaName) => ({ schemaName, databaseName: sel.databaseName, datasourceName })),
      // A member with grants on some tables is offered those only.
      tables: (catalog?.tables ?? []).filter((t) => !allowed || allowed(t.name)).map((t) => ({ tableName: t.name, ...loc, tableAlias: null, comment: t.comment ?? null })),
      views: (catalog?.views ?? []).filter((v) => !allowed || allowed(v.name)).map((v) => ({ viewName: v.name, ...loc, comment: v.comment ?? null })),
      functions: (catalog?.functions ?? []).map(routine),
      procedures: (catalog?.procedures ?? []).map(routine),
    };
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/sql_parser/context/tip', summary: 'Completion suggestions at the cursor, best first: an array; with `paged: true`, `{ items, incomplete }` — long lists capped at 500 and `incomplete` while more match or the schema is still loading, so the editor asks again as the prefix grows', tag: 'sql', body: TipInput, bodyLimit: BODY_LIMIT.tip }, async ({ body }, req, reply) => {
    const { record, visible } = await usable(req, body.dataSourceId, body);
    // Spec 01 §5: completion and tips need a console id and a data source id.
    if (body.consoleId == null) return [];
    const type = record.input.type;
    const sel = selection(type, body);
    const beforeSql = window(body.beforeSql, LIMITS.tipsWindowLines, true);
    const afterSql = window(body.afterSql ?? '', LIMITS.tipsWindowLines, false);
    const context = await intel.run({ op: 'context', dbType: type, beforeSql, afterSql }, budget('tip', beforeSql.length + afterSql.length, req, reply));
    // Over its budget: no suggestions (the editor asks again at the next keystroke).
    if (context === TOO_LARGE) return body.paged ? { items: [], incomplete: true } : [];
    // The columns of the tables the statement names are read first on a big schema (catalog-cache.ts).
    const named = namedTables(context, sel.schemaName ?? sel.databaseName);
    const [{ catalog: whole, complete }, lists] = await Promise.all([deps.catalogs.forCompletion(record, sel, named, TIP_WAIT[body.paged ? 'paged' : 'whole']), names.get(record, sel.databaseName)]);
    const catalog = visible(whole);
    // `other_schema.|`: read that schema's catalog before answering (the client asks once, right after the dot).
    let other: SchemaCatalog | null = null;
    const qualifier = trailingQualifier(beforeSql);
    if (qualifier) {
      const l = qualifier.toLowerCase();
      const current = [sel.schemaName, sel.databaseName].some((n) => n?.toLowerCase() === l);
      const inSchemas = lists.schemas.find((s) => s.toLowerCase() === l);
      const inDatabases = lists.databases.find((d) => d.toLowerCase() === l);
      if (!current && (inSchemas || inDatabases)) {
        other = await catalogs.forTips(req, record, inSchemas && supportsSchema(type) ? { databaseName: sel.databaseName, schemaName: inSchemas } : { databaseName: inDatabases ?? null, schemaName: null });
      }
    }
    const input: CompleteInput = {
      beforeSql, afterSql, context, catalog, dialect: dialectFor(type), ...sel,
      needFullName: body.needFullName ?? false, keywordCase: body.keywordCase ?? 'off', language: req.ctx.lang,
      schemas: lists.schemas, databases: lists.databases,
      otherCatalog: (n) => (other && n.toLowerCase() === qualifier?.toLowerCase() ? other : undefined),
    };
    if (body.paged) {
      const page = completePage(input);
      return { items: page.items, incomplete: page.incomplete || !complete };
    }
    const parts = completeJsonParts(input);
    // The list is already JSON; the pieces of big table lists are the same strings every time, so their
    // bytes are encoded once: answering `FROM |` on 30,000 tables is a buffer copy.
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.send(Buffer.concat([ENVELOPE_HEAD, ...parts.map(encoded), ENVELOPE_TAIL]));
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/sql_parser/context/hover', summary: 'Hover help for the identifier under the cursor', tag: 'sql', body: HoverInput, bodyLimit: BODY_LIMIT.hover }, async ({ body }, req, reply) => {
    const { record, allowed } = await usable(req, body.dataSourceId, body);
    const type = record.input.type;
    const sel = selection(type, body);
    const currentStatement = body.currentStatement || body.sql;
    // A statement over the parse limit has no hover (hover parses it): answered without a worker.
    if (currentStatement.length >= LIMITS.maxParseLength) return [];
    const [catalog, lists] = await Promise.all([catalogs.forTips(req, record, sel), names.get(record, sel.databaseName)]);
    const list = await intel.run({
      op: 'hover', dbType: type, currentStatement, hoverIdentifier: body.hoverIdentifier,
      names: { catalog, ...sel, schemas: lists.schemas, databases: lists.databases, dataSourceName: record.input.alias, language: req.ctx.lang },
    }, budget('hover', currentStatement.length, req, reply));
    if (list === TOO_LARGE) return [];
    const first = list[0];
    // No columns or DDL of a table outside a member's table-level grants.
    const relationOf = (h: { kind: string; name: string }) => (h.kind === 'column' ? h.name.slice(0, h.name.lastIndexOf('.')) : h.kind === 'table' || h.kind === 'view' ? h.name : null);
    if (first && allowed && relationOf(first) !== null && !allowed(relationOf(first)!)) return [];
    // Tables: the DDL comes from the driver when the catalog does not carry it.
    if (first && first.kind === 'table' && !first.ddl && catalog) {
      const rel = catalogIndex(catalog).relation(first.name);
      const ddl = await catalogs.ddl(record, sel, catalog, first.name);
      if (rel && ddl) list[0] = relationInfo(rel, req.ctx.lang, ddl);
    }
    return list;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/sql/format', summary: 'Format SQL for a database type (the original text when formatting fails; with strict, FORMAT_FAILED)', tag: 'sql', body: FormatInput, bodyLimit: BODY_LIMIT.format }, async ({ body }, req, reply) => {
    const out = await intel.run({ op: 'format', dbType: body.dbType || 'MYSQL', sql: body.sql, keywordCase: body.keywordCase ?? 'off' }, budget('format', body.sql.length, req, reply));
    if (out === TOO_LARGE) throw new AppError(413, ERROR_CODES.INVALID_PARAMS, msg(req.ctx.lang, 'SQL_TOO_LARGE_TO_FORMAT', { seconds: BUDGET_MS.format / 1000 }));
    const result: FormatResult = out;
    if (result.failed && body.strict) throw new AppError(400, 'FORMAT_FAILED', msg(req.ctx.lang, 'FORMAT_FAILED'));
    return result.text;
  });
}); };
export default sqlIntel;

type Selection = { databaseName: string | null; schemaName: string | null };

/**
 * Catalog access for the editor. The full catalog comes from the shared cache; on a huge schema its
 * first read takes seconds, so tips do not wait for it: after a short wait they are answered from a
 * names-only catalog (the paged table list and the views, one or two fast queries), and from the
 * full one as soon as it is in. DDL for hovers is read once per table and catalog.
 */
class CatalogAccess {
  private readonly namesOnly = new Map<string, { full: Promise<unknown>; value: Promise<SchemaCatalog | null> }>();
  private readonly ddls = new WeakMap<SchemaCatalog, Map<string, Promise<string | null>>>();
  constructor(private readonly deps: Pick<AppDeps, 'catalogs' | 'connections'>) {}

  private start(req: FastifyRequest, record: DataSourceRecord, sel: Selection): Promise<SchemaCatalog | null> {
    return this.deps.catalogs.get(record, sel.databaseName, sel.schemaName).catch((e) => {
      req.log.warn({ err: e, dataSourceId: record.id }, 'catalog read failed; SQL intelligence without schema');
      return null;
    });
  }

  /** The full catalog (waits for it), or null when it cannot be read. */
  full(req: FastifyRequest, record: DataSourceRecord, sel: Selection): Promise<SchemaCatalog | null> {
    return this.start(req, record, sel);
  }

  /** The full catalog if it is ready within a short wait, else null (the read goes on for later requests). */
  async ifReady(req: FastifyRequest, record: DataSourceRecord, sel: Selection): Promise<SchemaCatalog | null> {
    return Promise.race([this.start(req, record, sel), sleep(FULL_CATALOG_WAIT_MS).then(() => null)]);
  }

  /** The full catalog when ready soon, else whichever comes first of it and a names-only catalog. */
  async forTips(req: FastifyRequest, record: DataSourceRecord, sel: Selection): Promise<SchemaCatalog | null> {
    const full = this.start(req, record, sel);
    const soon = await Promise.race([full.then((c) => ({ c })), sleep(FULL_CATALOG_WAIT_MS).then(() => null)]);
    if (soon) return soon.c;
    const key = `${record.id}\u0000${record.updatedAt}\u0000${sel.databaseName ?? ''}\u0000${sel.schemaName ?? ''}`;
    let entry = this.namesOnly.get(key);
    if (!entry || entry.full !== full) {
      const value = this.deps.connections
        .with(record, async (c): Promise<SchemaCatalog> => {
          const [tables, views] = await Promise.all([c.metadata.tables(sel, { pageNo: 1, pageSize: 100_000 }), c.metadata.views(sel).catch(() => [])]);
          return {
            ...sel,
            tables: tables.data.filter((t) => t.type !== 'VIEW').map((t) => ({ name: t.name, comment: t.comment, columns: [] })),
            views: views.map((v) => ({ name: v.name, comment: v.comment, columns: [] })),
          };
        })
        .catch(() => null);
      entry = { full, value };
      this.namesOnly.set(key, entry);
      void full.finally(() => {
        if (this.namesOnly.get(key) === entry) this.namesOnly.delete(key);
      });
    }
    return Promise.race([full, entry.value.then((v) => v ?? full)]);
  }

  ddl(record: DataSourceRecord, sel: Selection, catalog: SchemaCatalog, table: string): Promise<string | null> {
    let m = this.ddls.get(catalog);
    if (!m) {
      m = new Map();
      this.ddls.set(catalog, m);
    }
    let p = m.get(table);
    if (!p) {
      p = this.deps.connections.with(record, (c) => c.metadata.tableDdl({ ...sel, tableName: table })).catch(() => null);
      m.set(table, p);
    }
    return p;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

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
