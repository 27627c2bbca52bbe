/**
 * AI chart (issue 16 point 3): a question over the dashboard's AI dataset → the assistant's schema
 * linking and SQL generation (the chat's context builder and its checked answer: parsed, dry run,
 * one repair round) → the query run read-only and bounded as the viewer → the model picks the chart
 * type and field mapping as JSON, checked against the result's columns. Nothing is saved: the web
 * shows the proposal for the user to accept. When the SQL cannot be made to work the answer is
 * spec 02 §8's "Sorry, AI failed to generate the report, please re-enter"; when no chart fits,
 * "No chart matched, please retry".
 */
import type { FastifyRequest } from 'fastify';
import { CHART_TYPES, ChartSettings, DASHBOARD_ERROR_CODES, ERROR_CODES, type ChartAiProposal, type ChartResult, type ChartType } from '@askdb/contracts';
import { AiError, buildPrompt, checkedAnswer, createProvider, extractSqlBlocks, type CheckReport, type LlmProvider } from '@askdb/ai';
import type { AppDeps } from '../../deps.js';
import type { DashboardRecord } from '../../store/dashboards.js';
import { AppError } from '../../http/errors.js';
import { auditActor } from '../../http/audit-actor.js';
import { AiConfigService, DEFAULT_PRIVACY, isConfigured } from '../ai/ai-config.js';
import { AiCollectionRepo } from '../ai/ai-collections.js';
import { buildChatContext } from '../ai/chat-context.js';
import { requireNoExcludedColumns } from '../ai/table-info-query-check.js';
import { viewerOf } from '../access.js';
import { chartSource } from './dashboards.js';
import { runChartQuery } from './chart-query.js';
import { dashMsg } from './messages.js';

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const fail = (req: FastifyRequest, key: 'NO_CHART_MATCHED' | 'AI_REPORT_FAILED', detail?: string) =>
  new AppError(200, DASHBOARD_ERROR_CODES.NO_CHART_MATCHED, dashMsg(req.ctx.lang, key), detail);

/** The last SELECT of the checked answer, when its check passed. */
export function pickSql(answer: string, report: CheckReport | null): string | null {
  if (!report || report.problems.length) return null;
  const blocks = extractSqlBlocks(answer).map((b) => b.sql.trim().replace(/;\s*$/, '')).filter((s) => /^\s*(\(\s*)*(select|with)\b/i.test(s));
  return blocks.at(-1) ?? null;
}

/** The model's JSON chart choice, checked against the result: a known type, fields that exist, numbers where numbers go. */
export function parseChartChoice(text: string, result: Pick<ChartResult, 'headerList' | 'dataList'>): { type: ChartType; name: string; settings: ChartSettings } | null {
  const m = /\{[\s\S]*\}/.exec(text);
  if (!m) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(m[0]) as Record<string, unknown>;
  } catch {
    return null;
  }
  const type = String(raw.type ?? '').toUpperCase() as ChartType;
  if (!CHART_TYPES.includes(type)) return null;
  const names = result.headerList.map((h) => h.name);
  const field = (v: unknown) => (typeof v === 'string' && names.includes(v) ? v : undefined);
  const numeric = (f: string | undefined) => {
    if (!f) return false;
    const i = names.indexOf(f);
    const values = result.dataList.map((r) => r[i]).filter((v): v is string => v != null);
    return values.length > 0 && values.every((v) => NUMBER.test(v));
  };
  const ys = (Array.isArray(raw.yFields) ? raw.yFields : raw.yField ? [raw.yField] : []).map(field).filter((f): f is string => !!f);
  const parsed = ChartSettings.safeParse({
    xField: field(raw.xField), ySeries: ys.map((f, k) => ({ field: f, axis: type === 'COMBO' && k > 0 ? 'right' : 'left', kind: type === 'COMBO' && k > 0 ? 'line' : 'bar' })),
    angleField: field(raw.angleField), groupField: field(raw.groupField), textField: field(raw.textField), valueField: field(raw.valueField), binField: field(raw.binField),
  });
  if (!parsed.success) return null;
  const s = parsed.data;
  const needs: Record<string, boolean> = {
    PIE: !!s.groupField && numeric(s.angleField), RING_PIE: !!s.groupField && numeric(s.angleField), ROSE_PIE: !!s.groupField && numeric(s.angleField), FUNNEL: !!s.groupField && numeric(s.angleField),
    SCATTER: numeric(s.xField) && ys.length > 0 && ys.every(numeric), HISTOGRAM: numeric(s.binField), WORD_CLOUD: !!s.textField && numeric(s.valueField),
    STATISTIC: numeric(s.valueField), TABLE: true,
  };
  const ok = type in needs ? needs[type]! : !!s.xField && ys.length > 0 && ys.every(numeric);
  if (!ok) return null;
  return { type, name: typeof raw.name === 'string' && raw.name.trim() ? raw.name.trim().slice(0, 255) : '', settings: s };
}

