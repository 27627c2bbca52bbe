/**
 * AskDB as a Model Context Protocol server (issue 17 point 5): the tools an MCP client (an AI
 * agent) may call, each acting as the caller — the same request context, data-source visibility,
 * data permissions and SQL audit as the HTTP API:
 *  - list_data_sources: the sources the caller can use in the current organisation;
 *  - list_tables: tables of a source (only those the caller's grants reach);
 *  - describe_table: columns and keys of a table;
 *  (both with the AI table info: AI names and comments; a column excluded for the AI is left out, with its keys,
 *  and run_query refuses a statement that reads one)
 *  - run_query: one read-only statement (SELECT / WITH … SELECT / VALUES), checked by the statement
 *    analyser before the database sees it, then by the caller's grants; audited; rows capped.
 * Refusals come back as tool errors (isError) with the reason, never as protocol errors.
 */
import crypto from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { auditActor } from '../../http/audit-actor.js';
import { AppError } from '../../http/errors.js';
import { requireDataSource, viewerOf } from '../access.js';
import { driverFailure } from '../driver-errors.js';
import { permissions } from '../permissions/index.js';
import { readOnlyCheck } from '../read-only-reason.js';
import { mcpMsg } from './messages.js';
import { auditIfRefused } from '../audit/refusals.js';
import { sourceTableInfos } from '../ai/ai-table-info.js';
import { requireNoExcludedColumns } from '../ai/table-info-query-check.js';

/** Rows a query answers at most, whatever the client asks. */
export const MCP_ROW_CAP = 500;
const DEFAULT_ROWS = 100;
/** A query still running after this long is cancelled in the database (an agent cannot hold a connection for ever). */
export const MCP_QUERY_TIMEOUT_MS = 60_000;
export const MCP_SERVER_NAME = 'askdb';

/** The caller: a request (HTTP) or a request-shaped holder of the context (stdio). Only `ctx` and `ip` are read. */
export type McpCaller = Pick<FastifyRequest, 'ctx' | 'ip'>;

const text = (data: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(data, null, 1) }] });
const refusal = (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] });

const Place = {
  dataSourceId: z.number().int().positive().describe('Data source id (from list_data_sources)'),
  databaseName: z.string().max(255).optional().describe('Database, when the engine has several'),
  schemaName: z.string().max(255).optional().describe('Schema, when the engine has schemas'),
};

/**
 * Whether a statement only reads (the shared read-only check, strict: what the analysis cannot vouch
 * for — a user function, a syntax error — is refused too): throws the refusal the client sees otherwise.
 */
const STATEMENT_KINDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'CREATE', 'ALTER', 'DROP', 'TRUNCATE']);
export function requireReadOnly(sql: string, type: string, lang: FastifyRequest['ctx']['lang'], statements: string[]): void {
  void sql;
  if (statements.length !== 1) throw new AppError(400, 'MCP_READ_ONLY', mcpMsg(lang, 'ONE_STATEMENT'));
  const r = readOnlyCheck(statements[0]!, type, lang, { strict: true });
  if (!r) return;
  if (r.reason === 'MULTIPLE_STATEMENTS' || r.reason === 'EMPTY') throw new AppError(400, 'MCP_READ_ONLY', mcpMsg(lang, 'ONE_STATEMENT'));
  if (r.reason === 'NOT_SELECT' || (r.reason === 'WRITES' && STATEMENT_KINDS.has(r.detail))) throw new AppError(403, 'MCP_READ_ONLY', mcpMsg(lang, 'READ_ONLY', { kind: r.detail.toUpperCase() }));
  if (r.reason === 'NOT_VERIFIABLE') throw new AppError(403, 'MCP_READ_ONLY', mcpMsg(lang, 'NOT_VERIFIABLE', { reason: r.detail }));
  throw new AppError(403, 'MCP_READ_ONLY', mcpMsg(lang, 'NOT_READ_ONLY', { reason: r.reasonText }));
}

