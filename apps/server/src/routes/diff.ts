/**
 * Schema sync (API.md "Schema sync", spec 01 §2/§4/§5): POST /api/diff/sql → the statements that
 * make the target's structure equal the source's. Both catalogs are read fresh (the user is about
 * to change the target); the script is run afterwards through the execute endpoint.
 */
import { DiffInput, ERROR_CODES, defineMessages, isSelectionComplete, supportsDatabase, supportsSchema, translate, type DatabaseType, type Language } from '@askdb/contracts';
import { engineFamily, scriptOf, syncPlan } from '@askdb/schema-diff';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RouteModule } from './index.js';
import { defineRoute } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { requireDataSource } from '../services/access.js';
import { driverFailure } from '../services/driver-errors.js';
import type { DataSourceRecord } from '../store/data-sources.js';
import { permissions } from '../services/permissions/index.js';

const messages = defineMessages({
  SAME_SIDE: {
    'en-US': 'Source and target are the same database: choose a different target to compare with.',
    'zh-CN': '源和目标是同一个数据库：请选择另一个目标进行比较。',
    'ja-JP': 'ソースとターゲットが同じデータベースです。比較する別のターゲットを選択してください。',
  },
  ENGINES_DIFFER: {
    'en-US': 'Source ({source}) and target ({target}) are different database types. Schema sync compares databases of the same type.',
    'zh-CN': '源（{source}）和目标（{target}）是不同类型的数据库。结构同步仅支持相同类型的数据库。',
    'ja-JP': 'ソース（{source}）とターゲット（{target}）はデータベースの種類が異なります。スキーマ同期は同じ種類のデータベース間で行います。',
  },
  UNSUPPORTED_TYPE: {
    'en-US': 'Schema sync does not support {type} yet.',
    'zh-CN': '结构同步暂不支持 {type}。',
    'ja-JP': 'スキーマ同期は {type} にまだ対応していません。',
  },
  INCOMPLETE: {
    'en-US': 'Choose the {side} {what} first.',
    'zh-CN': '请先选择{side}的{what}。',
    'ja-JP': '先に{side}の{what}を選択してください。',
  },
  source: { 'en-US': 'source', 'zh-CN': '源', 'ja-JP': 'ソース' },
  target: { 'en-US': 'target', 'zh-CN': '目标', 'ja-JP': 'ターゲット' },
  database: { 'en-US': 'database', 'zh-CN': '数据库', 'ja-JP': 'データベース' },
  schema: { 'en-US': 'schema', 'zh-CN': '模式', 'ja-JP': 'スキーマ' },
  databaseAndSchema: { 'en-US': 'database and schema', 'zh-CN': '数据库和模式', 'ja-JP': 'データベースとスキーマ' },
});

type Side = z.output<typeof DiffInput>['source'];
const t = (lang: Language, key: keyof typeof messages, params?: Record<string, string>) => translate(messages, key, lang, params);
const badInput = (message: string) => new AppError(400, ERROR_CODES.INVALID_PARAMS, message);

/** The parts of a selection the engine has (a MySQL schema name means nothing, nor an Oracle database). */
function selection(type: DatabaseType, side: Side) {
  return { databaseName: supportsDatabase(type) ? side.databaseName ?? null : null, schemaName: supportsSchema(type) ? side.schemaName ?? null : null };
}

function requireComplete(lang: Language, which: 'source' | 'target', type: DatabaseType, side: Side): void {
  if (isSelectionComplete(type, side.databaseName, side.schemaName)) return;
  const missingDb = supportsDatabase(type) && !side.databaseName;
  const missingSchema = supportsSchema(type) && !side.schemaName;
  const what = missingDb && missingSchema ? 'databaseAndSchema' : missingDb ? 'database' : 'schema';
  throw badInput(t(lang, 'INCOMPLETE', { side: t(lang, which), what: t(lang, what) }));
}

