/**
 * Server mode's ContextResolver (contract): the session cookie or a Bearer API key → the user →
 * users.current_org_id → a VALID membership gives the role; a missing or INVALID membership falls
 * back to the user's PERSONAL organisation. Revoked or expired sessions, revoked keys and users
 * whose status is not VALID are anonymous. Sessions slide: last_seen_at and expires_at move at
 * most once a minute.
 *
 * With a ReadCache (server mode on PostgreSQL) the session row and the user's context are kept
 * between requests and dropped by the store's change feed when any of their rows changes (a
 * logout, a disabled user, a removed member, a switched organisation), on every replica before its
 * next request; expiry is checked on every request.
 */
import type { FastifyRequest } from 'fastify';
import type { RoleCode } from '@askdb/contracts';
import type { StoreDb } from '../../store/db.js';
import { AuthSessionRepo } from '../../store/auth-sessions.js';
import { ApiKeyRepo } from '../../store/api-keys.js';
import { UserRepo } from '../../store/users.js';
import { OrganizationRepo } from '../../store/organizations.js';
import { anonymousContext, type ContextResolver, type RequestContext } from '../../http/context.js';
import type { Freshness, ReadCache } from '../../store/read-cache.js';
import { nowIso } from '../../store/db.js';
import { bearerKeyOf, sessionTokenOf, SESSION_MS } from './cookies.js';
import { sha256 } from './crypto.js';

const TOUCH_EVERY_MS = 60_000;

/** Requests whose session just slid forward: the answer renews the cookie's 30 days (routes/auth.ts). */
export const slidSessions = new WeakMap<FastifyRequest, string>();

export type Identity = Omit<RequestContext, 'lang'>;
export type ContextFor = (userId: number, auth: RequestContext['auth'], fresh?: Freshness | null) => Promise<Identity>;

/** The context of a signed-in user: current organisation when the membership is VALID, else the personal one. */
export function userContext(db: StoreDb, cache?: ReadCache): ContextFor {
  const read = readUserContext(db);
  const withAuth = (c: UserContext, auth: RequestContext['auth']): Identity => (c.user ? { ...c, auth } : anonymousContext('TEAM_PRO'));
  if (!cache) return async (userId, auth) => withAuth((await read(userId)).value, auth);
  return async (userId, auth, fresh) => ({ ...withAuth(await cache.get(`ctx:${userId}`, () => read(userId), copyContext, fresh), auth), fresh });
}

type UserContext = Omit<Identity, 'auth'>;
const copyContext = (c: UserContext): UserContext => ({ ...c, user: c.user && { ...c.user }, organization: c.organization && { ...c.organization } });

/** Reads the context with the tags of every row it depends on (the user's row and memberships, the organisations). */
function readUserContext(db: StoreDb): (userId: number) => Promise<{ value: UserContext; tags: string[] }> {
  const users = new UserRepo(db);
  const orgs = new OrganizationRepo(db);
  return async (userId) => {
    const tags = [`user:${userId}`];
    const user = await users.get(userId);
    if (!user || user.status !== 'VALID') {
      const { auth: _none, ...anonymous } = anonymousContext('TEAM_PRO');
      return { value: anonymous, tags };
    }
    let org = user.currentOrgId !== null ? await orgs.get(user.currentOrgId) : null;
    let member = org ? await orgs.membership(org.id, user.id) : null;
    if (org) tags.push(`org:${org.id}`);
    if (!org || !member || member.status !== 'VALID') {
      org = await orgs.personalOf(user.id);
      member = org ? await orgs.membership(org.id, user.id) : null;
      if (org) tags.push(`org:${org.id}`);
    }
    const role: RoleCode | null = member && member.status === 'VALID' ? member.roleCode : null;
    const value: UserContext = {
      user: { id: user.id, name: user.name, roleCode: role ?? 'OPERATOR', isAdmin: role === 'ADMIN' || role === 'SUPER_ADMIN', isOperator: user.isOperator },
      organization: org ? { id: org.id, type: org.type, name: org.name } : null,
      organizationId: org?.id ?? null,
      role,
      edition: 'TEAM_PRO',
    };
    return { value, tags };
  };
}

type LiveSession = NonNullable<Awaited<ReturnType<AuthSessionRepo['live']>>>;

/** The live session with this id: cached (tagged by the session and its user) when a cache is given; expiry checked each time. */
function liveSessions(db: StoreDb, cache?: ReadCache): (id: string, fresh: Freshness | null) => Promise<LiveSession | null> {
  const sessions = new AuthSessionRepo(db);
  if (!cache) return (id) => sessions.live(id);
  return async (id, fresh) => {
    const s = await cache.get(`session:${id}`, async () => {
      const value = await sessions.live(id);
      // An unknown token is not kept: random cookies must not push real sessions out.
      return value ? { value, tags: [`session:${id}`, `user:${value.userId}`] } : { value, tags: [], until: 0 };
    }, (v) => (v ? { ...v } : v), fresh);
    return s && s.expiresAt > nowIso() ? s : null;
  };
}

export function sessionIdentity(db: StoreDb, cache?: ReadCache): ContextResolver {
  const sessions = new AuthSessionRepo(db);
  const live = liveSessions(db, cache);
  const keys = new ApiKeyRepo(db);
  const contextFor = userContext(db, cache);
  const anonymous = () => anonymousContext('TEAM_PRO');

  return {
    async resolve(req: FastifyRequest): Promise<Identity> {
      // One round trip on the change feed for the whole request (ReadCache.freshness), when there is someone to look up.
      const caughtUp = () => (cache ? cache.freshness() : Promise.resolve(null));
      const key = bearerKeyOf(req);
      if (key) {
        const fresh = await caughtUp();
        const k = await keys.byHash(sha256(key));
        if (!k || k.userStatus !== 'VALID') return anonymous();
        if (!k.lastUsedAt || Date.now() - Date.parse(k.lastUsedAt) > TOUCH_EVERY_MS) await keys.markUsed(k.id);
        return contextFor(k.userId, { kind: 'apiKey', apiKeyId: k.id }, fresh);
      }
      const token = sessionTokenOf(req);
      if (!token) return anonymous();
      const fresh = await caughtUp();
      const id = sha256(token);
      const s = await live(id, fresh);
      if (!s || s.userStatus !== 'VALID') return anonymous();
      const now = Date.now();
      if (now - Date.parse(s.lastSeenAt) > TOUCH_EVERY_MS) {
        await sessions.touch(id, new Date(now).toISOString(), new Date(now + SESSION_MS).toISOString());
        slidSessions.set(req, token);
      }
      return contextFor(s.userId, { kind: 'session', sessionId: id }, fresh);
    },
  };
}
