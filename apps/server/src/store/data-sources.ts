/**
 * Data source records: non-secret settings as JSON, secrets (password, SSH password/key/passphrase,
 * SSL key) encrypted together. Nothing here returns a secret to a caller that renders responses:
 * `toSummary` is the only shape routes send.
 */
import type { DataSourceInput, DataSourceSummary, DatabaseType } from '@askdb/contracts';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';
import type { SecretBox } from './secret.js';
import { SECRET_OPTION, destinationOf, redactUrl, restoreRedacted, splitOptions, sshDestinationOf, urlHasSecret } from './secret-binding.js';

interface Secrets {
  password?: string;
  sshPassword?: string;
  sshPrivateKey?: string;
  sshPassphrase?: string;
  sslKey?: string;
  /** The connection string in full, when it carries a password or token (the settings keep it redacted). */
  url?: string;
  /** Options whose names say they are secrets (SECRET_OPTION). */
  options?: Record<string, string>;
  /** Where the secrets were saved for (secret-binding.ts); absent only on rows older than the rule. */
  bound?: { main: string; ssh: string };
  /** Who typed them (the creator; a clone keeps the original's): only they may export them. */
  by?: number;
}

export interface DataSourceRecord {
  id: number;
  ownerId: number;
  spaceId: number | null;
  groupId: number | null;
  visibility: 'PRIVATE' | 'SHARED';
  /** The full input with secrets decrypted: only for the driver layer. */
  input: DataSourceInput;
  updatedAt: string;
  /** Who typed the secrets (a clone's are the original typist's): an export carries them only for that user. */
  secretsBy: number;
}

function split(input: DataSourceInput): { config: DataSourceInput; secrets: Secrets } {
  const { password, ssh, ssl, url, options, ...rest } = input;
  const opts = splitOptions(options);
  const secrets: Secrets = {
    password,
    sshPassword: ssh?.password,
    sshPrivateKey: ssh?.privateKey,
    sshPassphrase: ssh?.passphrase,
    sslKey: ssl?.key,
    url: urlHasSecret(url) ? url : undefined,
    options: opts.secret,
  };
  const config: DataSourceInput = { ...rest };
  if (url !== undefined) config.url = urlHasSecret(url) ? redactUrl(url) : url;
  if (options !== undefined) config.options = opts.plain;
  if (ssh) config.ssh = { ...ssh, password: undefined, privateKey: undefined, passphrase: undefined };
  if (ssl) config.ssl = { ...ssl, key: undefined };
  return { config, secrets };
}

const hasAnySecret = (s: Secrets) => Object.entries(s).some(([k, v]) => k !== 'bound' && v !== undefined && v !== '');

/**
 * The settings with their secrets, each secret only where its destination is still the one it was
 * saved for: a row whose host (user, port, tunnel…) was changed by any path without the secret
 * typed again connects without it (fails closed).
 */
function join(config: DataSourceInput, secrets: Secrets | null): DataSourceInput {
  const s = secrets ?? {};
  const mainOk = !s.bound || s.bound.main === destinationOf(config);
  const sshOk = !s.bound || s.bound.ssh === sshDestinationOf(config);
  const out: DataSourceInput = { ...config, password: mainOk ? s.password : undefined };
  if (mainOk && s.url) out.url = s.url;
  if (mainOk && s.options) out.options = { ...(config.options ?? {}), ...s.options };
  if (config.ssh) out.ssh = { ...config.ssh, password: sshOk ? s.sshPassword : undefined, privateKey: sshOk ? s.sshPrivateKey : undefined, passphrase: sshOk ? s.sshPassphrase : undefined };
  if (config.ssl) out.ssl = { ...config.ssl, key: mainOk ? s.sslKey : undefined };
  return out;
}

export interface MergedUpdate {
  input: DataSourceInput;
  /** Saved secrets the update would send somewhere new: they must be typed again (empty = none). */
  mustRetype: string[];
}

/**
 * An update over the saved settings (API.md: an absent password keeps the old one) — but a kept
 * secret only follows when its destination is unchanged; otherwise it is named in `mustRetype`.
 * The redacted URL the client was shown, sent back unchanged, means the saved one.
 */
