/**
 * Everything a chat request needs from the database before the model is called: the catalog of
 * the bound data source (or of an AI data collection's tables, with their annotations), the
 * schema slice picked by schema linking and fitted to the budget, sample values when privacy
 * allows, the EXPLAIN output and indexes for SQL_OPTIMIZER, the table DDL for table-bound
 * questions, and the hooks that check the model's SQL against that same database.
 */
import {
  analyzeStatement, DEFAULT_TOKEN_BUDGET, pickTablesWithModel, renderSchema, schemaTokenEstimate, tableDdl,
  type Catalog, type CatalogTable, type CheckHooks, type LlmProvider, type PromptContext,
} from '@askdb/ai';
import type { AiPrivacy, ChatInput } from '@askdb/contracts';
import type { Catalog as DriverCatalog } from '@askdb/drivers';
import { dialectFor } from '@askdb/sql';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { DataSourceRecord } from '../../store/data-sources.js';
import { requireDataSource, scopeOf } from '../access.js';
import { permissions } from '../permissions/index.js';
import { AiCollectionRepo, requireCollection } from './ai-collections.js';
import { aiCatalog, driverCatalog, dryRun, engineName, explainText, fillSamples, indexesText, type Location } from './ai-database.js';
import { auditActor } from '../../http/audit-actor.js';
import { aiMsg } from './ai-messages.js';
import { linkValues } from './link-values.js';
import { catalogWithTableInfo, withoutExcludedColumns } from './ai-table-info.js';
import { promptTable, promptView } from './table-info-apply.js';
import { excludedReadProblem } from './table-info-query-check.js';
import { chatKnowledge } from '../knowledge/chat-knowledge.js';

export interface ChatContext {
  prompt: PromptContext;
  /** Check hooks when the chat is bound to a database the SQL can be checked against. */
  hooks?: CheckHooks;
  /** Something the user should know (e.g. the schema could not be read). */
  notice?: string;
}

/** Question types whose answer is SQL for the bound database (so it is worth checking). */
const CHECKED_TYPES = new Set(['NL_2_SQL', 'SQL_DEBUG', 'SQL_OPTIMIZER', 'SQL_PROMPT', 'TEXT_MODIFY_COLUMN', 'CRUD_GENERATION', 'DATA_INSERT']);
const TABLE_BOUND_TYPES = new Set(['TEXT_MODIFY_COLUMN', 'CRUD_GENERATION', 'FILTER_GENERATION', 'DATA_INSERT']);

interface Bound {
  catalog: Catalog;
  dialect: string;
  record?: DataSourceRecord;
  loc?: Location;
  driverCatalog?: DriverCatalog;
}

/**
 * `provider`, when given, makes one cheap extra call for NL_2_SQL questions on a schema larger
 * than the prompt's budget: the model picks the tables from a compact list of the best lexical
 * candidates (pickTablesWithModel); a failed pick leaves the lexical ranking as it was.
 */
