/**
 * The composition root: builds the Fastify app from a config — store, secrets, request context,
 * envelope, routes, static web app. `main.ts` only listens.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@askdb/contracts';
import type { AppConfig } from './config.js';
import { openStore, type Store } from './store/db.js';
import { loadKey, secretBox, type SecretBox } from './store/secret.js';
import { DataSourceRepo } from './store/data-sources.js';
import { KvRepo } from './store/kv.js';
import { openReadCache } from './store/read-cache-setup.js';
import { CachedDataSourceRepo, CachedKvRepo } from './store/cached-reads.js';
import { AppError } from './http/errors.js';
import { msg } from './http/messages.js';
import { registerOriginGuard } from './http/origin-guard.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerLocalToken } from './http/local-token.js';
import { hasWebApp, registerWebApp, sendIndex } from './http/static-web.js';
import { anonymousContext, languageOf, type ContextResolver } from './http/context.js';
import { enforceAccess } from './http/access.js';
import { localIdentity } from './services/auth/local-identity.js';
import { sessionIdentity } from './services/auth/session-identity.js';
import { registerRoutes } from './routes/index.js';
import { ensureLocalUser, ensureDemoDataSource } from './services/first-run.js';
import { ConnectionService } from './services/connections.js';
import { FilePolicy } from './services/file-policy.js';
import { SessionService } from './services/sessions.js';
import { CatalogCache } from './services/catalog-cache.js';
import { ExecutionService } from './services/execution.js';
import { auditService } from './services/audit/index.js';
import { registerRefusalAudit } from './services/audit/refusals.js';
import { createJobQueue } from './services/jobs/index.js';
import { SchemaLinker } from './services/ai/schema-linker.js';

export type { AppDeps } from './deps.js';
import type { AppDeps } from './deps.js';

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
}

/** The home folder (0700) and the store files in it (0600) are readable by their owner only. */
function keepHomePrivate(home: string): void {
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  try {
    fs.chmodSync(home, 0o700);
    for (const f of ['askdb.sqlite', 'askdb.sqlite-wal', 'askdb.sqlite-shm', 'secret.key']) {
      const file = path.join(home, f);
      if (fs.existsSync(file)) fs.chmodSync(file, 0o600);
    }
  } catch {
    /* a home on a file system without modes (e.g. mounted from Windows) */
  }
}

