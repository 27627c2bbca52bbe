/**
 * Update rules (spec 02 §2 "Update setting", §7 Config "latest version; update routes"): the version
 * check against the operator's feed, and the operator's feed URL.
 */
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
  defineRoute(app, { access: 'operator', method: 'GET', url: '/api/system/update/feed', summary: 'Operator: the version feed URL', tag }, async () => ({ url: await feed.feedUrl() }));
  defineRoute(app, { access: 'operator', method: 'POST', url: '/api/system/update/feed', summary: 'Operator: set (or clear, null) the version feed URL', tag, body: FeedBody }, async ({ body }) => {
    await feed.setFeedUrl(body.url);
    return true;
  });
};

export default update;
