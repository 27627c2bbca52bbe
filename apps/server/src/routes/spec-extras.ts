/**
 * Spec-named calls we answer with a small implementation of our own, or — where the product
 * deliberately does not offer the thing — with a translated refusal (issue 29 item 20).
 */
import { z } from 'zod';
import { ERROR_CODES, type Language } from '@askdb/contracts';
import { dialectFor, splitStatements, statementType } from '@askdb/sql';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { requireUser } from '../http/context.js';
import { AppError } from '../http/errors.js';
import { requireDataSource } from '../services/access.js';
import { NotificationRepo } from '../store/notifications.js';
import { call, qs, relay } from './spec-forward.js';
import { specMsg, type SpecMessageKey } from './spec-messages.js';
import { updateSql, UpdateSqlInput } from './spec-update-sql.js';
import operationLog from './spec-operation-log.js';

const tag = 'spec-aliases';
const Any = z.record(z.string(), z.unknown());
const refuse = (lang: Language, key: SpecMessageKey) => new AppError(400, ERROR_CODES.UNSUPPORTED, specMsg(lang, key));

/** ISO 3166 region codes that name a country or territory (Intl knows their names); groupings left out. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB', 'AA', 'QM', 'QN', 'QP', 'QQ', 'QR', 'QS', 'QT', 'QU', 'QV', 'QW', 'QX', 'QY', 'QZ', 'XK']);
export function countries(lang: Language): Array<{ code: string; name: string }> {
  const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
  const out: Array<{ code: string; name: string }> = [];
  for (let a = 65; a <= 90; a++) for (let b = 65; b <= 90; b++) {
    const code = String.fromCharCode(a, b);
    if (NOT_COUNTRIES.has(code) || /^X/.test(code)) continue;
    let name: string | undefined;
    try {
      name = names.of(code);
    } catch {
      name = undefined;
    }
    if (name && name !== code) out.push({ code, name });
  }
  return out.sort((x, y) => x.name.localeCompare(y.name, lang));
}

/** The one SELECT of a text, or null. */
function singleSelect(sql: string, type: string): string | null {
  const d = dialectFor(type);
  const parts = splitStatements(sql, d).map((s) => s.sql.trim()).filter(Boolean);
  return parts.length === 1 && statementType(parts[0]!, d.splitter) === 'SELECT' ? parts[0]! : null;
}

