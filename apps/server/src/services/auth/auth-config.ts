/** Sign-in settings from the environment (AppConfig.auth), read once at start. */
import type { RegistrationPolicy } from '@askdb/contracts';
import { REGISTRATION_POLICIES } from '@askdb/contracts';

export interface OidcProviderConfig {
  clientId: string;
  clientSecret: string;
  /** OpenID Connect issuer (Google, or any OIDC provider): endpoints come from its discovery document. */
  issuer?: string;
  /** Plain OAuth 2 (GitHub): endpoints given directly. */
  authorizationUrl?: string;
  tokenUrl?: string;
  userinfoUrl?: string;
  /** GitHub: the list of the user's e-mails with their verified flag. */
  emailsUrl?: string;
  scope: string;
}

export interface AuthConfig {
  /** ASKDB_REGISTRATION (default OPEN); the operator may override it in the store. */
  registration: RegistrationPolicy;
  /** ASKDB_OPERATOR_EMAIL: this account becomes the operator (instead of the first one registered). */
  operatorEmail?: string;
  /** ASKDB_SMTP_URL, or ASKDB_SMTP_HOST/PORT/USER/PASS; ASKDB_SMTP_FROM. */
  smtp?: { url?: string; host?: string; port?: number; user?: string; pass?: string; from: string };
  /** ASKDB_SMS_WEBHOOK_URL: POST {phone, code, purpose} as JSON. */
  smsWebhookUrl?: string;
  /** ASKDB_LOG_PASSCODES=1: also write passcodes to the log (development). Always on when no sender is configured. */
  logPasscodes: boolean;
  passcodeTtlSeconds: number;
  /** ASKDB_PUBLIC_URL: the address browsers use, for OAuth redirect URIs (default: from the request). */
  publicUrl?: string;
  oidc: { google?: OidcProviderConfig; github?: OidcProviderConfig };
  /** ASKDB_WECHAT_DEV=1: the development WeChat provider's confirm endpoint is open. */
  wechatDev: boolean;
}

export function authConfigFromEnv(env: NodeJS.ProcessEnv): AuthConfig {
  const reg = (env.ASKDB_REGISTRATION ?? 'OPEN').toUpperCase();
  if (!REGISTRATION_POLICIES.includes(reg as RegistrationPolicy)) throw new Error(`ASKDB_REGISTRATION must be one of ${REGISTRATION_POLICIES.join(', ')}, got "${env.ASKDB_REGISTRATION}"`);
  const smtpConfigured = env.ASKDB_SMTP_URL || env.ASKDB_SMTP_HOST;
  const google = env.ASKDB_OIDC_GOOGLE_CLIENT_ID
    ? { issuer: env.ASKDB_OIDC_GOOGLE_ISSUER || 'https://accounts.google.com', clientId: env.ASKDB_OIDC_GOOGLE_CLIENT_ID, clientSecret: env.ASKDB_OIDC_GOOGLE_CLIENT_SECRET ?? '', scope: 'openid email profile' }
    : undefined;
  const github = env.ASKDB_OAUTH_GITHUB_CLIENT_ID
    ? {
        clientId: env.ASKDB_OAUTH_GITHUB_CLIENT_ID,
        clientSecret: env.ASKDB_OAUTH_GITHUB_CLIENT_SECRET ?? '',
        authorizationUrl: env.ASKDB_OAUTH_GITHUB_AUTHORIZATION_URL || 'https://github.com/login/oauth/authorize',
        tokenUrl: env.ASKDB_OAUTH_GITHUB_TOKEN_URL || 'https://github.com/login/oauth/access_token',
        userinfoUrl: env.ASKDB_OAUTH_GITHUB_USERINFO_URL || 'https://api.github.com/user',
        // An empty ASKDB_OAUTH_GITHUB_EMAILS_URL turns the e-mail list off (an OAuth 2 provider that puts the e-mail in userinfo).
        emailsUrl: (env.ASKDB_OAUTH_GITHUB_EMAILS_URL ?? 'https://api.github.com/user/emails') || undefined,
        scope: env.ASKDB_OAUTH_GITHUB_SCOPE || 'read:user user:email',
      }
    : undefined;
  return {
    registration: reg as RegistrationPolicy,
    operatorEmail: env.ASKDB_OPERATOR_EMAIL?.trim().toLowerCase() || undefined,
    smtp: smtpConfigured
      ? { url: env.ASKDB_SMTP_URL || undefined, host: env.ASKDB_SMTP_HOST, port: env.ASKDB_SMTP_PORT ? Number(env.ASKDB_SMTP_PORT) : undefined, user: env.ASKDB_SMTP_USER, pass: env.ASKDB_SMTP_PASS, from: env.ASKDB_SMTP_FROM || 'AskDB <no-reply@askdb.local>' }
      : undefined,
    smsWebhookUrl: env.ASKDB_SMS_WEBHOOK_URL || undefined,
    logPasscodes: env.ASKDB_LOG_PASSCODES === '1',
    passcodeTtlSeconds: Number(env.ASKDB_PASSCODE_TTL_SECONDS) > 0 ? Number(env.ASKDB_PASSCODE_TTL_SECONDS) : 600,
    publicUrl: env.ASKDB_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    oidc: { google, github },
    wechatDev: env.ASKDB_WECHAT_DEV === '1',
  };
}