export function createMcpServer(deps: AppDeps, caller: McpCaller): McpServer {
  const req = caller as FastifyRequest;
  const perms = permissions(deps);
  const server = new McpServer({ name: MCP_SERVER_NAME, version: '1.0.0' }, { capabilities: { tools: {} } });
  const guard = async (fn: () => Promise<CallToolResult>): Promise<CallToolResult> => {
    try {
      return await fn();
    } catch (e) {
      const err = driverFailure(e, req.ctx.lang);
      return refusal(err.message);
    }
  };

  server.registerTool('list_data_sources', {
    description: 'The data sources (database connections) you can use in your current AskDB organisation: id, name, engine type.',
    annotations: { readOnlyHint: true },
  }, () => guard(async () => {
    const v = viewerOf(req);
    const list = await deps.dataSources.listVisible(v.organizationId, v.id);
    return text(list.map((r) => ({ id: r.id, name: r.input.alias, type: r.input.type, databaseName: r.input.databaseName ?? null })));
  }));

  server.registerTool('list_tables', {
    description: 'Tables of a data source (in a database/schema when given) that your permissions reach, with their comments.',
    inputSchema: { ...Place, searchKey: z.string().max(255).optional().describe('Only tables whose name contains this') },
    annotations: { readOnlyHint: true },
  }, (args) => guard(async () => {
    const record = await requireDataSource(deps, req, args.dataSourceId);
    const place = perms.placeOf(record, args);
    const allowed = perms.tableFilter(record, await perms.requireBrowse(req.ctx, record, place), place);
    const loc = { databaseName: args.databaseName ?? null, schemaName: args.schemaName ?? null };
    const page = await deps.connections.with(record, (c) => c.metadata.tables(loc, { pageNo: 1, pageSize: 1000, searchKey: args.searchKey }));
    const infoOf = await sourceTableInfos(deps, viewerOf(req).organizationId, record, args);
    const described = (t: { name: string; comment?: string | null }) => {
      const info = infoOf(t.name);
      return { name: t.name, comment: t.comment ?? null, ...(info?.aiTableName ? { aiName: info.aiTableName } : {}), ...(info?.aiTableComment ? { aiComment: info.aiTableComment } : {}) };
    };
    return text({ tables: page.data.filter((t) => !allowed || allowed(t.name)).map(described), hasMore: page.hasNextPage });
  }));

  server.registerTool('describe_table', {
    description: 'Columns (name, type, nullable, default, comment, primary key) and keys of one table.',
    inputSchema: { ...Place, tableName: z.string().min(1).max(1024) },
    annotations: { readOnlyHint: true },
  }, (args) => guard(async () => {
    const record = await requireDataSource(deps, req, args.dataSourceId);
    await perms.requireBrowse(req.ctx, record, perms.placeOf(record, args), 'path');
    const loc = { databaseName: args.databaseName ?? null, schemaName: args.schemaName ?? null, tableName: args.tableName };
    const { columns, keys } = await deps.connections.with(record, async (c) => ({ columns: await c.metadata.columns(loc), keys: await c.metadata.keys(loc) }));
    // A column excluded in "Change AI table info" never reaches a model: not listed, nor any key naming it.
    const info = (await sourceTableInfos(deps, viewerOf(req).organizationId, record, args))(args.tableName);
    const byName = new Map((info?.columns ?? []).map((c) => [c.name, c]));
    const excluded = new Set((info?.columns ?? []).filter((c) => c.excluded).map((c) => c.name));
    const ai = (name: string) => {
      const c = byName.get(name);
      if (!c) return {};
      const { name: _n, excluded: _e, ...fields } = c;
      return Object.keys(fields).length ? { ai: fields } : {};
    };
    return text({
      table: args.tableName,
      ...(info?.aiTableName ? { aiName: info.aiTableName } : {}),
      ...(info?.aiTableComment ? { aiComment: info.aiTableComment } : {}),
      columns: columns.filter((c) => !excluded.has(c.name)).map((c) => ({ name: c.name, type: c.columnType, nullable: c.nullable, defaultValue: c.defaultValue ?? null, primaryKey: !!c.primaryKey, comment: c.comment ?? null, ...ai(c.name) })),
      keys: keys.filter((k) => !k.columns.some((c) => excluded.has(c))),
    });
  }));

  server.registerTool('run_query', {
    description: `Run one read-only SQL statement (SELECT, WITH … SELECT) on a data source with your permissions; answers the columns and at most ${MCP_ROW_CAP} rows. INSERT, UPDATE, DELETE and DDL are refused. Every query is recorded in the SQL audit.`,
    inputSchema: { ...Place, sql: z.string().min(1).max(100_000), maxRows: z.number().int().min(1).max(MCP_ROW_CAP).optional().describe(`Rows to return (default ${DEFAULT_ROWS}, at most ${MCP_ROW_CAP})`) },
    annotations: { readOnlyHint: true },
  }, (args) => guard(async () => {
    const record = await requireDataSource(deps, req, args.dataSourceId);
    const input = { sql: args.sql, dataSourceId: record.id, databaseName: args.databaseName ?? null, schemaName: args.schemaName ?? null, errorContinue: false, pageSize: args.maxRows ?? DEFAULT_ROWS };
    const statements = deps.execution.statements(record, input);
    try {
      requireReadOnly(args.sql, record.input.type, req.ctx.lang, statements);
      await perms.checkScript(req.ctx, record, { sql: args.sql, statements: () => statements, databaseName: input.databaseName, schemaName: input.schemaName });
      // The agent is a model: a column the AI table info excludes is not read for it either.
      await requireNoExcludedColumns(deps, req, viewerOf(req).organizationId, record, input, statements);
    } catch (e) {
      // A refused attempt is part of the SQL audit too (issue 24 point 5).
      await auditIfRefused(deps, req, e, input);
      throw e;
    }
    const userId = viewerOf(req).id;
    const executionId = `mcp-${crypto.randomUUID()}`;
    const timer = setTimeout(() => void deps.execution.cancel(executionId, userId).catch(() => {}), MCP_QUERY_TIMEOUT_MS);
    timer.unref();
    const results = await deps.execution.execute(record, userId, { ...input, executionId }, auditActor(req), undefined, { readOnly: true }).finally(() => clearTimeout(timer));
    for (const r of results) if (r.cursorId) deps.execution.closeCursorOf(r.cursorId, userId);
    const r = results[0];
    if (!r) return text({ columns: [], rows: [], truncated: false });
    if (!r.success) return refusal(mcpMsg(req.ctx.lang, 'QUERY_FAILED', { message: r.message }));
    return text({ columns: r.headerList.map((h) => ({ name: h.name, type: h.columnType })), rows: r.dataList, truncated: r.hasMore });
  }));

  return server;
}