export async function buildChatContext(
  deps: AppDeps, req: FastifyRequest, input: ChatInput, privacy: AiPrivacy, signal: AbortSignal, provider?: LlmProvider,
): Promise<ChatContext> {
  const prompt: PromptContext = {
    questionType: input.questionType,
    input: input.input,
    uiLanguage: req.ctx.lang,
    errorMessage: input.errorMessage,
    targetDialect: input.targetDialect,
    history: input.history,
    databaseName: input.databaseName,
    schemaName: input.schemaName,
  };
  let bound: Bound | undefined;
  let notice: string | undefined;
  try {
    if (input.dataSourceCollectionId != null) bound = await collectionContext(deps, req, input.dataSourceCollectionId);
    else if (input.dataSourceId != null) {
      const record = await requireDataSource(deps, req, input.dataSourceId);
      const loc = { databaseName: input.databaseName, schemaName: input.schemaName, actor: auditActor(req) };
      // The AI table info applied: excluded columns are gone from everything below (linking, prompt, samples, index list, SQL check).
      const catalog = await catalogWithTableInfo(deps, scopeOf(req).organizationId, record, loc, await aiCatalog(deps, record, loc));
      bound = { catalog, dialect: engineName(record.input.type), record, loc, driverCatalog: withoutExcludedColumns(await driverCatalog(deps, record, loc), catalog) };
    }
  } catch (e) {
    // Permission errors stop the chat; a database we cannot read only costs the schema.
    if ((e as { statusCode?: number }).statusCode === 403 || (e as { statusCode?: number }).statusCode === 404) throw e;
    notice = aiMsg(req.ctx.lang, 'CHAT_CONTEXT_FAILED', { reason: (e as Error).message.slice(0, 200) });
  }
  // Team knowledge (services/knowledge): the items the question needs go into the prompt; terms it uses and table annotations feed linking.
  const knowledge = await chatKnowledge(deps, req, bound?.record?.id ?? input.dataSourceId ?? null, input.input);
  if (knowledge.text) prompt.knowledge = knowledge.text;
  if (!bound) return { prompt, notice };
  bound.catalog = knowledge.annotate(bound.catalog);
  prompt.dialect = bound.dialect;

  const quote = bound.record ? (n: string) => dialectFor(bound!.record!.input.type).quoteIdentifier(n) : undefined;
  if (privacy !== 'NOTHING') {
    const mentioned = (input.tableList ?? []).map((t) => t.tableName);
    const values = bound.record ? await linkValues(deps, bound.record, bound.loc!, bound.catalog, privacy, signal) : undefined;
    let linked = await deps.linker.link(bound.catalog, knowledge.linkingQuestion, { mentioned, values });
    if (provider && input.questionType === 'NL_2_SQL' && schemaTokenEstimate(bound.catalog) > DEFAULT_TOKEN_BUDGET) {
      linked = (await pickTablesWithModel(provider, linked, input.input, { model: input.model, signal })).linked;
    }
    // AI names (aliases) are written into the comments the model reads (promptView).
    let slice = renderSchema(promptView(bound.catalog, linked), linked, { privacy, quote });
    if (privacy === 'SCHEMA_AND_SAMPLES' && bound.record && slice.tables.length) {
      // Samples go into copies of the chosen tables: the catalog object is shared by every request on this schema.
      const withSamples = { ...bound.catalog, tables: bound.catalog.tables.map((t) => (slice.tables.includes(t.name) ? { ...t, columns: t.columns.map((c) => ({ ...c })) } : t)) };
      const chosen = withSamples.tables.filter((t) => slice.tables.includes(t.name));
      await fillSamples(deps, bound.record, bound.loc!, chosen, signal);
      slice = renderSchema(promptView(withSamples, linked), linked, { privacy, quote });
    }
    prompt.schema = slice.text;

    if (TABLE_BOUND_TYPES.has(input.questionType) && input.tableList?.[0]) {
      const t = findTable(bound.catalog, input.tableList[0].tableName);
      prompt.tableName = input.tableList[0].tableName;
      if (t) prompt.tableDdl = tableDdl(promptTable(t), undefined, privacy === 'SCHEMA_AND_SAMPLES', quote);
    }
    if (input.questionType === 'SQL_OPTIMIZER' && bound.record) {
      const a = analyzeStatement(input.input, dialectFor(bound.record.input.type).splitter);
      const explainable = /^\s*(\(\s*)*(select|with|insert|update|delete)\b/i.test(input.input);
      if (explainable) {
        const plan = await explainText(deps, bound.record, bound.loc!, input.input, signal).catch((e: Error) => ({ ok: false, text: e.message }));
        prompt.explainOutput = plan.ok ? plan.text : `EXPLAIN failed: ${plan.text}`;
      }
      if (bound.driverCatalog) prompt.indexes = indexesText(bound.driverCatalog, a.tables.map((t) => t.name)) || '(no indexes on these tables)';
    }
  }

  let hooks: CheckHooks | undefined;
  if (CHECKED_TYPES.has(input.questionType)) {
    const { record, loc, catalog } = bound;
    hooks = {
      databaseType: record?.input.type,
      lookupTable: (name) => findTable(catalog, name)?.columns.map((c) => c.name),
      // A statement reading a column the AI table info excludes (by name or through *) is sent back to the model to fix.
      ...(record ? { dryRun: async (sql: string, s?: AbortSignal) => (await excludedReadProblem(deps, scopeOf(req).organizationId, record, loc!, sql)) ?? dryRun(deps, record, loc!, sql, s ?? signal) } : {}),
    };
  }
  return { prompt, hooks, notice };
}

export function findTable(catalog: Catalog, name: string): CatalogTable | undefined {
  const lower = name.toLowerCase();
  const last = lower.split('.').pop()!;
  return catalog.tables.find((t) => t.name.toLowerCase() === lower) ?? catalog.tables.find((t) => t.name.toLowerCase().split('.').pop() === last);
}

/** The tables and views of an AI data collection, with annotations and AI table info (the collection's over the source's); qualified when they come from several places. */
async function collectionContext(deps: AppDeps, req: FastifyRequest, id: number): Promise<Bound> {
  const repo = new AiCollectionRepo(deps.store.db, deps.kv);
  await requireCollection(deps, repo, req, id);
  const elements = await repo.elements(id);
  const groups = new Map<string, typeof elements>();
  for (const e of elements) {
    const k = [e.dataSourceId, e.databaseName ?? '', e.schemaName ?? ''].join('\u0000');
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  const several = groups.size > 1;
  const tables: CatalogTable[] = [];
  const engines = new Set<string>();
  let only: { record: DataSourceRecord; loc: Location } | undefined;
  for (const list of groups.values()) {
    const first = list[0]!;
    const record = await requireDataSource(deps, req, first.dataSourceId);
    // A team member's grants must cover each table whole (its structure and samples go to the model).
    const perms = permissions(deps);
    for (const e of list) await perms.requireBrowse(req.ctx, record, perms.placeOf(record, { ...first, tableName: e.tableName }), 'wholeTable');
    const loc = { databaseName: first.databaseName, schemaName: first.schemaName, actor: auditActor(req) };
    engines.add(engineName(record.input.type));
    const catalog = await catalogWithTableInfo(deps, scopeOf(req).organizationId, record, loc, await aiCatalog(deps, record, loc), id);
    for (const e of list) {
      const t = findTable(catalog, e.tableName);
      if (!t) continue;
      const prefix = several ? [first.databaseName, first.schemaName].filter(Boolean).join('.') : '';
      tables.push({ ...t, name: prefix ? `${prefix}.${t.name}` : t.name, ...(e.annotation ? { annotation: e.annotation } : {}) });
    }
    if (!several) only = { record, loc };
  }
  return { catalog: { tables }, dialect: [...engines].join(' / ') || 'standard SQL', record: only?.record, loc: only?.loc };
}
