/**
 * The data side of a named chat, for the caller (owner or a member it is shared with): the prompt
 * context and SQL check hooks, and a read-only executor. A database chat goes through the data
 * source's access check, the caller's grants (checkScript), the execution service and the SQL audit;
 * an Excel chat queries its own DuckDB file (this replica's copy, excel-chat.ts) through the DuckDB
 * driver, sandboxed (no other file).
 */
import {
  renderSchema, type Catalog, type CatalogTable, type CheckHooks, type LlmProvider, type PromptContext,
} from '@askdb/ai';
import { CHAT_V2_LIMITS, ChatInput, ERROR_CODES, type AiPrivacy, type ChatDataset } from '@askdb/contracts';
import { driverFor, type Connection, type ConnectionConfig } from '@askdb/drivers';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { requireUser } from '../../http/context.js';
import { auditActor } from '../../http/audit-actor.js';
import { requireDataSource, viewerOf } from '../access.js';
import { requireNoExcludedColumns } from '../ai/table-info-query-check.js';
import { permissions } from '../permissions/index.js';
import { AiCollectionRepo } from '../ai/ai-collections.js';
import { buildChatContext, findTable } from '../ai/chat-context.js';
import { driverFailure } from '../driver-errors.js';
import { chatKnowledge } from '../knowledge/chat-knowledge.js';
import type { ChatRow } from '../../store/chats-v2.js';
import { excelOf } from './chat-access.js';
import { q } from './excel-load.js';
import { chatDbPath } from './excel-chat.js';
import { chatMsg } from './messages.js';

export interface QueryOutcome { ok: boolean; headerList: string[]; dataList: (string | null)[][]; hasMore: boolean; message?: string }
export type Executor = (sql: string) => Promise<QueryOutcome>;
export interface ChatData { prompt: PromptContext; hooks: CheckHooks; tables: string[]; dialect: string }

