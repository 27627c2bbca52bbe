/**
 * Named AI chats (API.md "Dashboards, AI chats, …"): list (20 a page), get (answers 5 a page),
 * brief, create (over a dataset or an uploaded file), update, delete, share and the share link.
 * A member a chat is shared with sees the answers' results re-run with their own data permissions.
 */
import crypto from 'node:crypto';
import {
  ChatBriefV2Query, ChatCreateInput, ChatIdQuery, ChatShareInput, ChatShareResolveQuery, ChatUpdateInput, ChatV2GetQuery, ChatV2ListQuery,
  ERROR_CODES, type AnswerPart, type ChatV2Detail,
} from '@askdb/contracts';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { requireDataSource, scopeOf } from '../services/access.js';
import { AiCollectionRepo, requireCollection } from '../services/ai/ai-collections.js';
import { ChatV2Repo, type AnswerRow, type ChatRow } from '../store/chats-v2.js';
import { accessOf, answerView, chatView, requireChat } from '../services/chats/chat-access.js';
import { chatExecutor } from '../services/chats/chat-data.js';
import { pickChart } from '../services/chats/chart.js';
import { reasonOf } from '../services/chats/answer-steps.js';
import { findUpload } from '../services/chats/excel-upload.js';
import { initialExcel, removeChatData, startExcelLoad } from '../services/chats/excel-chat.js';
import { chatMsg } from '../services/chats/messages.js';
import { filesOf } from '../services/files/index.js';

