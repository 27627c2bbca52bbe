/**
 * Account settings (issue 12 point 5): display name and avatar (JPG/GIF/PNG under 1 MB, kept as a
 * data URL on the user), e-mail or phone changed with a passcode sent to the new address, personal
 * API keys (shown once, stored as SHA-256), and the user's sessions.
 */
import type { Language } from '@askdb/contracts';
import { AUTH_ERROR_CODES, AVATAR_MAX_BYTES, ERROR_CODES } from '@askdb/contracts';
import type { UserRepo } from '../../store/users.js';
import type { ApiKeyRepo } from '../../store/api-keys.js';
import type { AuthSessionRepo } from '../../store/auth-sessions.js';
import { AppError } from '../../http/errors.js';
import type { PasscodeService, Channel } from './passcodes.js';
import { randomToken, sha256 } from './crypto.js';
import { authError } from './errors.js';
import { authMsg } from './messages.js';
import { isUniqueViolation } from './registration.js';

const IMAGE_MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
};

/** Checks an avatar data URL (type by its bytes, size under 1 MB) and returns it normalised; throws the user's message. */
export function checkAvatar(dataUrl: string, lang: Language): string {
  const m = /^data:(image\/(?:png|jpeg|jpg|gif));base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!m) throw authError(400, ERROR_CODES.INVALID_PARAMS, lang, 'AVATAR_TYPE');
  const type = m[1] === 'image/jpg' ? 'image/jpeg' : m[1]!;
  const bytes = Buffer.from(m[2]!.replace(/\s+/g, ''), 'base64');
  if (bytes.length >= AVATAR_MAX_BYTES) throw authError(400, AUTH_ERROR_CODES.FILE_TOO_LARGE, lang, 'FILE_TOO_LARGE');
  if (!IMAGE_MAGIC[type]!(bytes)) throw authError(400, ERROR_CODES.INVALID_PARAMS, lang, 'AVATAR_TYPE');
  return `data:${type};base64,${bytes.toString('base64')}`;
}

export class AccountSettings {
  constructor(
    private readonly users: UserRepo,
    private readonly keys: ApiKeyRepo,
    private readonly sessions: AuthSessionRepo,
    private readonly passcodes: PasscodeService,
  ) {}

  async updateProfile(userId: number, patch: { displayName?: string; avatar?: string | null }, lang: Language): Promise<void> {
    const avatar = patch.avatar === undefined || patch.avatar === null ? patch.avatar : checkAvatar(patch.avatar, lang);
    await this.users.update(userId, { name: patch.displayName, avatar });
  }

  /** Moves the account to a new e-mail or phone after checking the CHANGE passcode sent there. */
  async changeAccount(userId: number, channel: Channel, value: string, passcode: string, lang: Language): Promise<void> {
    const taken = () => authError(409, AUTH_ERROR_CODES.ACCOUNT_EXISTS, lang, 'ACCOUNT_EXISTS', { what: authMsg(lang, channel === 'email' ? 'WHAT_EMAIL' : 'WHAT_PHONE') });
    const owner = await this.users.byAccount(channel, value);
    if (owner && owner.id !== userId) throw taken();
    await this.passcodes.verify(value, 'CHANGE', passcode, lang);
    try {
      await this.users.update(userId, channel === 'email' ? { email: value } : { phone: value });
    } catch (e) {
      if (isUniqueViolation(e)) throw taken();
      throw e;
    }
  }

  /** A new key `askdb_<43 base64url>`: returned once, stored as its SHA-256 with its first 12 characters. */
  async createApiKey(userId: number, name: string): Promise<{ id: number; name: string; prefix: string; key: string }> {
    const key = `askdb_${randomToken(32)}`;
    const prefix = key.slice(0, 12);
    const id = await this.keys.create(userId, name, prefix, sha256(key));
    return { id, name, prefix, key };
  }

  listApiKeys(userId: number) {
    return this.keys.list(userId);
  }

  async revokeApiKey(userId: number, id: number, lang: Language): Promise<void> {
    if (!(await this.keys.revoke(userId, id))) throw new AppError(404, ERROR_CODES.NOT_FOUND, authMsg(lang, 'API_KEY_NOT_FOUND', { id }));
  }

  async listSessions(userId: number, currentId: string | undefined) {
    const rows = await this.sessions.listLive(userId);
    return rows.map((s) => ({ id: s.id, userAgent: s.userAgent, ip: s.ip, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, expiresAt: s.expiresAt, current: s.id === currentId }));
  }

  async revokeSession(userId: number, id: string, lang: Language): Promise<void> {
    if (!(await this.sessions.revoke(userId, id))) throw new AppError(404, ERROR_CODES.NOT_FOUND, authMsg(lang, 'SESSION_NOT_FOUND'));
  }

  /** "Sign out everywhere": every session but the current one, or all of them. */
  revokeAllSessions(userId: number, keep: string | undefined): Promise<number> {
    return this.sessions.revokeAll(userId, keep);
  }

}
