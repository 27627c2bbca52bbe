/**
 * Organisation fixtures for server-mode tests: users, their personal organisations, a team with an
 * owner (SUPER_ADMIN), an ADMIN and an OPERATOR, and another team's owner — written to the store
 * directly, each with a session (test/accounts.ts `sessionFor`), so a test needs no sign-up flow.
 */
import type { RoleCode } from '@askdb/contracts';
import type { TestApp } from './helpers.js';
import { sessionFor } from './accounts.js';
import { nowIso } from '../store/db.js';
import { OrganizationRepo } from '../store/organizations.js';
import { TeamService } from '../services/organizations/teams.js';

export interface Persona {
  userId: number;
  name: string;
  /** Cookie headers of an open session. */
  headers: Record<string, string>;
  /** The personal organisation. */
  personalOrgId: number;
}

let seq = 0;

/** A VALID user with a personal organisation (current) and a session. */
export async function makeUser(t: TestApp, name: string): Promise<Persona> {
  const db = t.deps.store.db;
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${process.pid}.${++seq}@example.test`;
  const now = nowIso();
  const u = await db
    .insertInto('users')
    .values({ name, email, phone: null, password_hash: null, role_code: 'USER', created_at: now, avatar: null, status: 'VALID', is_operator: 0, current_org_id: null, trial_start_time: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const personalOrgId = await new OrganizationRepo(db).createPersonal(u.id, name);
  return { userId: u.id, name, headers: await sessionFor(t, u.id), personalOrgId };
}

export interface TeamFixture {
  teamId: number;
  teamCode: string;
  owner: Persona;
  admin: Persona;
  operator: Persona;
  /** Owner of another team, which is their current organisation. */
  outsider: Persona;
  outsiderTeamId: number;
  /** A new member of the team in the role, current organisation the team. */
  addMember(role: RoleCode, name?: string): Promise<Persona>;
}

/** Makes a team of its own; every member's current organisation is the team. */
export async function makeTeam(t: TestApp, label = 'Team'): Promise<TeamFixture> {
  const db = t.deps.store.db;
  const orgs = new OrganizationRepo(db);
  const teams = new TeamService(db);
  const owner = await makeUser(t, `${label} Owner`);
  const { id: teamId, teamCode } = await teams.create({ userId: owner.userId, name: owner.name, lang: 'en-US' }, { name: `${label} ${seq}`, area: 'EU', industry: 'Software', role: 'CTO', agree: true });
  await orgs.setCurrent(owner.userId, teamId);
  const addMember = async (role: RoleCode, name = `${label} ${role} ${seq + 1}`) => {
    const p = await makeUser(t, name);
    await orgs.upsertMember(teamId, p.userId, role, name);
    await orgs.setCurrent(p.userId, teamId);
    return p;
  };
  const admin = await addMember('ADMIN', `${label} Admin`);
  const operator = await addMember('OPERATOR', `${label} Member`);
  const outsider = await makeUser(t, `${label} Outsider`);
  const other = await teams.create({ userId: outsider.userId, name: outsider.name, lang: 'en-US' }, { name: `Other ${label} ${seq}`, area: '', industry: '', role: '', agree: true });
  await orgs.setCurrent(outsider.userId, other.id);
  return { teamId, teamCode, owner, admin, operator, outsider, outsiderTeamId: other.id, addMember };
}

/** A JSON request as a persona (or anonymous), answering status and body. */
export async function as(t: TestApp, who: Persona | null, method: string, url: string, body?: unknown, lang?: string) {
  const headers: Record<string, string> = { ...(who?.headers ?? {}) };
  if (lang) headers['accept-language'] = lang;
  return t.json(method, url, body, headers);
}