const tablesIn = (schema: string | undefined) => [...(schema ?? '').matchAll(/CREATE (?:TABLE|VIEW) ([^\s(]+)/g)].map((m) => m[1]!.replace(/["`[\]]/g, ''));

// ---------- Excel: the chat's own DuckDB file ----------

async function openExcel(deps: AppDeps, req: FastifyRequest, chat: ChatRow): Promise<Connection> {
  const excel = excelOf(chat);
  if (excel?.status !== 'READY') {
    if (excel?.status === 'FAIL') throw new AppError(409, ERROR_CODES.CONFLICT, chatMsg(req.ctx.lang, 'LOAD_FAILED', { reason: excel.error ?? '' }));
    throw new AppError(409, ERROR_CODES.CONFLICT, chatMsg(req.ctx.lang, 'NOT_LOADED', { progress: excel?.progress ?? 0 }));
  }
  // This replica's cache of the chat's data, built from the stored upload when it has none.
  const file = await chatDbPath(deps, chat, req.ctx.lang);
  const driver = await driverFor('DUCKDB');
  const config = { type: 'DUCKDB', alias: 'chat', filePath: file, fileAccess: { directories: [], paths: [] } } as unknown as ConnectionConfig;
  return driver.connect(config);
}

async function duckRun(conn: Connection, sql: string, maxRows: number): Promise<QueryOutcome> {
  const out: QueryOutcome = { ok: true, headerList: [], dataList: [], hasMore: false };
  for await (const ev of conn.execute(sql, { pageSize: Math.min(maxRows + 1, 1000) })) {
    if (ev.type === 'header') out.headerList = ev.columns.map((c) => c.name);
    else if (ev.type === 'rows') {
      for (const r of ev.rows) {
        if (out.dataList.length >= maxRows) out.hasMore = true;
        else out.dataList.push(r);
      }
      if (out.hasMore) break;
    } else if (!ev.success) {
      out.ok = false;
      out.message = ev.message;
    }
  }
  return out;
}

export async function excelQuery(deps: AppDeps, req: FastifyRequest, chat: ChatRow, sql: string, maxRows: number = CHAT_V2_LIMITS.resultRows): Promise<QueryOutcome> {
  const conn = await openExcel(deps, req, chat);
  try {
    return await duckRun(conn, sql, maxRows);
  } finally {
    await conn.close();
  }
}

async function excelCatalog(deps: AppDeps, req: FastifyRequest, chat: ChatRow, samples: boolean): Promise<Catalog> {
  const r = await excelQuery(deps, req, chat, "SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'main' ORDER BY table_name, ordinal_position", 10_000);
  const tables = new Map<string, CatalogTable>();
  for (const [t, c, type] of r.dataList) {
    if (!tables.has(t!)) tables.set(t!, { name: t!, kind: 'TABLE', columns: [] });
    tables.get(t!)!.columns.push({ name: c!, type: type ?? undefined });
  }
  if (samples) {
    for (const t of tables.values()) {
      const s = await excelQuery(deps, req, chat, `SELECT * FROM ${q(t.name)} LIMIT 3`, 3);
      t.columns.forEach((col, i) => { col.samples = [...new Set(s.dataList.map((row) => row[i]).filter((v): v is string => v !== null).map((v) => v.slice(0, 60)))]; });
    }
  }
  return { tables: [...tables.values()] };
}

// ---------- the chat's context for a question ----------

export async function chatData(
  deps: AppDeps, req: FastifyRequest, chat: ChatRow, question: string, privacy: AiPrivacy, signal: AbortSignal, provider?: LlmProvider,
): Promise<ChatData> {
  if (chat.source_type === 'EXCEL') {
    // The organisation's global knowledge (no data source): the prompt's section, and the terms' definitions for linking.
    const knowledge = await chatKnowledge(deps, req, null, question);
    const catalog = knowledge.annotate(await excelCatalog(deps, req, chat, privacy === 'SCHEMA_AND_SAMPLES'));
    const linked = await deps.linker.link(catalog, knowledge.linkingQuestion, {});
    const slice = renderSchema(catalog, linked, { privacy: privacy === 'NOTHING' ? 'SCHEMA_ONLY' : privacy });
    const prompt: PromptContext = { questionType: 'NL_2_SQL', input: question, uiLanguage: req.ctx.lang, dialect: 'DuckDB', schema: slice.text };
    if (knowledge.text) prompt.knowledge = knowledge.text;
    const hooks: CheckHooks = {
      databaseType: 'DUCKDB',
      lookupTable: (name) => findTable(catalog, name)?.columns.map((c) => c.name),
      dryRun: async (sql) => {
        const r = await excelQuery(deps, req, chat, `EXPLAIN ${sql}`, 1);
        return r.ok ? null : (r.message ?? 'EXPLAIN failed');
      },
    };
    return { prompt, hooks, tables: slice.tables, dialect: 'DuckDB' };
  }
  const ds = JSON.parse(chat.dataset_json ?? '{}') as ChatDataset;
  if (ds.dataSourceId != null) {
    const record = await requireDataSource(deps, req, ds.dataSourceId);
    const perms = permissions(deps);
    await perms.requireBrowse(req.ctx, record, perms.placeOf(record, ds), 'wholeSchema');
  }
  const input = ChatInput.parse({ questionType: 'NL_2_SQL', input: question, dataSourceId: ds.dataSourceId, databaseName: ds.databaseName, schemaName: ds.schemaName, dataSourceCollectionId: ds.dataSourceCollectionId });
  const ctx = await buildChatContext(deps, req, input, privacy, signal, provider);
  return { prompt: ctx.prompt, hooks: ctx.hooks ?? {}, tables: tablesIn(ctx.prompt.schema), dialect: ctx.prompt.dialect ?? 'SQL' };
}

// ---------- running the answer's SQL as the caller ----------

/** Where a database chat's SQL runs: its data source, or the (single) place of its collection's tables. */
async function placeOf(deps: AppDeps, ds: ChatDataset): Promise<{ dataSourceId: number; databaseName?: string | null; schemaName?: string | null } | null> {
  if (ds.dataSourceId != null) return { dataSourceId: ds.dataSourceId, databaseName: ds.databaseName, schemaName: ds.schemaName };
  if (ds.dataSourceCollectionId == null) return null;
  const first = (await new AiCollectionRepo(deps.store.db, deps.kv).elements(ds.dataSourceCollectionId))[0];
  return first ? { dataSourceId: first.dataSourceId, databaseName: first.databaseName, schemaName: first.schemaName } : null;
}

export function chatExecutor(deps: AppDeps, req: FastifyRequest, chat: ChatRow): Executor {
  if (chat.source_type === 'EXCEL') return (sql) => excelQuery(deps, req, chat, sql);
  return async (sql) => {
    const place = await placeOf(deps, JSON.parse(chat.dataset_json ?? '{}') as ChatDataset);
    if (!place) return { ok: false, headerList: [], dataList: [], hasMore: false, message: chatMsg(req.ctx.lang, 'NO_TABLES') };
    const user = requireUser(req);
    const record = await requireDataSource(deps, req, place.dataSourceId);
    // The caller's own grants decide (a shared chat runs with the viewer's permissions).
    await permissions(deps).checkScript(req.ctx, record, { sql, statements: () => [sql], databaseName: place.databaseName, schemaName: place.schemaName });
    // The rows go back to the model (the summary step): a column the AI table info excludes must not be read.
    await requireNoExcludedColumns(deps, req, viewerOf(req).organizationId, record, place, [sql]);
    try {
      const [r] = await deps.execution.execute(record, user.id, { sql, ...place, single: true, errorContinue: true, pageSize: CHAT_V2_LIMITS.resultRows }, auditActor(req), undefined, { readOnly: true });
      if (r?.cursorId) deps.execution.closeCursorOf(r.cursorId, user.id);
      if (!r) return { ok: false, headerList: [], dataList: [], hasMore: false, message: 'no result' };
      return { ok: r.success, headerList: r.headerList.map((h) => h.name), dataList: r.dataList, hasMore: r.hasMore, ...(r.success ? {} : { message: r.message }) };
    } catch (e) {
      throw driverFailure(e, req.ctx.lang);
    }
  };
}
