/**
 * Data source records: non-secret settings as JSON, secrets (password, SSH password/key/passphrase,
 * SSL key) encrypted together. Nothing here returns a secret to a caller that renders responses:
 * `toSummary` is the only shape routes send.
 */
import type { DataSourceInput, DataSourceSummary, DatabaseType } from '@askdb/contracts';
import type { StoreDb } from './db.js';
import { nowIso } from './db.js';
import type { SecretBox } from './secret.js';

interface Secrets {
  password?: string;
  sshPassword?: string;
  sshPrivateKey?: string;
  sshPassphrase?: string;
  sslKey?: string;
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
}

function split(input: DataSourceInput): { config: DataSourceInput; secrets: Secrets } {
  const { password, ssh, ssl, ...rest } = input;
  const secrets: Secrets = {
    password,
    sshPassword: ssh?.password,
    sshPrivateKey: ssh?.privateKey,
    sshPassphrase: ssh?.passphrase,
    sslKey: ssl?.key,
  };
  const config: DataSourceInput = { ...rest };
  if (ssh) config.ssh = { ...ssh, password: undefined, privateKey: undefined, passphrase: undefined };
  if (ssl) config.ssl = { ...ssl, key: undefined };
  return { config, secrets };
}

function join(config: DataSourceInput, secrets: Secrets | null): DataSourceInput {
  const s = secrets ?? {};
  const out: DataSourceInput = { ...config, password: s.password };
  if (config.ssh) out.ssh = { ...config.ssh, password: s.sshPassword, privateKey: s.sshPrivateKey, passphrase: s.sshPassphrase };
  if (config.ssl) out.ssl = { ...config.ssl, key: s.sslKey };
  return out;
}

/** Keep old secrets where the update leaves them out (API.md: an absent password keeps the old one). */
export function mergeUpdate(old: DataSourceInput, patch: Partial<DataSourceInput>): DataSourceInput {
  const merged: DataSourceInput = { ...old, ...stripUndefined(patch) } as DataSourceInput;
  if (patch.password === undefined) merged.password = old.password;
  if (patch.ssh) {
    merged.ssh = {
      ...patch.ssh,
      password: patch.ssh.password ?? old.ssh?.password,
      privateKey: patch.ssh.privateKey ?? old.ssh?.privateKey,
      passphrase: patch.ssh.passphrase ?? old.ssh?.passphrase,
    };
  }
  if (patch.ssl) merged.ssl = { ...patch.ssl, key: patch.ssl.key ?? old.ssl?.key };
  return merged;
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
    options: i.options,
    connectTimeoutMs: i.connectTimeoutMs ?? null,
    hasPassword: !!i.password,
  };
}

/** A connection string without its password. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)([^@]*)@/, '$1***@').replace(/([?&]password=)[^&]*/i, '$1***');
}

export class DataSourceRepo {
  constructor(private readonly db: StoreDb, private readonly box: SecretBox) {}

  private toRecord(row: { id: number; owner_id: number; space_id: number | null; group_id: number | null; visibility: string; alias: string; type: string; config_json: string; secret_enc: string | null; updated_at: string }): DataSourceRecord {
    const config = JSON.parse(row.config_json) as DataSourceInput;
    config.alias = row.alias;
    config.type = row.type as DatabaseType;
    return {
      id: row.id,
      ownerId: row.owner_id,
      spaceId: row.space_id,
      groupId: row.group_id,
      visibility: row.visibility === 'SHARED' ? 'SHARED' : 'PRIVATE',
      input: join(config, this.box.decryptJson<Secrets>(row.secret_enc)),
      updatedAt: row.updated_at,
    };
  }

  async create(input: DataSourceInput, ownerId: number, spaceId: number | null = null): Promise<number> {
    const { config, secrets } = split(input);
    const now = nowIso();
    const hasSecrets = Object.values(secrets).some((v) => v !== undefined && v !== '');
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

  async update(id: number, input: DataSourceInput): Promise<void> {
    const { config, secrets } = split(input);
    const hasSecrets = Object.values(secrets).some((v) => v !== undefined && v !== '');
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
