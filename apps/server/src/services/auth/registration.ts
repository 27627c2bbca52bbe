/**
 * Registration (`register_a`): the deployment's policy (OPEN / INVITE_ONLY / CLOSED: env
 * ASKDB_REGISTRATION, overridden by the operator in kv ('app','registrationPolicy')), invitation
 * tokens, the password rule, the e-mail/phone passcode when a sender for it is configured, and the
 * account with its PERSONAL organisation written in one transaction. The first account becomes the
 * operator (claimed atomically in kv, so two replicas cannot both hand it out), unless
 * ASKDB_OPERATOR_EMAIL names the operator; that account and the very first one may register
 * whatever the policy, so a new deployment is set up without editing its store.
 */
import type { Language, RegisterBody, RegistrationPolicy } from '@askdb/contracts';
import { AUTH_ERROR_CODES, passwordIsStrong, REGISTRATION_POLICIES } from '@askdb/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { StoreDb } from '../../store/db.js';
import { nowIso } from '../../store/db.js';
import type { KvRepo } from '../../store/kv.js';
import { UserRepo } from '../../store/users.js';
import { OrganizationRepo } from '../../store/organizations.js';
import type { AuthConfig } from './auth-config.js';
import type { PasscodeService } from './passcodes.js';
import { hashPassword, sha256 } from './crypto.js';
import { authError } from './errors.js';
import { authMsg } from './messages.js';

const POLICY_KEY = 'registrationPolicy';
const OPERATOR_KEY = 'operatorUserId';

export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || err?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export class RegistrationService {
  private readonly users: UserRepo;
  private readonly orgs: OrganizationRepo;
  constructor(
    private readonly db: StoreDb,
    private readonly kv: KvRepo,
    private readonly config: AuthConfig,
    private readonly passcodes: PasscodeService,
  ) {
    this.users = new UserRepo(db);
    this.orgs = new OrganizationRepo(db);
  }

  async policy(): Promise<{ policy: RegistrationPolicy; source: 'env' | 'setting' }> {
    const stored = await this.kv.get('app', POLICY_KEY);
    if (stored && REGISTRATION_POLICIES.includes(stored as RegistrationPolicy)) return { policy: stored as RegistrationPolicy, source: 'setting' };
    return { policy: this.config.registration, source: 'env' };
  }

  async setPolicy(policy: RegistrationPolicy): Promise<void> {
    await this.kv.set('app', POLICY_KEY, policy);
  }

  /** Creates the account (and its personal organisation) or throws; nothing is written when it throws. */
  async register(body: RegisterBody, lang: Language, log: FastifyBaseLogger): Promise<number> {
    const channel = body.email ? 'email' : 'phone';
    const target = (body.email ?? body.phone)!;
    if (!(await this.privileged(body.email))) await this.checkPolicy(body, lang);
    if (!passwordIsStrong(body.password)) throw authError(400, AUTH_ERROR_CODES.WEAK_PASSWORD, lang, 'WEAK_PASSWORD');
    const exists = () => authError(409, AUTH_ERROR_CODES.ACCOUNT_EXISTS, lang, 'ACCOUNT_EXISTS', { what: authMsg(lang, channel === 'email' ? 'WHAT_EMAIL' : 'WHAT_PHONE') });
    if (await this.users.byAccount(channel, target)) throw exists();
    if (this.passcodes.hasSender(channel) && !body.passcode) throw authError(400, AUTH_ERROR_CODES.PASSCODE_REQUIRED, lang, 'PASSCODE_REQUIRED', { target });
    if (body.passcode) await this.passcodes.verify(target, 'REGISTER', body.passcode, lang);
    const passwordHash = await hashPassword(body.password);
    return this.insertAccount({ name: body.displayName, email: body.email ?? null, phone: body.phone ?? null, passwordHash }, exists, log);
  }

  /**
   * An account for a first sign-in through GitHub, Google or WeChat (no password); `link` records the
   * external identity in the same transaction. Only an OPEN deployment (or the operator-to-be) takes one.
   */
  async registerExternal(p: { name: string; email: string | null }, link: (tx: StoreDb, userId: number) => Promise<void>, lang: Language, log?: FastifyBaseLogger): Promise<number> {
    if (!(await this.privileged(p.email ?? undefined))) {
      const { policy } = await this.policy();
      if (policy === 'CLOSED') throw authError(403, AUTH_ERROR_CODES.REGISTRATION_CLOSED, lang, 'REGISTRATION_CLOSED');
      if (policy === 'INVITE_ONLY') throw authError(403, AUTH_ERROR_CODES.INVITATION_INVALID, lang, 'INVITATION_REQUIRED');
    }
    const email = p.email && !(await this.users.byEmail(p.email)) ? p.email : null;
    const exists = () => authError(409, AUTH_ERROR_CODES.ACCOUNT_EXISTS, lang, 'ACCOUNT_EXISTS', { what: authMsg(lang, 'WHAT_EMAIL') });
    return this.insertAccount({ name: p.name || 'user', email, phone: null, passwordHash: null }, exists, log, link);
  }

  /** May register whatever the policy: the designated operator's e-mail, or anyone while no operator exists. */
  private async privileged(email: string | undefined): Promise<boolean> {
    const designated = this.config.operatorEmail;
    return designated ? email === designated : (await this.kv.get('app', OPERATOR_KEY)) === null;
  }

  /** The user, the operator claim and the personal organisation (and `extra`) in one transaction. */
  private async insertAccount(u: { name: string; email: string | null; phone: string | null; passwordHash: string | null }, exists: () => Error, log?: FastifyBaseLogger, extra?: (tx: StoreDb, userId: number) => Promise<void>): Promise<number> {
    const designated = this.config.operatorEmail;
    try {
      return await this.db.transaction().execute(async (tx) => {
        let isOperator = false;
        if (designated) isOperator = u.email === designated;
        else {
          const claimed = await tx.insertInto('kv').values({ scope: 'app', key: OPERATOR_KEY, value: 'pending', updated_at: nowIso() }).onConflict((oc) => oc.columns(['scope', 'key']).doNothing()).returning('key').executeTakeFirst();
          isOperator = !!claimed;
        }
        const id = await this.users.create({ ...u, isOperator }, tx);
        if (isOperator && !designated) await tx.updateTable('kv').set({ value: String(id) }).where('scope', '=', 'app').where('key', '=', OPERATOR_KEY).execute();
        await this.orgs.createPersonal(id, u.name, tx);
        if (extra) await extra(tx, id);
        log?.info({ userId: id, isOperator }, 'account registered');
        return id;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw exists();
      throw e;
    }
  }

  private async checkPolicy(body: RegisterBody, lang: Language): Promise<void> {
    const { policy } = await this.policy();
    if (policy === 'CLOSED') throw authError(403, AUTH_ERROR_CODES.REGISTRATION_CLOSED, lang, 'REGISTRATION_CLOSED');
    if (policy === 'INVITE_ONLY' && !body.inviteToken) throw authError(403, AUTH_ERROR_CODES.INVITATION_INVALID, lang, 'INVITATION_REQUIRED');
    if (body.inviteToken) {
      const inv = await this.db.selectFrom('invitations').select(['email', 'expires_at', 'used_at']).where('token_hash', '=', sha256(body.inviteToken)).executeTakeFirst();
      const ok = inv && !inv.used_at && Date.parse(inv.expires_at) > Date.now() && (!inv.email || inv.email.toLowerCase() === body.email);
      if (!ok) throw authError(403, AUTH_ERROR_CODES.INVITATION_INVALID, lang, 'INVITATION_INVALID');
    }
  }
}
