/**
 * The calls the spec names (02 §7, 01 §7) under the names it gives them (issue 29 item 20). Pure
 * aliases call our route in-process as the caller (spec-forward.ts); small real ones sit in
 * spec-extras.ts; uploads with an upload certificate in spec-uploads.ts. docs/spec-api.md maps each
 * spec name to ours.
 */
import { z } from 'zod';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { call, qs, relay } from './spec-forward.js';
import { AiCollectionRepo, requireCollection } from '../services/ai/ai-collections.js';
import specExtras from './spec-extras.js';
import specUploads from './spec-uploads.js';

const tag = 'spec-aliases';
const Any = z.record(z.string(), z.unknown());
const Id = z.object({ id: z.coerce.number().int() });

const specAliases: RouteModule = async (app, deps) => {
  const alias = (method: 'GET' | 'POST', url: string, access: 'public' | 'signedIn' | 'admin' | 'operator', target: string, summary: string) =>
    defineRoute(app, { access, method, url, summary: `${summary} (alias of ${method} ${target})`, tag, ...(method === 'GET' ? { query: Any } : { body: Any }) }, async (input, req, reply) =>
      relay(reply, await call(app, req, method, method === 'GET' ? `${target}${qs(input.query ?? {})}` : target, input.body ?? {})),
    );

  // User and organisation (02 §7 "User", "Organization").
  alias('POST', '/api/user/reset_password', 'public', '/api/oauth/reset_password', 'Reset a password with an emailed or texted passcode');
  alias('POST', '/api/user/update', 'signedIn', '/api/user/update_profile', 'Update my display name, avatar or language');
  alias('GET', '/api/user/wechat_qr', 'public', '/api/oauth/wechat_qr_a', 'A WeChat sign-in QR code (server mode with WeChat configured)');
  alias('GET', '/api/oauth/get_app_config', 'public', '/api/oauth/login_options', 'Which sign-in methods this deployment offers');
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/user/list', summary: 'Members of my current organisation (alias of GET /api/organization/list_user)', tag, query: Any }, async ({ query }, req, reply) =>
    relay(reply, await call(app, req, 'GET', `/api/organization/list_user${qs({ ...query, organizationId: req.ctx.organizationId })}`)),
  );
  for (const url of ['/api/user/invite', '/api/organization/add']) {
    defineRoute(app, { access: 'admin', method: 'POST', url, summary: 'Invite people to my current organisation: an invitation link (alias of POST /api/organization/invitation/create)', tag, body: Any }, async ({ body }, req, reply) =>
      relay(reply, await call(app, req, 'POST', '/api/organization/invitation/create', { ...body, organizationId: req.ctx.organizationId })),
    );
  }

  // Chat (02 §7 "Chat", "Magic prompts").
  alias('POST', '/api/ai/chat/update/answer', 'signedIn', '/api/ai/parts/answer/update', "Replace an answer's SQL part");
  alias('GET', '/api/ai/chat/share/view', 'signedIn', '/api/ai/chat/share/resolve', 'The chat a share link opens');
  alias('POST', '/api/ai/chat/share/edit', 'signedIn', '/api/ai/chat/share', 'Change who a chat is shared with, view only or edit');
  alias('POST', '/api/ai/magic/slash_magic/query_table', 'signedIn', '/api/ai/magic/mapping/tables', '/query-table: the tables a question maps to');
  alias('POST', '/api/ai/magic/slash_magic/query_chart', 'signedIn', '/api/chart/ai', "/query-chart: a chart proposed for a question over a dashboard's dataset");
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/ai/chat/list/answer', summary: "A named chat's answers, newest first (alias of GET /api/v2/ai/chat/get; chatId or id)", tag, query: Any }, async ({ query }, req, reply) =>
    relay(reply, await call(app, req, 'GET', `/api/v2/ai/chat/get${qs({ ...query, id: query.id ?? query.chatId, chatId: undefined })}`)),
  );

  // AI data collections (02 §7 "AI data collection").
  const collections = new AiCollectionRepo(deps.store.db, deps.kv);
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/ai/data_collection/get', summary: 'One AI data collection with its tables and views', tag, query: Id }, async ({ query }, req) => {
    const c = await requireCollection(deps, collections, req, query.id);
    return { id: query.id, title: c.title, elements: await collections.elements(query.id) };
  });
  alias('POST', '/api/ai/data_collection/update/brief', 'signedIn', '/api/ai/data_collection/rename', 'Rename an AI data collection (id, title)');
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/ai/data_collection/sync', summary: 'Collections read the live catalog: answers the elements as they are now (nothing is cached to refresh)', tag, body: Id }, async ({ body }, req) => {
    await requireCollection(deps, collections, req, body.id);
    return { id: body.id, elements: await collections.elements(body.id) };
  });
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/ai/data_collection/erase', summary: 'Remove every table and view from an AI data collection (the collection stays)', tag, body: Id }, async ({ body }, req) => {
    await requireCollection(deps, collections, req, body.id);
    let removed = 0;
    for (const e of await collections.elements(body.id)) if (await collections.removeElement(body.id, e.id)) removed++;
    return { removed };
  });

  // Connection and execution (02 §7 "Connection", "Database objects").
  alias('POST', '/api/connection/ssh/pre_connect', 'signedIn', '/api/connection/datasource/pre_connect', 'Test a connection through its SSH tunnel');
  alias('POST', '/api/rdb/dml/execute_update', 'signedIn', '/api/rdb/dml/execute', 'Run a data-changing statement');

  // System (02 §7 "System"): licence activation.
  alias('POST', '/api/system/active', 'operator', '/api/licence/activate', 'Activate this installation with a licence code');

  await specExtras(app, deps);
  await specUploads(app, deps);
};
export default specAliases;
