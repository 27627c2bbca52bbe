/**
 * The AI routes (API.md "AI"): the chat stream, the model list, the AI settings and schema linking.
 *
 * Chat: `text/event-stream`, each message `data: {"content":"…"}`; reasoning as
 * `data: {"thinking":"…"}`; the SQL check as `data: {"checks":[…],"round":n}`; errors as
 * `data: {"errorCode","errorMessage"}`; always `data: [DONE]` last. The client going away aborts
 * the upstream model request.
 */
import { AiConfigInput, ChatInput, ERROR_CODES, SchemaLinkInput, type Language } from '@askdb/contracts';
import {
  AiError, answerLanguage, buildPrompt, checkedAnswer, createProvider, isAbortError, sseMessage,
  type CheckReport, type LlmProvider,
} from '@askdb/ai';
import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { requireUser } from '../http/context.js';
import { requireDataSource } from '../services/access.js';
import { AiConfigService, AiKeyRetypeNeeded, DEFAULT_PRIVACY, isConfigured, type StoredAiConfig } from '../services/ai/ai-config.js';
import { linkQuestion } from '../services/ai/schema-link-request.js';
import { aiMsg } from '../services/ai/ai-messages.js';
import { testAiSettings } from '../services/ai/ai-test.js';
import { buildChatContext } from '../services/ai/chat-context.js';
import { aiProviderFor, managedModelAvailable, managedModelName } from '../services/commerce/managed-ai.js';
import { permissions } from '../services/permissions/index.js';
import { assertManagedAiAllowed } from '../services/licence/index.js';
import { aiKeyRetype } from '../services/secret-rule.js';

const MODEL_LIST_TIMEOUT_MS = 5_000;
/** Sources with the vendor's host and model built in: a key is all they need. */
const VENDOR_SOURCES: readonly string[] = ['ZHIPUAI', 'BAICHUANAI', 'WENXINAI'];

/** The per-statement check results in the shape the chat UI reads. */
export function checksPayload(report: CheckReport) {
  return report.statements.map((s, index) => {
    const problems = report.problems.filter((p) => p.statement === index);
    return {
      index,
      sql: s.sql,
      kind: s.kind,
      changesData: s.changesData,
      changesStructure: s.changesStructure,
      unknownTables: problems.filter((p) => p.kind === 'UNKNOWN_TABLE').map((p) => p.name!),
      unknownColumns: problems.filter((p) => p.kind === 'UNKNOWN_COLUMN').map((p) => p.name!),
      ...(problems.find((p) => p.kind === 'DRY_RUN_FAILED') ? { explainError: problems.find((p) => p.kind === 'DRY_RUN_FAILED')!.error } : {}),
      ...(s.dryRunPassed ? { dryRunPassed: true } : {}),
    };
  });
}

function sseWriter(out: ServerResponse) {
  return (payload: unknown) => {
    if (!out.destroyed && !out.writableEnded) out.write(sseMessage(payload));
  };
}

