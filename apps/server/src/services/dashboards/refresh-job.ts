/**
 * Scheduled refresh (issue 16 point 4). One job, `dashboard.refresh-tick`, runs every minute through
 * the JobQueue (pg-boss in server mode: once per tick across replicas). Its handler finds the
 * dashboards whose slot is due and claims each slot with a conditional update (`next_refresh_at`
 * moves from the slot to the next run only for the replica whose update matched), so even two
 * handlers running at once refresh a dashboard once. Charts run as the dashboard's owner, with the
 * owner's grants, and their results (or errors) are stored as the charts' last.
 */
import type { RequestContext } from '../../http/context.js';
import type { AppDeps } from '../../deps.js';
import type { JobQueue } from '../jobs/types.js';
import { DashboardRepo, type DashboardRecord } from '../../store/dashboards.js';
import { OrganizationRepo } from '../../store/organizations.js';
import { UserRepo } from '../../store/users.js';
import { AppError } from '../../http/errors.js';
import { chartPlace, chartSource } from './dashboards.js';
import { runChartQuery } from './chart-query.js';
import { nextRun } from './refresh-rule.js';
import { notify } from '../notifications/notify.js';

export const REFRESH_TICK = 'dashboard.refresh-tick';
type RefreshDeps = Pick<AppDeps, 'store' | 'kv' | 'catalogs' | 'execution' | 'dataSources' | 'config'>;

/** The owner's context in the dashboard's organisation; null when they are no longer a valid member. */
export async function ownerContext(deps: Pick<AppDeps, 'store' | 'config'>, d: DashboardRecord): Promise<RequestContext | null> {
  const user = await new UserRepo(deps.store.db).get(d.ownerId);
  if (!user || user.status !== 'VALID') return null;
  const orgs = new OrganizationRepo(deps.store.db);
  const org = await orgs.get(d.organizationId);
  const member = org ? await orgs.membership(org.id, user.id) : null;
  if (!org || !member || member.status !== 'VALID') return null;
  const isAdmin = member.roleCode === 'ADMIN' || member.roleCode === 'SUPER_ADMIN';
  return {
    user: { id: user.id, name: user.name, roleCode: member.roleCode, isAdmin, isOperator: user.isOperator },
    organization: { id: org.id, type: org.type, name: org.name },
    organizationId: org.id,
    role: member.roleCode,
    edition: deps.config.mode === 'local' ? 'LOCAL' : 'TEAM_PRO',
    lang: 'en-US',
    auth: { kind: deps.config.mode === 'local' ? 'local' : 'session' },
  };
}

/** Runs every chart of the dashboard as `ctx` and stores each outcome; the names of the charts that failed. */
export async function refreshCharts(deps: RefreshDeps, repo: DashboardRepo, d: DashboardRecord, ctx: RequestContext): Promise<string[]> {
  const failed: string[] = [];
  const actor = { userId: ctx.user!.id, organizationId: d.organizationId, clientIp: null };
  for (const chart of await repo.charts(d.id)) {
    if (!chart.sql.trim()) continue;
    try {
      const place = chartPlace(chart, d);
      const record = await chartSource(deps, ctx, place.dataSourceId);
      const result = await runChartQuery(deps, ctx, record, chart.sql, place, actor);
      await repo.storeRun(chart.id, { result });
    } catch (e) {
      failed.push(chart.name || `#${chart.id}`);
      await repo.storeRun(chart.id, { error: e instanceof AppError ? e.message : (e as Error).message ?? String(e) });
    }
  }
  return failed;
}

/** One tick: claims and refreshes every due dashboard; how many this caller refreshed. */
export async function refreshDue(deps: RefreshDeps, now: Date): Promise<number> {
  const repo = new DashboardRepo(deps.store.db);
  const nowIso = now.toISOString();
  let done = 0;
  for (const d of await repo.due(nowIso)) {
    const slot = d.nextRefreshAt!;
    // The next slot after now (missed ticks are not replayed one by one).
    const next = nextRun(d.refresh, now)?.toISOString() ?? null;
    if (!(await repo.claim(d.id, slot, next, nowIso))) continue;
    done++;
    const ctx = await ownerContext(deps, d);
    if (!ctx) continue;
    const failed = await refreshCharts(deps, repo, d, ctx);
    if (failed.length) {
      await notify(deps, { organizationId: d.organizationId, userIds: [d.ownerId], type: 'DASHBOARD', messageKey: 'dashboard.refreshFailed', params: { dashboard: d.name, charts: failed.join(', ') }, action: { kind: 'DASHBOARD', targetId: d.id } })
        .catch(() => {});
    }
  }
  return done;
}

/** Registers the minute tick on the app's job queue (called once per app). */
export async function startDashboardRefresh(deps: RefreshDeps & { jobs?: JobQueue }): Promise<void> {
  const jobs = deps.jobs;
  if (!jobs) return;
  await jobs.work(REFRESH_TICK, async () => {
    await refreshDue(deps, new Date());
  });
  await jobs.schedule(REFRESH_TICK, '* * * * *');
}
