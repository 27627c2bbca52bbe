/** WeChat scan tickets (wechat_tickets): WAITING → SCANNED → CONFIRMED (user known) → DONE once a session was opened. */
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export interface WeChatTicketRecord {
  ticket: string;
  status: string;
  userId: number | null;
  expiresAt: string;
}

export class WeChatTicketRepo {
  constructor(private readonly db: StoreDb) {}

  async create(ticket: string, expiresAt: string): Promise<void> {
    await this.db.insertInto('wechat_tickets').values({ ticket, status: 'WAITING', user_id: null, session_token: null, expires_at: expiresAt, created_at: nowIso() }).execute();
  }

  async get(ticket: string): Promise<WeChatTicketRecord | null> {
    const r = await this.db.selectFrom('wechat_tickets').select(['ticket', 'status', 'user_id', 'expires_at']).where('ticket', '=', ticket).executeTakeFirst();
    return r ? { ticket: r.ticket, status: r.status, userId: r.user_id, expiresAt: r.expires_at } : null;
  }

  /** Moves the ticket from one status to the next; false when another request moved it first. */
  async advance(ticket: string, from: string[], to: string, userId?: number): Promise<boolean> {
    const r = await this.db
      .updateTable('wechat_tickets')
      .set({ status: to, ...(userId !== undefined ? { user_id: userId } : {}) })
      .where('ticket', '=', ticket)
      .where('status', 'in', from)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
