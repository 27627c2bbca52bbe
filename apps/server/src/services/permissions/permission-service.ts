/**
 * Data permissions on the server (issue 13 point 2): the one place routes ask whether the caller may
 * browse, read, write or change a shared data source. Only team members (OPERATOR) on the team's
 * SHARED sources they did not create are checked; admins, a source's creator, personal
 * organisations and local mode keep full rights and cost no store query.
 *
 * Grants are read from the store (or its change-feed cache, which drops them on any change and at
 * their first expiry) on every checked request and their validity is decided by the store's clock
 * (store/authorizations.ts), so an expired grant stops at its expiry without a new login, on every
 * replica alike.
 */
import { ERROR_CODES, supportsDatabase, supportsSchema } from '@askdb/contracts';
import { dialectFor, type SchemaCatalog } from '@askdb/sql';
import type { AppDeps } from '../../deps.js';
import type { RequestContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { AuthorizationRepo, type Authorization } from '../../store/authorizations.js';
import { CachedAuthorizationRepo } from '../../store/cached-reads.js';
import type { DataSourceRecord } from '../../store/data-sources.js';
import { consumeApprovedScript } from '../approvals/approved-scripts.js';
import { refusedScope } from '../approvals/refused-scope.js';
import { coversWhole, onPath, sameName, type Place } from './grant-match.js';
import { permMsg } from './messages.js';
import { kindNeedingApproval, readScriptPolicy } from './script-policy.js';
import { analyseScript, checkAccesses, display, type CheckInput, type ExecPlace, type Refusal, type ScriptAccess } from './statement-check.js';
import { catalogCurrent } from './catalog-freshness.js';
import { CursorGrants } from './cursor-grants.js';
import { AnalysisCache } from './analysis-cache.js';
import { needsPlanCheck } from './explain-check.js';
import { planCheck } from './plan-check.js';
import { driverFailure } from '../driver-errors.js';

/** `execution` runs the plan check (explain-check.ts); without it that check refuses (fail closed). */
export type PermissionDeps = Pick<AppDeps, 'store' | 'kv' | 'catalogs'> & Partial<Pick<AppDeps, 'execution' | 'readCache'>>;
/** What a browse needs: a grant on the path to the place, one covering the whole table, or the whole schema. */
export type BrowseNeed = 'path' | 'wholeTable' | 'wholeSchema';

/** The script, as the apply form wants it. */
export interface ScriptInput {
  sql: string;
  /** The script split into statements; called only when grants apply (splitting a big script costs). */
  statements: () => string[];
  databaseName?: string | null;
  schemaName?: string | null;
}

const DEFAULT_SCHEMA: Record<string, string> = { postgresql: 'public', sqlserver: 'dbo' };

export class PermissionService {
  readonly repo: AuthorizationRepo;
  readonly cursors = new CursorGrants();
  readonly analyses = new AnalysisCache();

  constructor(private readonly deps: PermissionDeps) {
    // Server mode on PostgreSQL: grants through the replica-safe cache (store/cached-reads.ts), same answers.
    this.repo = deps.readCache ? new CachedAuthorizationRepo(deps.store.db, deps.store.dialect, deps.readCache) : new AuthorizationRepo(deps.store.db, deps.store.dialect);
  }

  /** Whether grants apply to this caller on this source (a team member on a shared source of someone else's). */
  enforced(ctx: RequestContext, record: DataSourceRecord): boolean {
    const user = ctx.user;
    if (!user || !ctx.organization || ctx.organization.type !== 'TEAM') return false;
    if (user.isAdmin || record.ownerId === user.id) return false;
    return record.visibility === 'SHARED' && record.spaceId === ctx.organization.id;
  }

  /** The caller's live grants on the source; null when grants do not apply to them. */
  async grantsFor(ctx: RequestContext, record: DataSourceRecord): Promise<Authorization[] | null> {
    if (!this.enforced(ctx, record)) return null;
    return this.repo.liveFor(ctx.organization!.id, ctx.user!.id, record.id, ctx.fresh);
  }

  /**
   * The database/schema a request names, with the source's default database; statements ('exec')
   * also run in a concrete schema (the source's, else the engine's default), a tree request does not.
   */
  placeOf(record: DataSourceRecord, p: { databaseName?: string | null; schemaName?: string | null; tableName?: string | null }, use: 'exec' | 'browse' = 'browse'): Place {
    const type = record.input.type;
    const defaultSchema = use === 'exec' ? record.input.schemaName || DEFAULT_SCHEMA[dialectFor(type).name] || null : null;
    return {
      databaseName: supportsDatabase(type) ? p.databaseName || record.input.databaseName || null : null,
      schemaName: supportsSchema(type) ? p.schemaName || defaultSchema : null,
      tableName: p.tableName ?? null,
    };
  }

  private ci(record: DataSourceRecord): boolean {
    return dialectFor(record.input.type).identifierCase === 'preserve';
  }

  /**
   * Refuses (403 NO_DATA_ACCESS_PERMISSION, with the apply form's prefill) a caller without a grant
   * reaching the place. Returns the grants (null when not enforced) for callers that mark lists.
   */
  async requireBrowse(ctx: RequestContext, record: DataSourceRecord, place: Place | null, need: BrowseNeed = 'path'): Promise<Authorization[] | null> {
    const grants = await this.grantsFor(ctx, record);
    if (grants === null) return null;
    if (!grants.length) throw this.dataRefusal(ctx, record, 'NO_GRANT', {}, place);
    if (!place) return grants;
    const ci = this.ci(record);
    const ok = need === 'path' ? grants.some((g) => onPath(g, place, ci)) : grants.some((g) => coversWhole(g, need === 'wholeSchema' ? { ...place, tableName: null } : place, ci));
    if (!ok) {
      const where = display(need === 'wholeSchema' ? { ...place, tableName: null } : place);
      throw this.dataRefusal(ctx, record, need === 'path' ? 'NO_GRANT_HERE' : 'NO_WHOLE_SCHEMA', { place: where }, place);
    }
    return grants;
  }

  /** Which tables of a place the caller may open (null: all of them, not enforced). */
  tableFilter(record: DataSourceRecord, grants: Authorization[] | null, place: Place): ((name: string) => boolean) | null {
    if (grants === null) return null;
    const ci = this.ci(record);
    if (grants.some((g) => coversWhole(g, { ...place, tableName: null }, ci) || (g.tableName === null && onPath(g, place, ci)))) return null;
    return (name) => grants.some((g) => g.tableName !== null && onPath(g, { ...place, tableName: name }, ci) && sameName(g.tableName, name, ci));
  }

  /** Which databases (or schemas of a database) the caller may open (null: all of them, not enforced). */
  levelFilter(record: DataSourceRecord, grants: Authorization[] | null, level: 'database' | 'schema', parent: Place): ((name: string) => boolean) | null {
    if (grants === null) return null;
    const ci = this.ci(record);
    const at = (name: string): Place => (level === 'database' ? { databaseName: name, schemaName: null } : { ...parent, schemaName: name });
    return (name) => grants.some((g) => onPath(g, at(name), ci));
  }

  /**
   * Checks a script before it runs. Throws NO_DATA_ACCESS_PERMISSION for anything the grants do not
   * cover and NO_SCRIPT_PERMISSION for a statement kind the team's policy holds for approval — unless
   * this exact script was approved for the caller (consumed here: it runs once). Returns a cursor
   * check for result pages fetched later (null when nothing needs re-checking).
   */
  async checkScript(ctx: RequestContext, record: DataSourceRecord, input: ScriptInput): Promise<((cursorId: string) => void) | null> {
    if (!this.enforced(ctx, record)) return null;
    // The grants and the team policy in parallel: one store round trip of latency, not two.
    const [grants, policy] = await Promise.all([this.repo.liveFor(ctx.organization!.id, ctx.user!.id, record.id, ctx.fresh), readScriptPolicy(this.deps.kv, ctx.organization!.id, ctx.fresh)]);
    const place = this.placeOf(record, input, 'exec') as ExecPlace;
    let refusal: AppError | null = null;
    let check: CheckInput | null = null;
    let accesses: ReturnType<typeof analyseScript>['accesses'] = [];
    if (!grants.length) refusal = this.dataRefusal(ctx, record, 'NO_GRANT', {}, place);
    else if (!grants.some((g) => onPath(g, place, this.ci(record)))) refusal = this.dataRefusal(ctx, record, 'NO_GRANT_HERE', { place: display(place) }, place);
    else {
      check = { grants, dialect: dialectFor(record.input.type), place, statements: input.statements(), catalog: await this.catalogFor(record, place, grants), hasDatabase: supportsDatabase(record.input.type), hasSchema: supportsSchema(record.input.type) };
      let script = analyseScript(check, this.analyses);
      if (check.catalog && !needsPlanCheck(record.input.type, grants) && grants.some((g) => g.columns !== null)) {
        script = await this.onCurrentCatalog(record, check, script);
      }
      accesses = script.accesses;
      const planned = script.refusal ?? (needsPlanCheck(record.input.type, grants) ? await planCheck(this.deps.execution, ctx.user!.id, record, check, accesses).catch((e: unknown) => { throw driverFailure(e, ctx.lang); }) : null);
      if (planned) refusal = this.refusalError(ctx, record, planned);
      else {
        const kind = kindNeedingApproval(policy, script.categories);
        if (kind) refusal = this.scriptRefusal(ctx, record, input, kind, place);
      }
    }
    if (refusal?.errorCode === ERROR_CODES.NO_DATA_ACCESS_PERMISSION) refusal = this.withRefusedScope(record, refusal, input, place, grants, accesses);
    if (refusal) {
      const approved = await consumeApprovedScript(this.deps.store.db, { organizationId: ctx.organization!.id, userId: ctx.user!.id, dataSourceId: record.id, sql: input.sql });
      if (!approved) throw refusal;
      return null;
    }
    const key = { organizationId: ctx.organization!.id, userId: ctx.user!.id, dataSourceId: record.id };
    return (cursorId) => this.cursors.remember(cursorId, key, { ...check!, grants: [] }, accesses);
  }

  /**
   * The apply form's prefill of a data refusal carries what was refused (issue 25 point 6): the
   * tables and columns the grants do not cover (refused-scope.ts), and the script for a script application.
   */
  private withRefusedScope(record: DataSourceRecord, refusal: AppError, input: ScriptInput, place: ExecPlace, grants: Authorization[], accesses: ReturnType<typeof analyseScript>['accesses']): AppError {
    const scopeInput = { grants, dialect: dialectFor(record.input.type), place, hasDatabase: supportsDatabase(record.input.type), hasSchema: supportsSchema(record.input.type) };
    let reached = accesses;
    if (!reached.length) {
      try {
        reached = analyseScript({ ...scopeInput, statements: input.statements(), catalog: null }, this.analyses).accesses;
      } catch {
        reached = [];
      }
    }
    const tables = refusedScope(scopeInput, reached);
    const data = { ...(refusal.data as object), script: input.sql.slice(0, 1024 * 1024), ...(tables.length ? { tables } : {}) };
    return new AppError(refusal.statusCode, refusal.errorCode, refusal.message, refusal.errorDetail, data);
  }

  /** Before a later page of a cursor: the grants that let its statement run must still hold. */
  async recheckCursor(ctx: RequestContext, cursorId: string): Promise<void> {
    const entry = this.cursors.get(cursorId);
    if (!entry) return;
    const grants = await this.repo.liveFor(entry.key.organizationId, entry.key.userId, entry.key.dataSourceId);
    const refusal = grants.length ? checkAccesses({ ...entry.check, grants }, entry.accesses) : { key: 'NO_GRANT' as const, params: {}, place: entry.check.place };
    if (refusal) {
      this.cursors.forget(cursorId);
      const params = { source: String(entry.key.dataSourceId), place: display(refusal.place), ...refusal.params };
      throw new AppError(403, ERROR_CODES.NO_DATA_ACCESS_PERMISSION, permMsg(ctx.lang, refusal.key, params), undefined, { applyType: 'data', dataSourceId: entry.key.dataSourceId, ...prefillPlace(refusal.place) });
    }
  }

  /** Live grants decide which shared sources a member "has permission" on (the data source list). */
  async sourcesWithGrant(ctx: RequestContext): Promise<Set<number> | null> {
    if (!ctx.user || !ctx.organization || ctx.organization.type !== 'TEAM' || ctx.user.isAdmin) return null;
    return this.repo.liveSourcesOf(ctx.organization.id, ctx.user.id);
  }

  /**
   * Column grants without a plan check (catalog-freshness.ts): the analysis — a pass or a refusal — stands
   * only on the tables' columns as they are now; otherwise the catalog is read again (on this replica) and the
   * script analysed again (a table created outside AskDB is then known too).
   */
  private async onCurrentCatalog(record: DataSourceRecord, check: CheckInput, script: ScriptAccess): Promise<ScriptAccess> {
    const place = check.place;
    const columnsNow = (names: string[]) => this.deps.catalogs.columnsNow(record, place, names);
    if (await catalogCurrent(check.catalog!, script.accesses, place, this.ci(record), columnsNow)) return script;
    this.deps.catalogs.invalidate(record.id);
    try {
      check.catalog = (await this.deps.catalogs.get(record, place.databaseName, place.schemaName, { refresh: true })) as SchemaCatalog;
    } catch {
      check.catalog = null; // without it the analysis over-approximates (fail closed)
    }
    return analyseScript(check, this.analyses);
  }

  /** The catalog, when column-level grants need it to expand `*` and place unqualified columns. */
  private async catalogFor(record: DataSourceRecord, place: ExecPlace, grants: Authorization[]): Promise<SchemaCatalog | null> {
    if (!grants.some((g) => g.columns !== null || g.tableName !== null)) return null;
    try {
      return (await this.deps.catalogs.get(record, place.databaseName, place.schemaName)) as SchemaCatalog;
    } catch {
      return null; // without it the analysis over-approximates (fail closed)
    }
  }

  private refusalError(ctx: RequestContext, record: DataSourceRecord, r: Refusal): AppError {
    const params = { ...r.params, action: r.params.action ? permMsg(ctx.lang, r.params.action as 'read') : '' };
    return this.dataRefusal(ctx, record, r.key, params, r.place);
  }

  dataRefusal(ctx: RequestContext, record: DataSourceRecord, key: Parameters<typeof permMsg>[1], params: Record<string, string>, place: Place | ExecPlace | null): AppError {
    const message = permMsg(ctx.lang, key, { source: record.input.alias, ...params });
    return new AppError(403, ERROR_CODES.NO_DATA_ACCESS_PERMISSION, message, undefined, { applyType: 'data', dataSourceId: record.id, dataSourceName: record.input.alias, ...prefillPlace(place) });
  }

  private scriptRefusal(ctx: RequestContext, record: DataSourceRecord, input: ScriptInput, kind: string, place: ExecPlace): AppError {
    const message = permMsg(ctx.lang, 'NEEDS_APPROVAL', { kind: permMsg(ctx.lang, kind as 'READ') });
    return new AppError(403, ERROR_CODES.NO_SCRIPT_PERMISSION, message, undefined, { applyType: 'script', script: input.sql, dataSourceId: record.id, dataSourceName: record.input.alias, ...prefillPlace(place) });
  }
}

function prefillPlace(p: Place | ExecPlace | null): { databaseName?: string; schemaName?: string } {
  return { ...(p?.databaseName ? { databaseName: p.databaseName } : {}), ...(p?.schemaName ? { schemaName: p.schemaName } : {}) };
}
