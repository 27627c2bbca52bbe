/**
 * WeChat scan sign-in behind a provider interface. The page shows a QR code for a ticket and polls
 * its status (WAITING → SCANNED → CONFIRMED); on CONFIRMED the polling browser gets the session.
 *
 * Real WeChat (open platform "website application" QR login) needs an AppID and secret that this
 * project does not have: `configuredWeChatProvider` is the slot for it and returns null. What ships
 * is the development provider: its QR code names a ticket, and the scan and confirm steps are an
 * explicit endpoint (`POST /api/oauth/wechat_dev_confirm`) that answers only with ASKDB_WECHAT_DEV=1.
 */
import QRCode from 'qrcode';
import type { Language } from '@askdb/contracts';
import type { WeChatTicketRepo } from '../../store/wechat-tickets.js';
import type { OAuthRepo } from '../../store/oauth.js';
import type { AuthConfig } from './auth-config.js';
import type { RegistrationService } from './registration.js';
import { randomToken } from './crypto.js';

export type WeChatStatus = 'WAITING' | 'SCANNED' | 'CONFIRMED' | 'EXPIRED';
export const WECHAT_TICKET_TTL_MS = 5 * 60_000;

export interface WeChatProvider {
  /** A new ticket and the text its QR code carries (WeChat's URL for a real provider). */
  createTicket(): Promise<{ ticket: string; qrContent: string }>;
  /** The ticket's status; `userId` once CONFIRMED. */
  poll(ticket: string): Promise<{ status: WeChatStatus; userId?: number }>;
}

/** The slot for the real WeChat provider (AppID/secret from the environment). None is configured: null. */
export function configuredWeChatProvider(_config: AuthConfig): WeChatProvider | null {
  return null;
}

/** Tickets in the store; scanned and confirmed by `confirm` (the development endpoint). */
export class DevWeChatProvider implements WeChatProvider {
  constructor(private readonly tickets: WeChatTicketRepo) {}

  async createTicket() {
    const ticket = randomToken(24);
    await this.tickets.create(ticket, new Date(Date.now() + WECHAT_TICKET_TTL_MS).toISOString());
    return { ticket, qrContent: `askdb-wechat-dev:${ticket}` };
  }

  async poll(ticket: string): Promise<{ status: WeChatStatus; userId?: number }> {
    const t = await this.tickets.get(ticket);
    if (!t || t.status === 'DONE' || Date.parse(t.expiresAt) <= Date.now()) return { status: 'EXPIRED' };
    return t.status === 'CONFIRMED' && t.userId !== null ? { status: 'CONFIRMED', userId: t.userId } : { status: t.status as WeChatStatus };
  }

  /** The phone's side, for development: `scan`, then `confirm` as the user the WeChat open id belongs to. */
  async step(ticket: string, step: 'scan' | 'confirm', userId?: number): Promise<boolean> {
    return step === 'scan' ? this.tickets.advance(ticket, ['WAITING'], 'SCANNED') : this.tickets.advance(ticket, ['WAITING', 'SCANNED'], 'CONFIRMED', userId);
  }
}

export class WeChatService {
  constructor(
    readonly provider: WeChatProvider,
    private readonly tickets: WeChatTicketRepo,
    private readonly identities: OAuthRepo,
    private readonly registration: RegistrationService,
  ) {}

  async qr(): Promise<{ ticket: string; qrUrl: string; expiresInSeconds: number }> {
    const { ticket, qrContent } = await this.provider.createTicket();
    return { ticket, qrUrl: await QRCode.toDataURL(qrContent, { margin: 1, width: 240 }), expiresInSeconds: WECHAT_TICKET_TTL_MS / 1000 };
  }

  /** The status; when CONFIRMED, the user to sign in — handed out once (the ticket becomes DONE). */
  async poll(ticket: string): Promise<{ status: WeChatStatus; userId?: number }> {
    const r = await this.provider.poll(ticket);
    if (r.status !== 'CONFIRMED' || r.userId === undefined) return { status: r.status };
    if (!(await this.tickets.advance(ticket, ['CONFIRMED'], 'DONE'))) return { status: 'EXPIRED' };
    return r;
  }

  /** The account of a WeChat user (by open id), registered on first sign-in. */
  async userFor(openId: string, name: string, lang: Language): Promise<number> {
    const linked = await this.identities.userOf('wechat', openId);
    if (linked !== null) return linked;
    return this.registration.registerExternal({ name, email: null }, (tx, id) => this.identities.link('wechat', openId, id, tx), lang);
  }
}