export function mergeUpdate(old: DataSourceInput, patch: Partial<DataSourceInput>): MergedUpdate {
  const merged: DataSourceInput = { ...old, ...stripUndefined(patch) } as DataSourceInput;
  const mustRetypeEarly: string[] = [];
  const urlKept = patch.url === undefined || (!!old.url && patch.url === redactUrl(old.url));
  if (urlKept) merged.url = old.url;
  // Edited from its redacted form: the placeholders stand for the saved secrets (bound like the rest).
  const refilled = !urlKept && patch.url ? restoreRedacted(patch.url, old.url) : null;
  if (refilled) merged.url = refilled;
  const sameMain = destinationOf(merged) === destinationOf(old);
  if (refilled && !sameMain) {
    mustRetypeEarly.push('url');
    merged.url = patch.url;
  }
  const sameSsh = sshDestinationOf(merged) === sshDestinationOf(old);
  const mustRetype: string[] = mustRetypeEarly;
  const keep = <T>(field: string, typed: T | undefined, saved: T | undefined, same: boolean): T | undefined => {
    if (typed !== undefined) return typed;
    if (saved === undefined || saved === '') return undefined;
    if (same) return saved;
    mustRetype.push(field);
    return undefined;
  };
  merged.password = keep('password', patch.password, old.password, sameMain);
  if (urlKept && old.url && urlHasSecret(old.url) && !sameMain) {
    mustRetype.push('url');
    merged.url = redactUrl(old.url);
  }
  const oldSecretOptions = splitOptions(old.options).secret ?? {};
  if (patch.options !== undefined || !sameMain) {
    const typed = patch.options ?? splitOptions(old.options).plain ?? {};
    const options: Record<string, string> = {};
    for (const [k, v] of Object.entries(typed)) if (v !== '' || !SECRET_OPTION.test(k)) options[k] = v;
    for (const [k, v] of Object.entries(oldSecretOptions)) {
      if (k in typed) continue;
      const kept = keep(`options.${k}`, undefined, v, sameMain);
      if (kept !== undefined) options[k] = kept;
    }
    merged.options = old.options === undefined && patch.options === undefined && !Object.keys(options).length ? undefined : options;
  }
  if (patch.ssh || old.ssh) {
    const ssh = patch.ssh ?? old.ssh!;
    merged.ssh = {
      ...ssh,
      password: keep('ssh.password', patch.ssh?.password, old.ssh?.password, sameSsh),
      privateKey: keep('ssh.privateKey', patch.ssh?.privateKey, old.ssh?.privateKey, sameSsh),
      passphrase: keep('ssh.passphrase', patch.ssh?.passphrase, old.ssh?.passphrase, sameSsh),
    };
  }
  if (patch.ssl || old.ssl) merged.ssl = { ...(patch.ssl ?? old.ssl!), key: keep('ssl.key', patch.ssl?.key, old.ssl?.key, sameMain) };
  return { input: merged, mustRetype };
}
function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function toSummary(r: DataSourceRecord, viewer: { id: number; isAdmin: boolean }, hasPermission = true): DataSourceSummary {
  const i = r.input;
  return {
    id: r.id,
    alias: i.alias,
    type: i.type,
    host: i.host ?? null,
    port: i.port ?? null,
    user: i.user ?? null,
    databaseName: i.databaseName ?? null,
    schemaName: i.schemaName ?? null,
    filePath: i.filePath ?? null,
    url: i.url ? redactUrl(i.url) : null,
    hasPermission,
    isAdmin: viewer.isAdmin || r.ownerId === viewer.id,
    spaceId: r.spaceId,
    groupId: r.groupId,
    visibility: r.visibility,
    ssh: i.ssh ? { enabled: i.ssh.enabled, host: i.ssh.host, port: i.ssh.port, user: i.ssh.user, authType: i.ssh.authType, hasPassword: !!i.ssh.password, hasPrivateKey: !!i.ssh.privateKey } : undefined,
    ssl: i.ssl ? { mode: i.ssl.mode, ca: i.ssl.ca, cert: i.ssl.cert, hasKey: !!i.ssl.key } : undefined,
    options: splitOptions(i.options).plain,
    connectTimeoutMs: i.connectTimeoutMs ?? null,
    hasPassword: !!i.password,
    poolSize: i.poolSize ?? null,
    poolPerUser: i.poolPerUser ?? null,
    memberStatementTimeoutMs: i.memberStatementTimeoutMs ?? null,
  };
}

export { redactUrl } from './secret-binding.js';

export class DataSourceRepo {
  constructor(private readonly db: StoreDb, private readonly box: SecretBox) {}

