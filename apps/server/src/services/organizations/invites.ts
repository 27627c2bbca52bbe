/**
 * Invitations (spec 02 §2 "Member management: invite member, invite link"; "Invite landing flow"):
 * an admin makes a link (a random token; the store keeps its SHA-256) or sends it by e-mail. The
 * landing page shows the team, then the invitee confirms a name and optional reason: that makes a
 * join request via INVITE which awaits admin approval, like a join by code. A link is reusable until
 * it expires; an e-mailed one is for one person and is used up by its first request.
 */
import { assertSeatAvailable } from '../commerce/seats.js';
import crypto from 'node:crypto';
import { ORGANIZATION_ERROR_CODES, ORGANIZATION_LIMITS, type Language } from '@askdb/contracts';
import { AppError } from '../../http/errors.js';
import type { StoreDb } from '../../store/db.js';
import { OrganizationRepo } from '../../store/organizations.js';
import { InvitationRepo, type InvitationRecord } from '../../store/invitations.js';
import { ADMIN_ROLES, requireMemberOf, requireTeam, type Actor } from './guard.js';
import { JoinService } from './joins.js';
import { orgMsg } from './messages.js';

/** How an invitation e-mail leaves the server (SMTP in production, the test's SMTP server in tests). */
export interface InviteMailer {
  send(m: { to: string; subject: string; text: string }): Promise<void>;
}

/** The web app's invite landing page; the token travels in the query. */
export const INVITE_PATH = '/invite';

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export class InviteService {
  private readonly orgs: OrganizationRepo;
  private readonly invitations: InvitationRepo;
  private readonly joins: JoinService;
  constructor(private readonly db: StoreDb, private readonly mailer: InviteMailer | null) {
    this.orgs = new OrganizationRepo(db);
    this.invitations = new InvitationRepo(db);
    this.joins = new JoinService(db);
  }

  /** A new invite link (admins); with `email`, the link is also mailed to that address. */
  async create(actor: Actor & { name: string }, organizationId: number, baseUrl: string, email?: string): Promise<{ token: string; url: string; expiresAt: string; sent: boolean; message?: string }> {
    const { org } = await requireMemberOf(this.orgs, organizationId, actor, ADMIN_ROLES);
    requireTeam(org, actor.lang);
    await assertSeatAvailable(this.db, org.id, actor.lang);
    const token = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ORGANIZATION_LIMITS.inviteDays * 86_400_000).toISOString();
    const url = `${baseUrl.replace(/\/+$/, '')}${INVITE_PATH}?token=${token}`;
    await this.invitations.create({ organizationId: org.id, tokenHash: sha256(token), email: email ?? null, createdBy: actor.userId, expiresAt });
    if (!email) return { token, url, expiresAt, sent: false };
    if (!this.mailer) return { token, url, expiresAt, sent: false, message: orgMsg(actor.lang, 'MAIL_NOT_CONFIGURED') };
    const params = { team: org.name, inviter: actor.name, url, days: ORGANIZATION_LIMITS.inviteDays };
    try {
      await this.mailer.send({ to: email, subject: orgMsg(actor.lang, 'INVITE_MAIL_SUBJECT', params), text: orgMsg(actor.lang, 'INVITE_MAIL_TEXT', params) });
    } catch (e) {
      // The link exists either way: the admin can hand it over another way.
      return { token, url, expiresAt, sent: false, message: orgMsg(actor.lang, 'MAIL_FAILED', { reason: (e as Error).message.slice(0, 200) }) };
    }
    return { token, url, expiresAt, sent: true };
  }

  private async valid(token: string, lang: Language, db: StoreDb = this.db): Promise<InvitationRecord> {
    const inv = await this.invitations.byTokenHash(sha256(token), db);
    if (!inv || inv.usedAt || Date.parse(inv.expiresAt) <= Date.now()) throw new AppError(400, ORGANIZATION_ERROR_CODES.INVALID_INVITATION, orgMsg(lang, 'INVALID_INVITATION'));
    return inv;
  }

  /** What the landing page shows before the invitee confirms. */
  async peek(actor: Actor, token: string): Promise<{ organizationId: number; name: string; avatar: string | null; alreadyMember: boolean }> {
    const inv = await this.valid(token, actor.lang);
    const org = (await this.orgs.get(inv.organizationId))!;
    const m = await this.orgs.membership(org.id, actor.userId);
    return { organizationId: org.id, name: org.name, avatar: org.avatar, alreadyMember: m?.status === 'VALID' };
  }

  /** The invitee's request to join; an e-mailed invitation is used up in the same transaction. */
  async accept(actor: Actor, token: string, name: string, reason?: string): Promise<{ approvalId: number; organizationId: number }> {
    return this.db.transaction().execute(async (tx) => {
      const inv = await this.valid(token, actor.lang, tx);
      const org = (await this.orgs.get(inv.organizationId, tx))!;
      const r = await this.joins.request(actor, org, name, reason, 'INVITE', tx);
      if (inv.email) await this.invitations.markUsed(inv.id, tx);
      return r;
    });
  }
}
