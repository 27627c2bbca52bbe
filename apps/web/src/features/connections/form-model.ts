/** The connection dialog's form values and their mapping to and from the API's DataSourceInput / DataSourceSummary. */
import type { DataSourceInput, DataSourceSummary, DatabaseType } from '@askdb/contracts';
import { typeInfo } from './connection-types';

export type SslMode = 'disable' | 'require' | 'verify-ca' | 'verify-full';
export interface ConnectionFormValues {
  alias: string;
  type: DatabaseType;
  url?: string;
  host?: string;
  port?: number | null;
  auth: 'password' | 'none';
  user?: string;
  password?: string;
  databaseName?: string;
  filePath?: string;
  visibility: 'PRIVATE' | 'SHARED';
  connectTimeoutMs?: number | null;
  options: { key?: string; value?: string }[];
  ssh: { enabled: boolean; host?: string; port?: number | null; user?: string; authType: 'password' | 'key'; password?: string; privateKey?: string; passphrase?: string };
  ssl: { mode: SslMode; ca?: string; cert?: string; key?: string };
}

export function defaultValues(type: DatabaseType): ConnectionFormValues {
  const info = typeInfo(type);
  return {
    alias: '',
    type,
    host: info.kind === 'file' ? undefined : '127.0.0.1',
    port: info.port ?? null,
    auth: 'password',
    user: info.defaultUser,
    visibility: 'PRIVATE',
    options: [],
    ssh: { enabled: false, port: 22, authType: 'password' },
    ssl: { mode: 'disable' },
  };
}

export function valuesFromSummary(s: DataSourceSummary): ConnectionFormValues {
  return {
    alias: s.alias,
    type: s.type,
    url: s.url ?? undefined,
    host: s.host ?? undefined,
    port: s.port ?? null,
    auth: s.user || s.hasPassword ? 'password' : 'none',
    user: s.user ?? undefined,
    password: undefined,
    databaseName: s.databaseName ?? undefined,
    filePath: s.filePath ?? undefined,
    visibility: s.visibility ?? 'PRIVATE',
    connectTimeoutMs: s.connectTimeoutMs ?? null,
    options: Object.entries(s.options ?? {}).map(([key, value]) => ({ key, value })),
    ssh: { enabled: !!s.ssh?.enabled, host: s.ssh?.host, port: s.ssh?.port ?? 22, user: s.ssh?.user, authType: s.ssh?.authType ?? 'password' },
    ssl: { mode: (s.ssl?.mode as SslMode) ?? 'disable', ca: s.ssl?.ca, cert: s.ssl?.cert },
  };
}

const str = (v?: string | null) => (v === undefined || v === null ? undefined : v.trim() === '' ? undefined : v);

/**
 * The request body. Editing: an empty password (or SSH secret, SSL key) is left out so the stored one
 * is kept; the redacted connection string is sent only when the user changed it.
 */
export function toInput(v: ConnectionFormValues, opts: { editing: boolean; urlTouched: boolean }): DataSourceInput {
  const info = typeInfo(v.type);
  const options = Object.fromEntries(v.options.filter((o) => o.key?.trim()).map((o) => [o.key!.trim(), o.value ?? '']));
  const base: DataSourceInput = { alias: v.alias.trim(), type: v.type, visibility: v.visibility, options };
  if (v.connectTimeoutMs) base.connectTimeoutMs = v.connectTimeoutMs;
  // Creating: empty fields are left out. Editing: an empty field is sent as '' so it is cleared.
  const field = (x?: string | null) => (opts.editing ? x?.trim() ?? '' : str(x?.trim()));
  if (info.kind === 'file') return { ...base, filePath: v.filePath?.trim() ?? '' };
  const noAuth = v.auth === 'none';
  const input: DataSourceInput = {
    ...base,
    host: field(v.host),
    port: v.port ?? undefined,
    user: noAuth ? (opts.editing ? '' : undefined) : field(v.user),
    password: noAuth ? (opts.editing ? '' : undefined) : str(v.password),
    databaseName: field(v.databaseName),
  };
  if (!opts.editing || opts.urlTouched) input.url = field(v.url);
  if (v.ssh.enabled || opts.editing) {
    input.ssh = {
      enabled: v.ssh.enabled,
      host: str(v.ssh.host),
      port: v.ssh.port ?? 22,
      user: str(v.ssh.user),
      authType: v.ssh.authType,
      password: v.ssh.authType === 'password' ? str(v.ssh.password) : undefined,
      privateKey: v.ssh.authType === 'key' ? str(v.ssh.privateKey) : undefined,
      passphrase: v.ssh.authType === 'key' ? str(v.ssh.passphrase) : undefined,
    };
  }
  if (v.ssl.mode !== 'disable' || opts.editing) input.ssl = { mode: v.ssl.mode, ca: str(v.ssl.ca), cert: str(v.ssl.cert), key: str(v.ssl.key) };
  return input;
}