const ai: RouteModule = (app, deps) => {
  const settings = new AiConfigService(deps.kv, deps.secrets);
  const serverMode = deps.config.mode === 'server';
  const canEdit = (req: FastifyRequest) => requireUser(req).isAdmin;

  const notConfigured = (stored: StoredAiConfig | null, req: FastifyRequest) =>
    new AiError('AI_NOT_CONFIGURED', (serverMode || stored?.adminManaged) && !canEdit(req) ? 'notConfiguredAdmin' : 'notConfigured');

  const providerFor = (stored: StoredAiConfig | null, req: FastifyRequest): LlmProvider => {
    if (!isConfigured(stored)) throw notConfigured(stored, req);
    return createProvider(settings.providerConfig(stored!));
  };

  defineRoute(
    app,
    { access: 'signedIn', method: 'POST', url: '/api/v2/ai/chat', summary: 'Chat with the AI (server-sent events)', tag: 'ai', body: ChatInput, raw: { contentType: 'text/event-stream' } },
    async ({ body }, req, reply) => {
      const lang: Language = req.ctx.lang;
      const stored = await settings.get(req.ctx.organizationId);
      const privacy = stored?.privacy ?? DEFAULT_PRIVACY;
      // A data source the caller may not use answers 404/403 before the stream opens, like every other route.
      if (body.dataSourceId != null) {
        const record = await requireDataSource(deps, req, body.dataSourceId);
        // The chat reads the schema's structure (and samples): a member needs a grant on the whole schema.
        const perms = permissions(deps);
        await perms.requireBrowse(req.ctx, record, perms.placeOf(record, body), 'wholeSchema');
      }
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      const send = sseWriter(out);
      const abort = new AbortController();
      out.on('close', () => {
        if (!out.writableFinished) abort.abort();
      });
      try {
        // An offline-activated device cannot use the managed AI (spec 02 §6); its own key works.
        await assertManagedAiAllowed(deps, stored?.aiSqlSource, lang);
        // Own key: uncounted; the managed model: one AI use counted first (FREE_TRIAL_USAGE_LIMIT ends the stream).
        const chosen = await aiProviderFor(deps, req.ctx.organizationId, stored, body.questionType, lang);
        if (!chosen) throw notConfigured(stored, req);
        const provider = chosen.provider;
        const ctx = await buildChatContext(deps, req, body, privacy, abort.signal, provider);
        if (ctx.notice) send({ content: `> ${ctx.notice}\n\n` });
        const messages = buildPrompt(ctx.prompt);
        const language = answerLanguage(body.input, lang, false);
        const events = checkedAnswer({
          provider,
          request: { model: chosen.managed ? (managedModelName(deps) ?? body.model) : body.model, messages },
          hooks: ctx.hooks ?? {},
          check: !!ctx.hooks,
          correct: privacy !== 'NOTHING',
          language,
          signal: abort.signal,
        });
        for await (const ev of events) {
          if (abort.signal.aborted) break;
          if (ev.type === 'content') send({ content: ev.text });
          else if (ev.type === 'thinking') send({ thinking: ev.text });
          else if (ev.type === 'retry') send({ content: `\n\n> ${ev.notice.replace(/\n/g, '\n> ')}\n\n` });
          else send({ checks: checksPayload(ev.report), round: ev.round });
        }
      } catch (e) {
        if (abort.signal.aborted || isAbortError(e)) {
          /* the user stopped: the upstream request is already cancelled */
        } else if (e instanceof AiError) {
          req.log.warn({ aiError: e.code, status: e.status }, 'ai chat: provider error');
          send({ errorCode: e.code, errorMessage: e.localized(lang), ...(e.detail ? { errorDetail: e.detail } : {}) });
        } else if (e instanceof AppError) {
          send({ errorCode: e.errorCode, errorMessage: e.message });
        } else {
          req.log.error({ err: e }, 'ai chat failed');
          send({ errorCode: 'AI_SERVICE_ERROR', errorMessage: new AiError('AI_SERVICE_ERROR', 'serviceError').localized(lang) });
        }
      }
      send('[DONE]');
      out.end();
    },
  );

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/v2/ai/model/list', summary: 'Models of the configured AI source', tag: 'ai' }, async (_i, req) => {
    const stored = await settings.get(req.ctx.organizationId);
    if (!isConfigured(stored)) {
      const managed = managedModelName(deps);
      return managed && (await managedModelAvailable(deps, req.ctx.organizationId, stored)) ? [{ displayName: managed, modelName: managed, isDefault: true }] : [];
    }
    const preferred = stored!.model || stored!.deployment;
    let names: string[] = preferred ? [preferred] : [];
    try {
      const provider = providerFor(stored, req);
      if (provider.listModels) names = [...names, ...(await provider.listModels(AbortSignal.timeout(MODEL_LIST_TIMEOUT_MS))).sort()];
    } catch (e) {
      // The configured model is still usable when the endpoint cannot list its models.
      req.log.debug({ aiError: (e as AiError).code }, 'ai model list unavailable');
    }
    const unique = [...new Set(names)].slice(0, 200);
    return unique.map((name, i) => ({ displayName: name, modelName: name, isDefault: preferred ? name === preferred : i === 0 }));
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/config/system_config/ai', summary: 'The AI settings (never the key)', tag: 'ai' }, async (_i, req) => {
    const stored = await settings.get(req.ctx.organizationId);
    const shown = settings.toPublic(stored, canEdit(req), serverMode);
    // The deployment's managed model answers for an organisation without a key of its own: configured,
    // source ASKDB, its model's name; never its address or key.
    if (await managedModelAvailable(deps, req.ctx.organizationId, stored)) {
      return { ...shown, aiSqlSource: 'ASKDB' as const, apiHost: null, model: managedModelName(deps), deployment: null, apiVersion: null, apiKeyConfigured: false, configured: true };
    }
    return shown;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/config/system_config/ai', summary: 'Change the AI settings (the key is stored encrypted)', tag: 'ai', body: AiConfigInput }, async ({ body }, req) => {
    if (!canEdit(req)) throw new AppError(403, ERROR_CODES.NO_DATA_ACCESS_PERMISSION, aiMsg(req.ctx.lang, 'SETTINGS_ADMIN_ONLY'));
    if (body.aiSqlSource !== 'ASKDB') {
      // Reject what could never work (bad URL, Azure without a deployment) before storing it.
      try {
        createProvider({ source: body.aiSqlSource, apiHost: body.apiHost?.trim() || undefined, model: body.model, deployment: body.deployment, apiVersion: body.apiVersion, stream: body.stream });
      } catch (e) {
        if (e instanceof AiError) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, aiMsg(req.ctx.lang, 'SETTINGS_INVALID', { reason: e.localized(req.ctx.lang) }));
        throw e;
      }
    }
    // A vendor source (Zhipu, Baichuan, Wenxin) has its host and model built in but needs a key:
    // refused here rather than saved and then answered with "not configured".
    if (VENDOR_SOURCES.includes(body.aiSqlSource) && !(body.apiKey ?? '').trim() && (body.apiKey === '' || !(await settings.get(req.ctx.organizationId))?.apiKeyEnc)) {
      const reason = new AiError('AI_NOT_CONFIGURED', 'missingSetting', { params: { field: 'apiKey' } }).localized(req.ctx.lang);
      throw new AppError(400, ERROR_CODES.INVALID_PARAMS, aiMsg(req.ctx.lang, 'SETTINGS_INVALID', { reason }));
    }
    try {
      return settings.toPublic(await settings.save(body, req.ctx.organizationId), true, serverMode);
    } catch (e) {
      if (e instanceof AiKeyRetypeNeeded) throw aiKeyRetype(req.ctx.lang);
      throw e;
    }
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/config/system_config/ai/test', summary: 'Test the AI settings of the form with one small request', tag: 'ai', body: AiConfigInput }, async ({ body }, req) => {
    if (!canEdit(req)) throw new AppError(403, ERROR_CODES.NO_DATA_ACCESS_PERMISSION, aiMsg(req.ctx.lang, 'SETTINGS_ADMIN_ONLY'));
    return testAiSettings(body, await settings.get(req.ctx.organizationId), settings, req.ctx.lang);
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/ai/schema_link', summary: 'Rank the tables and columns a question needs', tag: 'ai', body: SchemaLinkInput }, async ({ body }, req) => {
    return linkQuestion(deps, req, settings, { ...body, limit: body.limit ?? 10 });
  });
};
export default ai;