/** Same data source, or two data sources reaching the same server or file, with the same selection. */
function sameDatabase(a: DataSourceRecord, b: DataSourceRecord, sa: Side, sb: Side): boolean {
  const x = selection(a.input.type, sa);
  const y = selection(b.input.type, sb);
  if (x.databaseName !== y.databaseName || x.schemaName !== y.schemaName) return false;
  if (a.id === b.id) return true;
  const place = (r: DataSourceRecord) => [r.input.type, r.input.host ?? '', r.input.port ?? '', r.input.filePath ?? '', r.input.url ?? ''].join('\u0000');
  return place(a) === place(b) && !a.input.ssh && !b.input.ssh;
}

const diff: RouteModule = (app, deps) => {
  const catalog = async (req: FastifyRequest, record: DataSourceRecord, side: Side) => {
    const s = selection(record.input.type, side);
    try {
      const loc = { databaseName: s.databaseName, schemaName: s.schemaName };
      const [base, objects] = await Promise.all([
        deps.catalogs.get(record, s.databaseName, s.schemaName, { refresh: true }),
        // Types, routines, triggers, partitions, …: what makes "equal" mean equal (issue 26).
        deps.connections.with(record, async (conn) => (await conn.metadata.schemaObjects?.(loc)) ?? []),
      ]);
      return { ...base, objects };
    } catch (e) {
      throw driverFailure(e, req.ctx.lang);
    }
  };

  /** Both sides checked and read; the plan in the request's language. */
  const plan = async (body: z.output<typeof DiffInput>, req: FastifyRequest) => {
    const lang = req.ctx.lang;
    const [source, target] = await Promise.all([
      requireDataSource(deps, req, body.source.dataSourceId),
      requireDataSource(deps, req, body.target.dataSourceId),
    ]);
    const sourceType = source.input.type;
    const targetType = target.input.type;
    for (const type of [sourceType, targetType]) {
      if (!engineFamily(type)) throw new AppError(400, ERROR_CODES.UNSUPPORTED, t(lang, 'UNSUPPORTED_TYPE', { type }));
    }
    if (engineFamily(sourceType) !== engineFamily(targetType)) {
      throw new AppError(400, ERROR_CODES.UNSUPPORTED, t(lang, 'ENGINES_DIFFER', { source: sourceType, target: targetType }));
    }
    requireComplete(lang, 'source', sourceType, body.source);
    requireComplete(lang, 'target', targetType, body.target);
    // Both structures are read whole: a member needs a grant on each whole schema (services/permissions).
    const perms = permissions(deps);
    await perms.requireBrowse(req.ctx, source, perms.placeOf(source, body.source), 'wholeSchema');
    await perms.requireBrowse(req.ctx, target, perms.placeOf(target, body.target), 'wholeSchema');
    if (sameDatabase(source, target, body.source, body.target)) throw badInput(t(lang, 'SAME_SIDE'));

    const [sourceCatalog, targetCatalog] = await Promise.all([catalog(req, source, body.source), catalog(req, target, body.target)]);
    return { targetType, plan: syncPlan(sourceCatalog, targetCatalog, targetType, { ...(body.options ?? {}), lang }) };
  };

  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/diff/sql', summary: 'Schema sync: the SQL that makes the target structure equal the source', tag: 'schema sync', body: DiffInput }, async ({ body }, req) => {
    return (await plan(body, req)).plan.text;
  });

  /**
   * Additive (issue 26): the same script as statements the dialog can group and tick — each with the
   * kind of object it changes, whether it drops something only the target has, the reason when it is
   * not done in place, and its own script text (joined with blank lines, the kept ones are the script).
   */
  defineRoute(app, { access: 'signedIn', method: 'POST', url: '/api/diff/plan', summary: 'Schema sync: the statements grouped by kind, destructive drops marked', tag: 'schema sync', body: DiffInput }, async ({ body }, req) => {
    const { targetType, plan: p } = await plan(body, req);
    return {
      text: p.text,
      destructiveCount: p.items.filter((i) => i.destructive).length,
      statements: p.items.map((i) => ({ sql: i.sql, kind: i.kind, destructive: i.destructive, note: i.note ?? null, text: scriptOf(targetType, [i]).trimEnd() })),
    };
  });
};
export default diff;