export async function buildApp(config: AppConfig, opts: { logger?: boolean | object } = {}): Promise<BuiltApp> {
  keepHomePrivate(config.home);
  const store = await openStore({ home: config.home, databaseUrl: config.databaseUrl, mode: config.mode });
  keepHomePrivate(config.home);
  const secrets = secretBox(loadKey(config.home, config.secret));
  // Server mode: what every request reads (session, role, grants, data source, settings) kept until the store says it changed.
  const readCache = config.mode === 'server' ? await openReadCache(store, config.databaseUrl, (m) => process.emitWarning(m)) : null;
  const cache = readCache?.cache;
  const dataSources = cache ? new CachedDataSourceRepo(store.db, secrets, cache) : new DataSourceRepo(store.db, secrets);
  // Rows from before secrets were bound to their host (and option/URL secrets sealed): seal them now.
  await dataSources.sealLegacyRows();
  const kv = cache ? new CachedKvRepo(store.db, cache) : new KvRepo(store.db);
  const connections = new ConnectionService(dataSources, new FilePolicy(config));
  const sessions = new SessionService(connections);
  const catalogs = new CatalogCache(connections);
  const audit = auditService(store, kv, config.audit);
  const execution = new ExecutionService(sessions, catalogs, audit.log);
  let identity: ContextResolver;
  if (config.mode === 'local') identity = localIdentity(await ensureLocalUser(store.db));
  else identity = sessionIdentity(store.db, cache);
  // The app's logger exists only below; until then (never in practice) job errors go to stderr.
  let appLog: { error(obj: unknown, msg?: string): void } | null = null;
  const jobs = createJobQueue(config, { error: (obj, msg) => (appLog ? appLog.error(obj, msg) : console.error(msg, obj)) });
  const deps: AppDeps = { config, store, secrets, dataSources, kv, connections, sessions, catalogs, execution, identity, audit, jobs, linker: new SchemaLinker(), ...(cache ? { readCache: cache } : {}) };
  if (config.mode === 'local' && config.demo) await ensureDemoDataSource(deps);

  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel, redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.apiKey'], censor: '***' } },
    bodyLimit: 64 * 1024 * 1024,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
    return503OnClosing: true,
  });
  appLog = app.log;

  audit.start(app.log);
  registerSecurityHeaders(app);
  registerOriginGuard(app, config);
  await app.register((await import('@fastify/cookie')).default);
  registerLocalToken(app, config);
  registerRefusalAudit(app, deps);
  app.decorateRequest('ctx', null as never);
  // Every request: resolve who is asking (deps.identity), then enforce the route's access rule
  // before validation or the handler. An /api route that somehow has no rule is refused.
  app.addHook('onRequest', async (req) => {
    const lang = languageOf(req);
    req.ctx = { ...anonymousContext(config.mode === 'local' ? 'LOCAL' : 'TEAM_PRO'), lang };
    const matched = req.routeOptions.url;
    if (!matched) return; // 404s and static files
    const rule = req.routeOptions.config?.access;
    if (!rule) {
      if (matched.startsWith('/api/')) throw new AppError(403, ERROR_CODES.PERMISSION_DENIED, 'This route declares no access rule');
      return;
    }
    req.ctx = { ...(await deps.identity.resolve(req)), lang };
    enforceAccess(rule, req.ctx);
  });

  app.setErrorHandler((err, req, reply) => {
    const e = err as Error & { statusCode?: number; code?: string; validation?: unknown };
    const lang = req.ctx?.lang ?? languageOf(req);
    if (e instanceof AppError) {
      return reply.status(e.statusCode).send({ success: false, errorCode: e.errorCode, errorMessage: e.message, errorDetail: e.errorDetail, ...(e.solutionLink ? { solutionLink: e.solutionLink } : {}), ...(e.data !== undefined ? { data: e.data } : {}) });
    }
    if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e instanceof SyntaxError || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ success: false, errorCode: ERROR_CODES.INVALID_PARAMS, errorMessage: msg(lang, 'BODY_NOT_JSON') });
    }
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(400).send({ success: false, errorCode: ERROR_CODES.INVALID_PARAMS, errorMessage: msg(lang, 'BODY_MEDIA_TYPE') });
    }
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ success: false, errorCode: ERROR_CODES.INVALID_PARAMS, errorMessage: msg(lang, 'BODY_TOO_LARGE') });
    }
    const status = e.statusCode && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 500;
    if (status >= 500) req.log.error({ err: e }, 'request failed');
    return reply.status(status).send({
      success: false,
      errorCode: status === 401 ? ERROR_CODES.NEED_LOGGED_IN : status >= 500 ? ERROR_CODES.INTERNAL_ERROR : ERROR_CODES.INVALID_PARAMS,
      errorMessage: status >= 500 ? msg(lang, 'INTERNAL_ERROR') : status === 401 ? msg(lang, 'NEED_LOGGED_IN') : e.message,
    });
  });

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    // API paths and missing static files (anything with an extension) are real 404s; other GETs are client routes.
    if (pathname.startsWith('/api/') || req.method !== 'GET' || /\.[a-z0-9]+$/i.test(pathname) || !hasWebApp(config.webDist)) {
      return reply.status(404).send({ success: false, errorCode: ERROR_CODES.NOT_FOUND, errorMessage: `No route ${req.method} ${req.url.split('?')[0]}` });
    }
    // SPA fallback: client routes get index.html.
    return sendIndex(reply);
  });

  await registerRoutes(app, deps);

  if (hasWebApp(config.webDist)) await registerWebApp(app, config.webDist);

  app.addHook('onClose', async () => {
    // First: no new job starts, running handlers finish while the store is still open.
    await jobs.stop();
    await deps.linker.close();
    await execution.closeAll();
    await sessions.closeAll();
    await connections.closeAll();
    // After every statement has finished (cursors closed above): nothing queued for the audit is lost.
    await audit.close();
    await readCache?.close();
    await store.close();
  });
  return { app, deps };
}
