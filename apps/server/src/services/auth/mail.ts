/** The mail sender of passcodes: SMTP through nodemailer, settings from the environment (AuthConfig.smtp). */
import nodemailer from 'nodemailer';
import type { Language } from '@askdb/contracts';
import type { AuthConfig } from './auth-config.js';
import { authMsg } from './messages.js';

export interface PasscodeMessage {
  target: string;
  code: string;
  purpose: string;
  lang: Language;
  minutes: number;
}
export interface PasscodeSender {
  send(m: PasscodeMessage): Promise<void>;
}

/** The SMTP transport of the configured settings (passcodes and account notices share it). */
export function smtpTransport(smtp: NonNullable<AuthConfig['smtp']>) {
  return smtp.url
    ? nodemailer.createTransport(smtp.url)
    : nodemailer.createTransport({ host: smtp.host, port: smtp.port ?? 587, auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined });
}

export function mailSender(smtp: NonNullable<AuthConfig['smtp']>): PasscodeSender {
  const transport = smtpTransport(smtp);
  return {
    async send(m) {
      await transport.sendMail({
        from: smtp.from,
        to: m.target,
        subject: authMsg(m.lang, 'MAIL_SUBJECT', { code: m.code }),
        text: authMsg(m.lang, 'MAIL_BODY', { code: m.code, minutes: m.minutes }),
      });
    },
  };
}
