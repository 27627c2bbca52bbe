/**
 * The world the route table runs in: a team (owner, admin, member) and another team's owner; for
 * each team persona a private data source, group, console, chat, AI collection, dashboard (over that
 * source) and chart (on that dashboard) of their own,
 * made through the API; one SHARED data source; an invite link. `restore` puts roles, ownership and
 * current organisations back after a route that changed them (transfer, role changes, switch).
 */
import type { TestApp } from './helpers.js';
import { pgSourceInput } from './helpers.js';
import { sessionFor } from './accounts.js';
import { as, makeTeam, makeUser, type Persona, type TeamFixture } from './org-fixtures.js';
import { nowIso } from '../store/db.js';
import { OrganizationRepo } from '../store/organizations.js';
import { JoinRequestRepo } from '../store/join-requests.js';

export type Who = 'outsider' | 'operator' | 'admin' | 'owner';
type Kind = 'ds' | 'group' | 'console' | 'chat' | 'collection' | 'dashboard' | 'chart';
const KINDS: readonly Kind[] = ['ds', 'group', 'console', 'chat', 'collection', 'dashboard', 'chart'];
type Owned = Record<Kind, number>;

export interface Fixture {
  team: TeamFixture & { teamName: string };
  /** The scratch database the data sources point at (table public.orders). */
  database: string;
  /** A SHARED data source of the team, made by its admin. */
  shared: number;
  inviteToken: string;
  persona(who: Who): Persona;
  /** The persona's own rows; the outsider gets the team owner's (ids of ours). */
  of(who: Who): Owned;
  /** A new row of that kind for a destructive route (same ownership rule as `of`). */
  fresh(kind: Kind, who: Who): Promise<number>;
  newMember(): Promise<Persona>;
  newJoinRequest(): Promise<number>;
  /** An open script application (approval flow) in the team: by the persona (the outsider: by our owner), else by a new member. */
  newApproval(by?: Who): Promise<number>;
  renewSessions(): Promise<void>;
  restore(): Promise<void>;
}

export async function accessTableFixture(t: TestApp, database: string): Promise<Fixture> {
  const db = t.deps.store.db;
  const orgs = new OrganizationRepo(db);
  const team = await makeTeam(t, 'Route');
  const teamName = (await orgs.get(team.teamId))!.name;
  const personas: Record<Who, Persona> = { outsider: team.outsider, operator: team.operator, admin: team.admin, owner: team.owner };
  const owner = (who: Who): Persona => personas[who === 'outsider' ? 'owner' : who];

  const owned = {} as Record<Exclude<Who, 'outsider'>, Owned>;
  /** The persona's rows made so far (a dashboard is made over the persona's source, a chart on its dashboard). */
  const building = new Map<number, Partial<Owned>>();
  const create = async (kind: Kind, p: Persona): Promise<number> => {
    const mine = building.get(p.userId) ?? {};
    const post = async (url: string, body: unknown) => {
      const r = await as(t, p, 'POST', url, body);
      if (typeof r.body.data !== 'number') throw new Error(`fixture ${kind}: ${r.status} ${r.body.errorMessage}`);
      return r.body.data as number;
    };
    if (kind === 'ds') return post('/api/connection/datasource/create', pgSourceInput(`private of ${p.name}`, database));
    if (kind === 'group') return post('/api/connection/group/create', { name: `group of ${p.name}` });
    if (kind === 'console') return post('/api/operation/saved/create', { name: `console of ${p.name}`, ddl: 'select 1' });
    if (kind === 'chat') return post('/api/ai/chat/save', { messages: [{ role: 'user', content: 'hello' }] });
    if (kind === 'dashboard') return post('/api/dashboard/create', { name: `board of ${p.name}`, dataset: { dataSourceId: mine.ds, databaseName: database, schemaName: 'public' } });
    if (kind === 'chart') return post('/api/chart/create', { dashboardId: mine.dashboard, name: `chart of ${p.name}`, sql: 'select count(*) as n from orders' });
    return post('/api/ai/data_collection/create', { title: `collection of ${p.name}` });
  };
  for (const who of ['operator', 'admin', 'owner'] as const) {
    const row: Partial<Owned> = {};
    building.set(personas[who].userId, row);
    for (const kind of KINDS) row[kind] = await create(kind, personas[who]);
    owned[who] = row as Owned;
  }
  const shared = (await as(t, team.admin, 'POST', '/api/connection/datasource/create', { ...pgSourceInput('shared', database), visibility: 'SHARED' })).body.data as number;
  const inviteToken = (await as(t, team.admin, 'POST', '/api/organization/invitation/create', { organizationId: team.teamId })).body.data.token as string;

  return {
    team: { ...team, teamName },
    database,
    shared,
    inviteToken,
    persona: (who) => personas[who],
    of: (who) => owned[who === 'outsider' ? 'owner' : who],
    fresh: (kind, who) => create(kind, owner(who)),
    newMember: () => team.addMember('OPERATOR'),
    async newJoinRequest() {
      const applicant = await makeUser(t, 'Applicant');
      return new JoinRequestRepo(db).create({ organizationId: team.teamId, userId: applicant.userId, name: 'Applicant', reason: null, via: 'CODE' });
    },
    async newApproval(by) {
      const applicant = by ? owner(by) : await team.addMember('OPERATOR', 'Applicant');
      const r = await as(t, applicant, 'POST', '/api/permission/apply', { applyType: 'script', script: 'delete from orders', dataSourceId: shared, reason: 'route table' });
      if (typeof r.body.data?.approvalId !== 'number') throw new Error(`fixture approval: ${r.status} ${r.body.errorMessage}`);
      return r.body.data.approvalId as number;
    },
    async renewSessions() {
      for (const p of Object.values(personas)) p.headers = await sessionFor(t, p.userId);
    },
    async restore() {
      const now = nowIso();
      await db.updateTable('organizations').set({ owner_id: team.owner.userId, name: teamName, updated_at: now }).where('id', '=', team.teamId).execute();
      for (const [p, role] of [[team.owner, 'SUPER_ADMIN'], [team.admin, 'ADMIN'], [team.operator, 'OPERATOR']] as const) {
        await orgs.upsertMember(team.teamId, p.userId, role, p.name);
        await orgs.setCurrent(p.userId, team.teamId);
      }
      await orgs.setCurrent(team.outsider.userId, team.outsiderTeamId);
    },
  };
}
