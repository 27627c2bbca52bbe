/** Invitation e-mails go out through the deployment's SMTP settings (AuthConfig.smtp, the same server as passcodes). */
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.js';
import type { InviteMailer } from './invites.js';

interface SmtpSettings { url?: string; host?: string; port?: number; user?: string; pass?: string; from: string }

/** The mailer, or null when the deployment has no SMTP settings (the admin then copies the link). */
export function inviteMailerFor(config: AppConfig): InviteMailer | null {
  const smtp = (config as AppConfig & { auth?: { smtp?: SmtpSettings } }).auth?.smtp;
  if (!smtp) return null;
  const transport = smtp.url
    ? nodemailer.createTransport(smtp.url)
    : nodemailer.createTransport({ host: smtp.host, port: smtp.port ?? 587, auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined });
  return {
    async send(m) {
      await transport.sendMail({ from: smtp.from, to: m.to, subject: m.subject, text: m.text });
    },
  };
}
