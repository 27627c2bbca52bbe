/**
 * Update rules (spec 02 §2 "Update setting", §7 Config "latest version; update routes"): the version
 * check against the operator's feed, and the operator's feed URL.
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { UpdateFeed } from '../services/updates/feed.js';

const tag = 'system';
const FeedBody = z.object({ url: z.string().trim().url().max(1024).regex(/^https?:\/\//, 'http or https').nullable() });

const update: RouteModule = (app, deps) => {
  const feed = new UpdateFeed(deps.kv, deps.config.version, process.env.ASKDB_UPDATE_FEED_URL || undefined);
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/system/update/check', summary: 'Latest version from the operator-configured feed, and whether it is newer than this one', tag }, (_i, req) =>
    feed.check(req.ctx.lang),
  );
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/system/update/download', summary: 'The latest release package, streamed from the address the feed names (the app may only fetch from its own origin)', tag, raw: { contentType: 'application/octet-stream' } }, async (_i, req, reply) => {
    const res = await feed.download(req.ctx.lang);
    const len = res.headers.get('content-length');
    if (len) reply.header('content-length', len);
    return reply.type('application/octet-stream').header('cache-control', 'no-store').send(Readable.fromWeb(res.body as never));
  });
  defineRoute(app, { access: 'operator', method: 'GET', url: '/api/system/update/feed', summary: 'Operator: the version feed URL', tag }, async () => ({ url: await feed.feedUrl() }));
  defineRoute(app, { access: 'operator', method: 'POST', url: '/api/system/update/feed', summary: 'Operator: set (or clear, null) the version feed URL', tag, body: FeedBody }, async ({ body }) => {
    await feed.setFeedUrl(body.url);
    return true;
  });
};

export default update;