  /** Settings and secrets apart, the secrets bound to where they are sent. */
  private seal(input: DataSourceInput, by: number): { config: DataSourceInput; secrets: Secrets } {
    const { config, secrets } = split(input);
    return { config, secrets: { ...secrets, bound: { main: destinationOf(input), ssh: sshDestinationOf(input) }, by } };
  }

  /**
   * Rows saved before secrets were bound and before option/URL secrets were sealed: seal them and
   * bind them to where they point now (idempotent; run at start).
   */
  async sealLegacyRows(): Promise<number> {
    const rows = await this.db.selectFrom('data_sources').selectAll().execute();
    let changed = 0;
    for (const row of rows) {
      const stored = this.box.decryptJson<Secrets>(row.secret_enc);
      const config = JSON.parse(row.config_json) as DataSourceInput;
      const plainSecrets = urlHasSecret(config.url) || !!splitOptions(config.options).secret;
      if (stored?.bound && !plainSecrets) continue;
      if (!stored && !plainSecrets) continue;
      const { input, secretsBy } = this.toRecord(row);
      const { config: sealedConfig, secrets } = this.seal(input, secretsBy);
      await this.db.updateTable('data_sources').set({ config_json: JSON.stringify(sealedConfig), secret_enc: hasAnySecret(secrets) ? this.box.encryptJson(secrets) : null }).where('id', '=', row.id).execute();
      changed++;
    }
    return changed;
  }

  private toRecord(row: { id: number; owner_id: number; space_id: number | null; group_id: number | null; visibility: string; alias: string; type: string; config_json: string; secret_enc: string | null; updated_at: string }): DataSourceRecord {
    const config = JSON.parse(row.config_json) as DataSourceInput;
    config.alias = row.alias;
    config.type = row.type as DatabaseType;
    const secrets = this.box.decryptJson<Secrets>(row.secret_enc);
    return {
      id: row.id,
      ownerId: row.owner_id,
      spaceId: row.space_id,
      groupId: row.group_id,
      visibility: row.visibility === 'SHARED' ? 'SHARED' : 'PRIVATE',
      input: join(config, secrets),
      updatedAt: row.updated_at,
      secretsBy: secrets?.by ?? row.owner_id,
    };
  }

  async create(input: DataSourceInput, ownerId: number, spaceId: number | null = null, secretsBy: number = ownerId): Promise<number> {
    const { config, secrets } = this.seal(input, secretsBy);
    const now = nowIso();
    const hasSecrets = hasAnySecret(secrets);
    const row = await this.db
      .insertInto('data_sources')
      .values({
        alias: input.alias, type: input.type, config_json: JSON.stringify(config), secret_enc: hasSecrets ? this.box.encryptJson(secrets) : null,
        owner_id: ownerId, space_id: spaceId, group_id: input.groupId ?? null, visibility: input.visibility ?? 'PRIVATE', created_at: now, updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Saves new settings; the secrets keep their typist (the record's `secretsBy`). */
  async update(id: number, input: DataSourceInput): Promise<void> {
    const before = await this.get(id);
    const { config, secrets } = this.seal(input, before?.secretsBy ?? 0);
    const hasSecrets = hasAnySecret(secrets);
    await this.db
      .updateTable('data_sources')
      .set({
        alias: input.alias, type: input.type, config_json: JSON.stringify(config), secret_enc: hasSecrets ? this.box.encryptJson(secrets) : null,
        group_id: input.groupId ?? null, visibility: input.visibility ?? 'PRIVATE', updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
  }

  async setGroup(id: number, groupId: number | null): Promise<void> {
    await this.db.updateTable('data_sources').set({ group_id: groupId, updated_at: nowIso() }).where('id', '=', id).execute();
  }

  async get(id: number): Promise<DataSourceRecord | null> {
    const row = await this.db.selectFrom('data_sources').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? this.toRecord(row) : null;
  }

  /** Data sources a user may see in an organisation: their own and the shared ones. */
  async listVisible(organizationId: number, userId: number): Promise<DataSourceRecord[]> {
    const rows = await this.db
      .selectFrom('data_sources')
      .selectAll()
      .where('space_id', '=', organizationId)
      .where((eb) => eb.or([eb('owner_id', '=', userId), eb('visibility', '=', 'SHARED')]))
      .orderBy('id')
      .execute();
    return rows.map((r) => this.toRecord(r));
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('data_sources').where('id', '=', id).execute();
  }

  async count(): Promise<number> {
    const r = await this.db.selectFrom('data_sources').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(r?.n ?? 0);
  }
}
