/**
 * Asking a named chat and the answer's life: the Excel/CSV upload for a new chat (multipart, one
 * file, previewed for the header wizard), ask and retry (server-sent events: `{"answerId"}` first,
 * then `{"answerId","part"}` each time a part changes, by step index; `[DONE]` last), and feedback.
 */
import multipart from '@fastify/multipart';
import { sseMessage } from '@askdb/ai';
import { AnswerFeedbackInput, AnswerPartUpdateInput, AnswerRetryInput, ChatAskInput, ERROR_CODES, type AnswerPart } from '@askdb/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { requireUser } from '../http/context.js';
import { scopeOf } from '../services/access.js';
import { ChatV2Repo, type AnswerRow, type ChatRow } from '../store/chats-v2.js';
import { answerView, excelOf, requireChat } from '../services/chats/chat-access.js';
import { initialParts, readOnlySql, runAnswer } from '../services/chats/answer-steps.js';
import { previewUpload, receiveUpload } from '../services/chats/excel-upload.js';
import { chatMsg } from '../services/chats/messages.js';

const ANSWER_TIMEOUT_MS = 5 * 60_000;

/** Runs the steps, streaming each part; the answer goes on to the end even if the client leaves. */
async function streamAnswer(deps: AppDeps, repo: ChatV2Repo, req: FastifyRequest, reply: FastifyReply, chat: ChatRow, answer: AnswerRow, from: number, model?: string) {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', 'x-content-type-options': 'nosniff' });
  const send = (payload: unknown) => {
    if (!out.destroyed && !out.writableEnded) out.write(sseMessage(payload));
  };
  send({ answerId: answer.id });
  try {
    await runAnswer({ deps, req, repo, chat, answer, model, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS), emit: (part: AnswerPart) => send({ answerId: answer.id, part }), refused: send }, from);
  } catch (e) {
    req.log.error({ err: e }, 'chat answer failed');
    send({ errorCode: ERROR_CODES.INTERNAL_ERROR, errorMessage: (e as Error).message?.split('\n')[0] ?? 'Error' });
  }
  send('[DONE]');
  out.end();
}

const aiChatAnswers: RouteModule = async (app, deps) => {
  const repo = new ChatV2Repo(deps.store.db);

  async function answerOf(req: FastifyRequest, answerId: number, need: 'read' | 'edit') {
    const answer = await repo.answer(answerId);
    if (!answer) throw new AppError(404, ERROR_CODES.NOT_FOUND, chatMsg(req.ctx.lang, 'ANSWER_NOT_FOUND', { id: answerId }));
    const { chat } = await requireChat(repo, req, answer.chat_id, need);
    return { chat, answer };
  }

  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    defineRoute(scope, { access: 'signedIn', method: 'POST', url: '/api/ai/chat/excel', summary: 'Upload one xlsx/xls/csv file for a new chat; answers its first rows for the header wizard', tag: 'ai-chat' }, async (_i, req) => {
      const saved = await receiveUpload(deps, req, scopeOf(req));
      try {
        return await previewUpload(req.ctx.lang, saved);
      } catch (e) {
        await saved.discard();
        throw e;
      }
    });
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/ai/chat/ask', summary: 'Ask a named chat; the answer streams in parts (server-sent events)', tag: 'ai-chat', body: ChatAskInput, raw: { contentType: 'text/event-stream' } }, async ({ body }, req, reply) => {
    const { chat } = await requireChat(repo, req, body.chatId, 'edit');
    if (chat.source_type === 'EXCEL') {
      const excel = excelOf(chat);
      if (excel?.status === 'FAIL') throw new AppError(409, ERROR_CODES.CONFLICT, excel.error ?? chatMsg(req.ctx.lang, 'LOAD_FAILED', { reason: '' }));
      if (excel?.status !== 'READY') throw new AppError(409, ERROR_CODES.CONFLICT, chatMsg(req.ctx.lang, 'NOT_LOADED', { progress: excel?.progress ?? 0 }));
    }
    const id = await repo.addAnswer({ chatId: chat.id, askedBy: requireUser(req).id, question: body.question, magic: body.magic ?? null, parts: initialParts() });
    await streamAnswer(deps, repo, req, reply, chat, (await repo.answer(id))!, 0, body.model);
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/ai/chat/answer/retry', summary: 'Run an answer again from a failed step (server-sent events)', tag: 'ai-chat', body: AnswerRetryInput, raw: { contentType: 'text/event-stream' } }, async ({ body }, req, reply) => {
    const { chat, answer } = await answerOf(req, body.answerId, 'edit');
    const parts = JSON.parse(answer.parts_json) as AnswerPart[];
    // Only a part that failed (or was skipped after one) runs again; a step needs the ones before it.
    if (!['FAIL', 'SKIPPED', 'WAITING'].includes(parts[body.step]?.status ?? '') || parts.slice(0, body.step).some((p) => p.status === 'FAIL')) {
      throw new AppError(409, ERROR_CODES.CONFLICT, chatMsg(req.ctx.lang, 'STEP_NOT_RETRIABLE', { step: body.step }));
    }
    await streamAnswer(deps, repo, req, reply, chat, answer, body.step);
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/ai/parts/answer/update', summary: "Replace an answer's SQL part by hand (read-only SQL); run it with a retry from step 2", tag: 'ai-chat', body: AnswerPartUpdateInput }, async ({ body }, req) => {
    const { chat, answer } = await answerOf(req, body.answerId, 'edit');
    const sql = await readOnlySql(deps, req, chat, body.content);
    const parts = await repo.updateParts(answer.id, (ps) => ps.map((p) => (p.step === 1 ? { step: 1, partType: 'SQL', status: 'SUCCESS', content: sql } : p.step > 1 ? { step: p.step, partType: p.partType, status: 'WAITING' } : p)));
    return answerView((await repo.answer(answer.id))!, parts ?? undefined);
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/ai/chat/answer/feedback', summary: 'Helpful or not, with a reason', tag: 'ai-chat', body: AnswerFeedbackInput }, async ({ body }, req) => {
    const { answer } = await answerOf(req, body.answerId, 'read');
    await repo.feedback(answer.id, requireUser(req).id, body.helpful, body.reason || null);
    return answerView((await repo.answer(answer.id))!).feedback;
  });
};
export default aiChatAnswers;
