/**
 * Signing in and out: password login (throttled per account and client address with growing waits,
 * never locked against the right password; rate-limit.ts LoginThrottle), passcode login (rate-limited
 * per account and address), one message for an unknown account and a wrong password, server-side sessions behind the cookie,
 * logout, and setting a new password with a passcode (which signs out every session).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language, LoginBody } from '@askdb/contracts';
import { AUTH_ERROR_CODES, passwordIsStrong } from '@askdb/contracts';
import type { StoreDb } from '../../store/db.js';
import { UserRepo, type UserRecord } from '../../store/users.js';
import { AuthSessionRepo } from '../../store/auth-sessions.js';
import type { PasscodeService } from './passcodes.js';
import type { LoginThrottle, RateLimiter } from './rate-limit.js';
import { hashPassword, randomToken, sha256, verifyPassword } from './crypto.js';
import { clearSessionCookie, SESSION_MS, setSessionCookie } from './cookies.js';
import { authError } from './errors.js';

export type AccountKind = 'email' | 'phone';

/** The normalised account and its kind: e-mails lower-cased, phones without spaces or dashes. */
export function parseAccount(account: string, kind?: AccountKind): { kind: AccountKind; value: string } {
  const k = kind ?? (account.includes('@') ? 'email' : 'phone');
  return { kind: k, value: k === 'email' ? account.trim().toLowerCase() : account.trim().replace(/[\s-]/g, '') };
}

export class SignInService {
  readonly users: UserRepo;
  readonly sessions: AuthSessionRepo;
  constructor(
    db: StoreDb,
    private readonly passcodes: PasscodeService,
    private readonly limiter: RateLimiter,
    private readonly throttle: LoginThrottle,
  ) {
    this.users = new UserRepo(db);
    this.sessions = new AuthSessionRepo(db);
  }

  async login(body: LoginBody, req: FastifyRequest, reply: FastifyReply): Promise<UserRecord> {
    const lang = req.ctx.lang;
    const { kind, value } = parseAccount(body.account, body.loginType.startsWith('EMAIL') ? 'email' : 'phone');
    const wrong = () => authError(400, AUTH_ERROR_CODES.WRONG_CREDENTIALS, lang, 'WRONG_CREDENTIALS');
    let user: UserRecord | null;
    if (body.loginType.endsWith('_PASSWORD')) {
      if (!body.password) throw authError(400, 'INVALID_PARAMS', lang, 'PASSWORD_REQUIRED');
      const account = `${kind}:${value}`;
      const attempt = await this.throttle.attempt(account, req.ip, lang);
      await this.limiter.hit('login', null, req.ip, lang);
      user = await this.users.byAccount(kind, value);
      const ok = await verifyPassword(body.password, user?.passwordHash ?? null);
      if (!user || !ok) {
        await this.throttle.failed(account, req.ip, attempt);
        throw wrong();
      }
      await this.throttle.succeeded(account, req.ip);
    } else {
      if (!body.passcode) throw authError(400, AUTH_ERROR_CODES.PASSCODE_REQUIRED, lang, 'PASSCODE_REQUIRED', { target: value });
      await this.limiter.hit('passcodeVerify', `${kind}:${value}`, req.ip, lang);
      await this.passcodes.verify(value, 'LOGIN', body.passcode, lang);
      user = await this.users.byAccount(kind, value);
      if (!user) throw wrong();
    }
    if (user.status !== 'VALID') throw authError(403, AUTH_ERROR_CODES.ACCOUNT_DISABLED, lang, 'ACCOUNT_DISABLED');
    await this.startSession(user.id, req, reply);
    return user;
  }

  /** Opens a session for the user and sets the cookie; the session this browser had before is closed. */
  async startSession(userId: number, req: FastifyRequest, reply: FastifyReply): Promise<string> {
    const { auth, user } = req.ctx;
    if (auth.kind === 'session' && auth.sessionId && user) await this.sessions.revoke(user.id, auth.sessionId);
    const token = randomToken(32);
    await this.sessions.create({ id: sha256(token), userId, userAgent: req.headers['user-agent'] ?? null, ip: req.ip, expiresAt: new Date(Date.now() + SESSION_MS).toISOString() });
    setSessionCookie(req, reply, token);
    return token;
  }

  async logout(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { auth, user } = req.ctx;
    if (auth.kind === 'session' && auth.sessionId && user) await this.sessions.revoke(user.id, auth.sessionId);
    clearSessionCookie(req, reply);
  }

  /** Forgot password: a RESET passcode sent to the account sets a new password and signs out everywhere. */
  async resetPassword(account: string, passcode: string, password: string, req: FastifyRequest): Promise<void> {
    const lang = req.ctx.lang;
    const { kind, value } = parseAccount(account);
    if (!passwordIsStrong(password)) throw authError(400, AUTH_ERROR_CODES.WEAK_PASSWORD, lang, 'WEAK_PASSWORD');
    await this.limiter.hit('passcodeVerify', `${kind}:${value}`, req.ip, lang);
    await this.passcodes.verify(value, 'RESET', passcode, lang);
    const user = await this.users.byAccount(kind, value);
    if (!user) throw authError(400, AUTH_ERROR_CODES.PASSCODE_EXPIRED, lang, 'PASSCODE_EXPIRED');
    await this.users.update(user.id, { passwordHash: await hashPassword(password) });
    await this.sessions.revokeAll(user.id);
  }

  /** Settings: a new password given the current one; the other sessions are signed out. */
  async changePassword(userId: number, oldPassword: string, newPassword: string, lang: Language, keepSession?: string): Promise<void> {
    const user = await this.users.get(userId);
    if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) throw authError(400, AUTH_ERROR_CODES.WRONG_CREDENTIALS, lang, 'WRONG_OLD_PASSWORD');
    if (!passwordIsStrong(newPassword)) throw authError(400, AUTH_ERROR_CODES.WEAK_PASSWORD, lang, 'WEAK_PASSWORD');
    await this.users.update(userId, { passwordHash: await hashPassword(newPassword) });
    await this.sessions.revokeAll(userId, keepSession);
  }
}