function choicePrompt(question: string, sql: string, result: ChartResult): string {
  const cols = result.headerList.map((h, i) => `${h.name} (${result.dataList.some((r) => r[i] != null && !NUMBER.test(r[i]!)) ? 'text' : 'number'})`).join(', ');
  const sample = result.dataList.slice(0, 5).map((r) => r.join(' | ')).join('\n');
  return [
    `Question: ${question}`, `SQL: ${sql}`, `Columns: ${cols}`, `First rows:\n${sample}`,
    `Pick the best chart. Types: ${CHART_TYPES.join(', ')}.`,
    'Reply with one JSON object only: {"type": "...", "name": "short title", "xField": "...", "yFields": ["..."], "groupField": "...", "angleField": "...", "textField": "...", "valueField": "...", "binField": "..."}.',
    'Axis charts use xField and yFields (numbers); PIE/RING_PIE/ROSE_PIE/FUNNEL use groupField and angleField (number); WORD_CLOUD textField and valueField; STATISTIC valueField; HISTOGRAM binField. Leave out fields the type does not use.',
  ].join('\n\n');
}

async function collect(provider: LlmProvider, model: string | undefined, content: string, signal: AbortSignal): Promise<string> {
  let text = '';
  for await (const d of provider.stream({ model, messages: [{ role: 'user', content }] }, signal)) if (d.type === 'content') text += d.text;
  return text;
}

export async function proposeAiChart(deps: AppDeps, req: FastifyRequest, d: DashboardRecord, question: string): Promise<ChartAiProposal> {
  const lang = req.ctx.lang;
  if (!question.trim()) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, dashMsg(lang, 'QUESTION_REQUIRED'));
  const settings = new AiConfigService(deps.kv, deps.secrets);
  const stored = await settings.get(req.ctx.organizationId);
  if (!isConfigured(stored)) throw new AppError(400, 'AI_NOT_CONFIGURED', new AiError('AI_NOT_CONFIGURED', 'notConfigured').localized(lang));
  const provider = createProvider(settings.providerConfig(stored!));
  const model = stored!.model || stored!.deployment || undefined;
  const signal = AbortSignal.timeout(120_000);

  // Where the SQL runs: the dashboard's data source, or the single data source of its collection.
  let place = { dataSourceId: d.dataset.dataSourceId ?? null, databaseName: d.dataset.databaseName ?? null, schemaName: d.dataset.schemaName ?? null };
  if (d.dataset.collectionId != null) {
    const elements = await new AiCollectionRepo(deps.store.db, deps.kv).elements(d.dataset.collectionId);
    const first = elements[0];
    if (!first) throw fail(req, 'AI_REPORT_FAILED');
    place = { dataSourceId: first.dataSourceId, databaseName: first.databaseName ?? null, schemaName: first.schemaName ?? null };
  }
  const record = await chartSource(deps, req.ctx, place.dataSourceId);
  const input = {
    questionType: 'NL_2_SQL' as const, input: question,
    ...(d.dataset.collectionId != null ? { dataSourceCollectionId: d.dataset.collectionId } : { dataSourceId: record.id, databaseName: place.databaseName, schemaName: place.schemaName }),
  };
  try {
    const ctx = await buildChatContext(deps, req, input, stored!.privacy ?? DEFAULT_PRIVACY, signal, provider);
    let answer = '';
    let report: CheckReport | null = null;
    for await (const ev of checkedAnswer({ provider, request: { model, messages: buildPrompt(ctx.prompt) }, hooks: ctx.hooks ?? { databaseType: record.input.type }, language: lang, signal })) {
      if (ev.type === 'content') answer += ev.text;
      else if (ev.type === 'retry') answer = '';
      else if (ev.type === 'check') report = ev.report;
    }
    const sql = pickSql(answer, report);
    if (!sql) throw fail(req, 'AI_REPORT_FAILED');
    let result: ChartResult;
    // The rows go back to the model (the chart choice): a column the AI table info excludes must not be read.
    await requireNoExcludedColumns(deps, req, viewerOf(req).organizationId, record, place, [sql]);
    try {
      result = await runChartQuery(deps, req.ctx, record, sql, place, auditActor(req));
    } catch (e) {
      if (e instanceof AppError && e.statusCode === 403) throw e;
      throw fail(req, 'AI_REPORT_FAILED', (e as Error).message);
    }
    if (!result.dataList.length) throw fail(req, 'NO_CHART_MATCHED');
    const choice = parseChartChoice(await collect(provider, model, choicePrompt(question, sql, result), signal), result);
    if (!choice) throw fail(req, 'NO_CHART_MATCHED');
    return { name: choice.name || question.slice(0, 60), type: choice.type, sql, settings: choice.settings, dataSourceId: record.id, databaseName: place.databaseName, schemaName: place.schemaName, result };
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (e instanceof AiError) throw new AppError(200, e.code, dashMsg(lang, 'AI_ABNORMAL'), e.localized(lang));
    throw new AppError(200, 'AI_SERVICE_ERROR', dashMsg(lang, 'AI_ABNORMAL'), (e as Error).message);
  }
}
