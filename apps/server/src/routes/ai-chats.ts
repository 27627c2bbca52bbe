/** Saved AI conversations: list (newest first, 20 a page), the latest (optionally of one data source), one, save, delete. */
import { z } from 'zod';
import { ChatBriefQuery, ChatListQuery, ChatSaveInput, ERROR_CODES } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { scopeOf } from '../services/access.js';
import { ChatRepo } from '../store/chats.js';
import { aiMsg } from '../services/ai/ai-messages.js';

const BASE = '/api/ai/chat';
const Id = z.object({ id: z.coerce.number().int() });

const aiChats: RouteModule = (app, deps) => {
  const repo = new ChatRepo(deps.store.db);
  const notFound = (lang: Parameters<typeof aiMsg>[0], id: number) => new AppError(404, ERROR_CODES.NOT_FOUND, aiMsg(lang, 'CHAT_NOT_FOUND', { id }));

  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${BASE}/list`, summary: 'Saved conversations, newest first', tag: 'ai', query: ChatListQuery }, ({ query }, req) =>
    repo.list(scopeOf(req), query),
  );

  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${BASE}/brief`, summary: 'The latest conversation (of a data source), or null', tag: 'ai', query: ChatBriefQuery }, ({ query }, req) =>
    repo.latest(scopeOf(req), query.dataSourceId),
  );

  defineRoute(app, { access: 'signedIn', method: 'GET', url: `${BASE}/:id`, summary: 'One conversation with its messages', tag: 'ai', params: Id }, async ({ params }, req) => {
    const chat = await repo.get(scopeOf(req), params.id);
    if (!chat) throw notFound(req.ctx.lang, params.id);
    return chat;
  });

  defineRoute(app, { access: 'signedIn', method: 'POST', url: `${BASE}/save`, summary: 'Create a conversation or replace its messages', tag: 'ai', body: ChatSaveInput }, async ({ body }, req) => {
    const id = await repo.save(scopeOf(req), body);
    if (id === null) throw notFound(req.ctx.lang, body.id!);
    return id;
  });

  defineRoute(app, { access: 'signedIn', method: 'DELETE', url: `${BASE}/:id`, summary: 'Delete a conversation', tag: 'ai', params: Id }, async ({ params }, req) => {
    if (!(await repo.delete(scopeOf(req), params.id))) throw notFound(req.ctx.lang, params.id);
    return true;
  });
};
export default aiChats;
