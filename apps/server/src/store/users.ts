/** Accounts (spec 02 §3 "User and login"): look-ups by e-mail or phone, profile and password updates. */
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';

export interface UserRecord {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  avatar: string | null;
  status: string;
  isOperator: boolean;
  currentOrgId: number | null;
  trialStartTime: string | null;
  createdAt: string;
}

type Row = { id: number; name: string; email: string | null; phone: string | null; password_hash: string | null; avatar: string | null; status: string; is_operator: number; current_org_id: number | null; trial_start_time: string | null; created_at: string };
const toUser = (r: Row): UserRecord => ({
  id: r.id, name: r.name, email: r.email, phone: r.phone, passwordHash: r.password_hash, avatar: r.avatar, status: r.status,
  isOperator: Number(r.is_operator) === 1, currentOrgId: r.current_org_id, trialStartTime: r.trial_start_time, createdAt: r.created_at,
});
const COLS = ['id', 'name', 'email', 'phone', 'password_hash', 'avatar', 'status', 'is_operator', 'current_org_id', 'trial_start_time', 'created_at'] as const;

export interface NewUser {
  name: string;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  isOperator: boolean;
}

export class UserRepo {
  constructor(private readonly db: StoreDb) {}

  async get(id: number): Promise<UserRecord | null> {
    const r = await this.db.selectFrom('users').select(COLS).where('id', '=', id).executeTakeFirst();
    return r ? toUser(r) : null;
  }
  async byEmail(email: string, db: StoreDb = this.db): Promise<UserRecord | null> {
    const r = await db.selectFrom('users').select(COLS).where('email', '=', email).executeTakeFirst();
    return r ? toUser(r) : null;
  }
  async byPhone(phone: string, db: StoreDb = this.db): Promise<UserRecord | null> {
    const r = await db.selectFrom('users').select(COLS).where('phone', '=', phone).executeTakeFirst();
    return r ? toUser(r) : null;
  }
  async byAccount(kind: 'email' | 'phone', value: string, db: StoreDb = this.db): Promise<UserRecord | null> {
    return kind === 'email' ? this.byEmail(value, db) : this.byPhone(value, db);
  }

  /** Inserts the account; pass the registration's transaction. */
  async create(u: NewUser, db: StoreDb = this.db): Promise<number> {
    const now = nowIso();
    const r = await db
      .insertInto('users')
      .values({ name: u.name, email: u.email, phone: u.phone, password_hash: u.passwordHash, role_code: 'USER', created_at: now, avatar: null, status: 'VALID', is_operator: u.isOperator ? 1 : 0, current_org_id: null, trial_start_time: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(id: number, patch: Partial<{ name: string; avatar: string | null; email: string; phone: string; passwordHash: string; status: string; isOperator: boolean }>): Promise<void> {
    const set: Record<string, unknown> = { updated_at: nowIso() };
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.avatar !== undefined) set.avatar = patch.avatar;
    if (patch.email !== undefined) set.email = patch.email;
    if (patch.phone !== undefined) set.phone = patch.phone;
    if (patch.passwordHash !== undefined) set.password_hash = patch.passwordHash;
    if (patch.status !== undefined) set.status = patch.status;
    if (patch.isOperator !== undefined) set.is_operator = patch.isOperator ? 1 : 0;
    await this.db.updateTable('users').set(set).where('id', '=', id).execute();
  }
}