const extras: RouteModule = async (app, deps) => {
  const notices = new NotificationRepo(deps.store.db);
  const refusal = (method: 'GET' | 'POST', url: string, access: 'public' | 'signedIn' | 'operator', key: SpecMessageKey, summary: string) =>
    defineRoute(app, { access, method, url, summary: `${summary} — not offered: answers UNSUPPORTED with the reason`, tag }, (_i, req) => {
      throw refuse(req.ctx.lang, key);
    });

  // Sign-in (02 §7 "OAuth / login").
  defineRoute(app, { access: 'public', method: 'GET', url: '/api/oauth/get_countries', summary: 'Countries and regions (ISO 3166 code, name in my language), mine marked', tag }, async (_i, req) => {
    const mine = req.ctx.user ? await deps.kv.get('user-country', String(req.ctx.user.id)) : null;
    return countries(req.ctx.lang).map((c) => ({ ...c, selected: c.code === mine }));
  });
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/oauth/set_country', summary: 'Remember my country or region (ISO 3166 code)', tag, body: z.object({ country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/) }) }, async ({ body }, req) => {
    if (!countries('en-US').some((c) => c.code === body.country)) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, specMsg(req.ctx.lang, 'UNKNOWN_COUNTRY', { code: body.country }));
    await deps.kv.set('user-country', String(requireUser(req).id), body.country);
    return { country: body.country };
  });
  refusal('POST', '/api/oauth/login_token', 'public', 'LOGIN_TOKEN_OFF', 'Sign in with a desktop login token');

  // The product's AI login by WeChat official account, embeddings (02 §7 "AI", "Config").
  for (const name of ['getLoginQrCode', 'getLoginStatus', 'getInviteQrCode']) refusal('GET', `/api/ai/config/${name}`, 'signedIn', 'WECHAT_AI_LOGIN_OFF', `${name}: unlock the AI by a WeChat official-account scan`);
  refusal('POST', '/api/ai/embedding/datasource', 'signedIn', 'EMBEDDING_OFF', "Build an embedding index of a data source's tables");
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/config/embedding/white/check', summary: 'Whether embeddings are used for me: always false here, with the reason', tag }, (_i, req) => ({
    white: false, reason: specMsg(req.ctx.lang, 'EMBEDDING_OFF'),
  }));

  // System and config (02 §7 "System", "Config").
  defineRoute(app, { access: 'public', method: 'GET', url: '/api/system/version', summary: 'The server version', tag }, () => ({ version: deps.config.version }));
  refusal('POST', '/api/system/stop', 'operator', 'STOP_OFF', 'Stop the server');
  refusal('POST', '/api/system/spm/client/create', 'public', 'ANALYTICS_OFF', 'Record a usage-analytics client');
  const settings = (): Record<string, unknown> => ({ version: deps.config.version, mode: deps.config.mode, billing: deps.config.billing.enabled });
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/config/system_config', summary: 'The settings readable by code: version, mode, billing', tag }, () =>
    Object.entries(settings()).map(([code, content]) => ({ code, content })),
  );
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/config/system_config/:code', summary: 'One setting by code: version, mode, billing (ai has its own route)', tag, params: z.object({ code: z.string().max(64) }) }, ({ params }, req) => {
    const values = settings();
    if (!(params.code in values)) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, specMsg(req.ctx.lang, 'UNKNOWN_CONFIG', { code: params.code }));
    return { code: params.code, content: values[params.code] };
  });

  // Notifications (02 §7 "Notifications").
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/notification/get', summary: 'One of my notices', tag, query: z.object({ id: z.coerce.number().int() }) }, async ({ query }, req) => {
    const r = await notices.get({ userId: requireUser(req).id, organizationId: req.ctx.organizationId }, query.id);
    if (!r) throw new AppError(404, ERROR_CODES.NOT_FOUND, specMsg(req.ctx.lang, 'NOTICE_NOT_FOUND', { id: query.id }));
    let params: unknown = {};
    try {
      params = JSON.parse(r.params_json);
    } catch {
      /* keep empty */
    }
    return { id: r.id, type: r.type, messageKey: r.message_key, params, action: r.action_kind ? { kind: r.action_kind, targetId: r.action_target ?? '' } : null, read: r.read_at !== null, createdAt: r.created_at };
  });

  // Connections and execution (02 §7 "Connection", "Database objects").
  // 02 §7 names both /api/connection/close and the data source's close.
  for (const url of ['/api/connection/close', '/api/connection/datasource/close']) {
    const Close = z.object({ dataSourceId: z.coerce.number().int().optional(), id: z.coerce.number().int().optional() }).refine((v) => v.dataSourceId != null || v.id != null, { message: 'dataSourceId: Required' });
    defineRoute(app, { access: 'signedIn', method: 'POST', url, summary: "Close this server's pooled connections to a data source (they reopen on next use; dataSourceId or id)", tag, body: Close }, async ({ body }, req) => {
      const id = (body.dataSourceId ?? body.id)!;
      await requireDataSource(deps, req, id);
      deps.connections.invalidate(id);
      return true;
    });
  }
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/rdb/dml/valid_select', summary: 'Whether a text is exactly one SELECT (databaseType picks the dialect; MySQL by default)', tag, body: z.object({ sql: z.string().max(1_000_000), databaseType: z.string().max(32).optional(), dbType: z.string().max(32).optional() }) }, ({ body }) => ({
    valid: singleSelect(body.sql, body.databaseType ?? body.dbType ?? 'MYSQL') !== null,
  }));
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/rdb/dml/count', summary: 'How many rows one SELECT returns (runs SELECT COUNT(*) over it, with the grants of /api/rdb/dml/execute)', tag, body: Any }, async ({ body }, req, reply) => {
    const ds = await requireDataSource(deps, req, Number(body.dataSourceId));
    const select = singleSelect(String(body.sql ?? ''), ds.input.type);
    if (!select) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, specMsg(req.ctx.lang, 'NOT_A_SELECT'));
    const f = await call(app, req, 'POST', '/api/rdb/dml/execute', { ...body, sql: `SELECT COUNT(*) AS total FROM (${select}) askdb_count` });
    if (!f.body.success) return relay(reply, f);
    const first = (f.body.data as Array<{ success?: boolean; message?: string; dataList?: unknown[][] }>)[0];
    if (!first?.success) throw new AppError(400, ERROR_CODES.INVALID_PARAMS, first?.message ?? 'count failed');
    return { count: Number(first.dataList?.[0]?.[0] ?? 0) };
  });
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/rdb/dml/get_update_sql', summary: 'INSERT / UPDATE / DELETE statements for edited grid rows (change types ADD, MODIFY, DELETE)', tag, body: UpdateSqlInput }, ({ body }, req) =>
    updateSql(body, req.ctx.lang),
  );
  defineRoute(app, { access: 'signedIn', method: 'GET', url: '/api/rdb/trigger/detail', summary: 'One trigger with its CREATE text where the catalog keeps it (alias over GET /api/rdb/trigger/list; triggerName)', tag, query: Any }, async ({ query }, req, reply) => {
    const name = String(query.triggerName ?? '');
    const f = await call(app, req, 'GET', `/api/rdb/trigger/list${qs({ ...query, triggerName: undefined })}`);
    if (!f.body.success) return relay(reply, f);
    const hit = (f.body.data as Array<{ name: string }>).find((t) => t.name === name);
    if (!hit) throw new AppError(404, ERROR_CODES.OBJECT_NOT_FOUND, specMsg(req.ctx.lang, 'TRIGGER_NOT_FOUND', { name }));
    return hit;
  });

  await operationLog(app, deps);
};
export default extras;
