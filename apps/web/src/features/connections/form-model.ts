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

/** Fields that follow the engine type until the user types into them. */
export const TYPE_DEFAULT_FIELDS = ['host', 'port', 'user'] as const;
export type TypeDefaultField = (typeof TYPE_DEFAULT_FIELDS)[number];

/**
 * What to set when the type changes to `next`: a field the user typed into (and left non-empty) is
 * kept; every other one takes the new type's default. Reads no previous type, so it cannot read the
 * already-changed one.
 */
export function typeSwitchPatch(
  current: Pick<ConnectionFormValues, TypeDefaultField>,
  next: DatabaseType,
  typed: ReadonlySet<string>,
): Pick<ConnectionFormValues, TypeDefaultField> {
  const to = defaultValues(next);
  const pick = <K extends TypeDefaultField>(k: K): ConnectionFormValues[K] => {
    const cur = current[k];
    const kept = typed.has(k) && cur !== undefined && cur !== null && cur !== '';
    return kept ? cur : to[k];
  };
  const host = typeInfo(next).kind === 'file' ? undefined : pick('host') ?? '127.0.0.1';
  return { host, port: pick('port'), user: pick('user') };
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
