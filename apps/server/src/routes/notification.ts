/**
 * Notification centre (API.md "…other"; spec 02 §7 "Notifications"): unread count, list, take
 * action, pop notices (an operator creates them), and a server-sent event stream that wakes open
 * browsers when a notice for them lands on any replica (services/notifications/hub.ts).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServerResponse } from 'node:http';
import { NotificationListQuery, NotificationTakeAction, PopNoticeCreate, PopNoticeDismiss } from '@askdb/contracts';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { requireUser } from '../http/context.js';
import { NotificationCentre, concerns } from '../services/notifications/centre.js';
import { notificationHub } from '../services/notifications/hub.js';
import type { Reader } from '../store/notifications.js';

const tag = 'notification';
const readerOf = (req: FastifyRequest): Reader => ({ userId: requireUser(req).id, organizationId: req.ctx.organizationId });
const HEARTBEAT_MS = 25_000;
const StreamQuery = z.object({ once: z.preprocess((v) => v === '1' || v === 'true', z.boolean()).default(false) });

const notification: RouteModule = (app, deps) => {
  const centre = new NotificationCentre(deps.store.db);
  const hub = notificationHub(deps);
  const streams = new Set<ServerResponse>();

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/notification/unread_count', summary: 'My unread notices in the current organisation (and personal ones)', tag }, async (_i, req) =>
    centre.unreadCount(readerOf(req)),
  );
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/notification/list', summary: 'My notices, newest first (paged; unreadOnly)', tag, query: NotificationListQuery }, ({ query }, req) =>
    centre.list(readerOf(req), query),
  );
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/notification/take_action', summary: 'Mark a notice read (or all) and answer its action, e.g. open an approval', tag, body: NotificationTakeAction }, ({ body }, req) =>
    centre.takeAction(readerOf(req), req.ctx.lang, body),
  );
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/notification/pop', summary: 'The next pop notice (e.g. SUBSCRIPTION_POP) I have not dismissed, or null', tag }, (_i, req) =>
    centre.pop(readerOf(req)),
  );
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/notification/pop/dismiss', summary: 'Dismiss a pop notice (it does not show again)', tag, body: PopNoticeDismiss }, async ({ body }, req) => {
    await centre.dismissPop(readerOf(req), req.ctx.lang, body.id);
    return true;
  });
  defineRoute(app, { access: 'operator', method: 'POST', url: '/api/notification/pop/create', summary: 'Operator: create a pop notice (all organisations or one), with image and share URL', tag, body: PopNoticeCreate }, async ({ body }, req) => ({
    id: await centre.createPop(requireUser(req).id, body),
  }));
  defineRoute(app, { access: 'operator', method: 'GET', url: '/api/notification/pop/list', summary: 'Operator: pop notices, newest first', tag }, () => centre.listPops());

  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/notification/stream', summary: 'Server-sent events: `unread` on connect, `notification` when a notice for me arrives (once=1: only the first event)', tag, raw: { contentType: 'text/event-stream' }, query: StreamQuery }, async ({ query }, req, reply) => {
    const reader = readerOf(req);
    if (query.once) {
      const unreadCount = await centre.unreadCount(reader);
      return reply.type('text/event-stream; charset=utf-8').send(`event: unread\ndata: ${JSON.stringify({ unreadCount })}\n\n`);
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    const send = (event: string, data: unknown) => {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    streams.add(res);
    const unsubscribe = hub.subscribe((e) => {
      if (!concerns(e, reader)) return;
      centre.unreadCount(reader).then(
        (unreadCount) => send('notification', { type: e.type, messageKey: e.messageKey, unreadCount }),
        () => send('notification', { type: e.type, messageKey: e.messageKey }),
      );
    });
    const ping = setInterval(() => !res.writableEnded && res.write(': ping\n\n'), HEARTBEAT_MS);
    ping.unref();
    res.on('close', () => {
      clearInterval(ping);
      unsubscribe();
      streams.delete(res);
    });
    try {
      await hub.ready();
    } catch {
      /* the hub retries; the browser also polls */
    }
    send('unread', { unreadCount: await centre.unreadCount(reader) });
    return reply;
  });

  // Open streams would keep the server from closing: end them first, then the hub's LISTEN client.
  app.addHook('preClose', async () => {
    for (const s of streams) s.end();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });
};

export default notification;
