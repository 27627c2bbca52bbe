import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { buildOpenApi } from '../http/openapi.js';

const system: RouteModule = (app, deps) => {
  defineRoute(app, { access: 'public', method: 'GET', url: '/api/system', summary: 'Version and mode' }, () => ({
    version: deps.config.version,
    mode: deps.config.mode,
    /** This deployment sells plans (ASKDB_BILLING=1, server mode); false: everything unlocked, no pricing shown. */
    billing: deps.config.billing.enabled,
  }));
  defineRoute(app, { access: 'public', method: 'GET', url: '/api/openapi.json', summary: 'This OpenAPI document', raw: { contentType: 'application/json' } }, (_i, _req, reply) =>
    reply.send(buildOpenApi(deps.config.version)),
  );
  defineRoute(app, { access: 'public', method: 'GET', url: '/api/system/user', summary: 'The current user and organization' }, (_i, req) => ({
    user: req.ctx.user,
    organizationId: req.ctx.organizationId,
    language: req.ctx.lang,
  }));
};
export default system;