const aiChatsV2: RouteModule = (app, deps) => {
  const repo = new ChatV2Repo(deps.store.db);

  /** A viewer's copy of an answer: its SQL re-run as them; the summary hidden when they may not see the result. */
  async function asViewer(req: FastifyRequest, chat: ChatRow, row: AnswerRow): Promise<AnswerPart[]> {
    const parts = JSON.parse(row.parts_json) as AnswerPart[];
    const sql = parts[1]?.status === 'SUCCESS' ? parts[1].content : undefined;
    if (!sql || !parts[2]) return parts;
    let ok = false;
    try {
      const r = await chatExecutor(deps, req, chat)(sql);
      ok = r.ok;
      parts[2] = r.ok
        ? { ...parts[2], status: 'SUCCESS', headerList: r.headerList, dataList: r.dataList, hasMore: r.hasMore, error: undefined }
        : { step: 2, partType: 'RESULT', status: 'FAIL', error: r.message ?? 'Error' };
    } catch (e) {
      parts[2] = { step: 2, partType: 'RESULT', status: 'FAIL', error: reasonOf(e, req.ctx.lang) };
    }
    if (parts[3]?.status === 'SUCCESS') {
      const chart = ok ? pickChart(row.question, parts[2].headerList ?? [], parts[2].dataList ?? []) : null;
      parts[3] = chart ? { ...parts[3], chart } : { step: 3, partType: 'CHART', status: 'SKIPPED', error: chatMsg(req.ctx.lang, 'NO_CHART') };
    }
    if (!ok && parts[4]?.status === 'SUCCESS') parts[4] = { step: 4, partType: 'SUMMARY', status: 'SKIPPED', error: chatMsg(req.ctx.lang, 'RERUN_HIDDEN') };
    return parts;
  }

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/v2/ai/chat/list', summary: 'Named chats (own and shared), newest first, 20 a page', tag: 'ai-chat', query: ChatV2ListQuery }, async ({ query }, req) => {
    const scope = scopeOf(req);
    const { rows, total } = await repo.list({ ...scope, ...query });
    return {
      data: rows.map((r) => chatView(r, accessOf(r, scope.userId, scope.organizationId)!)),
      pageNo: query.pageNo, pageSize: query.pageSize, total, hasNextPage: query.pageNo * query.pageSize < total,
    };
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/v2/ai/chat/get', summary: 'A named chat with its answers, newest first, 5 a page', tag: 'ai-chat', query: ChatV2GetQuery }, async ({ query }, req): Promise<ChatV2Detail> => {
    const { chat, access } = await requireChat(repo, req, query.id, 'read');
    const { rows, total } = await repo.answers(chat.id, query.pageNo, query.pageSize);
    const data = [];
    for (const row of rows) data.push(answerView(row, access === 'OWNER' ? undefined : await asViewer(req, chat, row)));
    return { ...chatView(chat, access), chatDetails: { data, pageNo: query.pageNo, pageSize: query.pageSize, total, hasNextPage: query.pageNo * query.pageSize < total } };
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/v2/ai/chat/getChatBrief', summary: 'A named chat without its answers (by id, or the newest over a data source)', tag: 'ai-chat', query: ChatBriefV2Query }, async ({ query }, req) => {
    if (query.id != null) {
      const { chat, access } = await requireChat(repo, req, query.id, 'read');
      return chatView(chat, access);
    }
    if (query.dataSourceId == null) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, 'Invalid query: id or dataSourceId is required');
    const scope = scopeOf(req);
    const chat = await repo.latestOver(scope.organizationId, scope.userId, query.dataSourceId);
    if (chat) return chatView(chat, 'OWNER');
    // Spec 01 §7: the brief by data source is a chat — the first one over it is made here (issue 29 item 21).
    const ds = await requireDataSource(deps, req, query.dataSourceId);
    const made = await repo.create({ ...scope, ownerId: scope.userId, name: ds.input.alias.slice(0, 100), description: undefined, sourceType: 'DATABASE', dataset: { dataSourceId: query.dataSourceId } });
    return chatView((await repo.find(made))!, 'OWNER');
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/ai/chat/create', summary: 'Create a named chat over a dataset or an uploaded Excel/CSV file', tag: 'ai-chat', body: ChatCreateInput }, async ({ body }, req) => {
    const owner = scopeOf(req);
    const user = { id: owner.userId };
    if (body.sourceType === 'DATABASE') {
      const ds = body.dataset!;
      if (ds.dataSourceCollectionId != null) await requireCollection(deps, new AiCollectionRepo(deps.store.db, deps.kv), req, ds.dataSourceCollectionId);
      else await requireDataSource(deps, req, ds.dataSourceId!);
      const id = await repo.create({ ...owner, ownerId: user.id, name: body.name, description: body.description, sourceType: 'DATABASE', dataset: ds });
      return chatView((await repo.find(id))!, 'OWNER');
    }
    const upload = await findUpload(deps, body.uploadId!, owner);
    if (!upload) throw new AppError(404, ERROR_CODES.NOT_FOUND, chatMsg(req.ctx.lang, 'UPLOAD_NOT_FOUND'));
    const id = await repo.create({ ...owner, ownerId: user.id, name: body.name, description: body.description, sourceType: 'EXCEL', excel: initialExcel(upload.meta, upload.record.id, body.header) });
    // The upload becomes the chat's (kept while the chat lives); a second create with the same upload finds it taken.
    if (!(await filesOf(deps).claim(upload.record.id, 'chat-upload', 'chat', id))) {
      await repo.softDelete(id);
      throw new AppError(404, ERROR_CODES.NOT_FOUND, chatMsg(req.ctx.lang, 'UPLOAD_NOT_FOUND'));
    }
    void startExcelLoad({ deps, repo, chatId: id, upload: upload.record, meta: upload.meta, header: body.header, lang: req.ctx.lang, log: req.log });
    return chatView((await repo.find(id))!, 'OWNER');
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/ai/chat/update', summary: 'Rename a chat or change its description', tag: 'ai-chat', body: ChatUpdateInput }, async ({ body }, req) => {
    const { chat, access } = await requireChat(repo, req, body.id, 'edit');
    await repo.update(chat.id, { name: body.name, description: body.description });
    return chatView((await repo.find(chat.id))!, access);
  });

  defineRoute(app, { access: 'signedIn', method: 'DELETE', url: '/api/ai/chat/delete', summary: 'Delete a chat (its share link then says so)', tag: 'ai-chat', query: ChatIdQuery }, async ({ query }, req) => {
    const { chat } = await requireChat(repo, req, query.id, 'owner');
    await repo.softDelete(chat.id);
    if (chat.source_type === 'EXCEL') await removeChatData(deps, chat.id);
    return true;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/ai/chat/share', summary: 'Share a chat with all members or the listed collaborators, view only or edit', tag: 'ai-chat', body: ChatShareInput }, async ({ body }, req) => {
    const { chat } = await requireChat(repo, req, body.id, 'owner');
    const token = chat.share_token ?? crypto.randomBytes(18).toString('base64url');
    await repo.share(chat.id, { scope: body.scope, permission: body.permission, token, collaboratorIds: body.scope === 'COLLABORATORS' ? body.collaboratorIds : [] });
    return { token, link: `/chat?share=${token}`, scope: body.scope, permission: body.permission };
  });

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/ai/chat/share/resolve', summary: 'The chat a share link opens', tag: 'ai-chat', query: ChatShareResolveQuery }, async ({ query }, req) => {
    const chat = await repo.byToken(query.token);
    if (!chat) throw new AppError(404, ERROR_CODES.NOT_FOUND, chatMsg(req.ctx.lang, 'SHARE_NOT_FOUND'));
    if (chat.deleted_at) throw new AppError(404, ERROR_CODES.NOT_FOUND, chatMsg(req.ctx.lang, 'DELETED'));
    const { access } = await requireChat(repo, req, chat.id, 'read');
    return chatView(chat, access);
  });
};
export default aiChatsV2;
