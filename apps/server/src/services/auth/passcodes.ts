/**
 * One-time passcodes by e-mail or SMS: 6 digits, stored hashed, expire after AuthConfig.passcodeTtlSeconds
 * (10 min), at most 5 attempts each, a new one only after a 60 s countdown, used once. Without a
 * configured sender (development), or with ASKDB_LOG_PASSCODES=1, the code is written to the log.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Language, PasscodePurpose } from '@askdb/contracts';
import { AUTH_ERROR_CODES, PASSCODE_LENGTH, PASSCODE_RESEND_SECONDS } from '@askdb/contracts';
import type { PasscodeRepo } from '../../store/passcodes.js';
import type { AuthConfig } from './auth-config.js';
import { mailSender, type PasscodeSender } from './mail.js';
import { smsSender } from './sms.js';
import { randomDigits, sameText, sha256 } from './crypto.js';
import { authError } from './errors.js';

export type Channel = 'email' | 'phone';
export const MAX_PASSCODE_ATTEMPTS = 5;

export interface SendResult {
  /** Seconds until a new code may be asked for (the web's countdown). */
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

export class PasscodeService {
  private readonly senders: Partial<Record<Channel, PasscodeSender>>;
  private sent = 0;
  constructor(
    private readonly repo: PasscodeRepo,
    private readonly config: AuthConfig,
  ) {
    this.senders = {
      ...(config.smtp ? { email: mailSender(config.smtp) } : {}),
      ...(config.smsWebhookUrl ? { phone: smsSender(config.smsWebhookUrl) } : {}),
    };
  }

  /** A real sender exists for the channel (registration then requires a verified e-mail or phone). */
  hasSender(channel: Channel): boolean {
    return !!this.senders[channel];
  }

  /** Seconds left in the resend countdown for the target (0 = may send now). */
  async resendWait(target: string, purpose: PasscodePurpose): Promise<number> {
    const last = await this.repo.latest(target, purpose);
    if (!last) return 0;
    const elapsed = (Date.now() - Date.parse(last.createdAt)) / 1000;
    return Math.max(0, Math.ceil(PASSCODE_RESEND_SECONDS - elapsed));
  }

  /** Creates and sends a code. `deliver: false` answers the same without sending (unknown account: no enumeration). */
  async send(channel: Channel, target: string, purpose: PasscodePurpose, lang: Language, log: FastifyBaseLogger, deliver = true): Promise<SendResult> {
    const wait = await this.resendWait(target, purpose);
    if (wait > 0) throw authError(429, AUTH_ERROR_CODES.PASSCODE_TOO_SOON, lang, 'PASSCODE_TOO_SOON', { seconds: wait }, String(wait));
    const ttl = this.config.passcodeTtlSeconds;
    if (++this.sent % 50 === 0) await this.repo.prune(new Date(Date.now() - 86400_000).toISOString()).catch(() => {});
    const code = randomDigits(PASSCODE_LENGTH);
    await this.repo.create(target, purpose, sha256(`${target}:${purpose}:${code}`), new Date(Date.now() + ttl * 1000).toISOString());
    const sender = this.senders[channel];
    if (deliver && (!sender || this.config.logPasscodes)) log.warn({ passcodeTarget: target, purpose }, `passcode for ${target} (${purpose}): ${code} — development log: no ${channel} sender configured or ASKDB_LOG_PASSCODES=1`);
    if (deliver && sender) {
      try {
        await sender.send({ target, code, purpose, lang, minutes: Math.round(ttl / 60) });
      } catch (e) {
        log.error({ err: e }, 'passcode delivery failed');
        throw authError(502, AUTH_ERROR_CODES.PASSCODE_SEND_FAILED, lang, 'PASSCODE_SEND_FAILED', { reason: (e as Error).message.slice(0, 200) });
      }
    }
    return { resendAfterSeconds: PASSCODE_RESEND_SECONDS, expiresInSeconds: ttl };
  }

  /**
   * Checks a code and uses it up. Refuses with PASSCODE_EXPIRED when the newest code is expired,
   * used, or out of attempts; PASSCODE_INVALID (attempts left) when it does not match.
   */
  async verify(target: string, purpose: PasscodePurpose, code: string, lang: Language): Promise<void> {
    const row = await this.repo.latest(target, purpose);
    const expired = () => authError(400, AUTH_ERROR_CODES.PASSCODE_EXPIRED, lang, 'PASSCODE_EXPIRED');
    if (!row || row.consumedAt || Date.parse(row.expiresAt) <= Date.now() || row.attempts >= MAX_PASSCODE_ATTEMPTS) throw expired();
    const attempts = await this.repo.addAttempt(row.id);
    if (attempts > MAX_PASSCODE_ATTEMPTS) throw expired();
    if (!sameText(sha256(`${target}:${purpose}:${code}`), row.codeHash)) {
      const left = MAX_PASSCODE_ATTEMPTS - attempts;
      if (left <= 0) throw expired();
      throw authError(400, AUTH_ERROR_CODES.PASSCODE_INVALID, lang, 'PASSCODE_INVALID', { left });
    }
    if (!(await this.repo.consume(row.id))) throw expired();
  }
}
