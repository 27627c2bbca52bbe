/**
 * DBeaver `data-sources.json` (workspace/General/.dbeaver/): `{ folders, connections: { id: {
 * provider, driver, name, folder, configuration: { host, port, database, url, user?, auth-model,
 * handlers: { ssh_tunnel: { enabled, properties: { host, port, authType, … } } } } } } }`.
 * DBeaver keeps user names and passwords in credentials-config.json, encrypted with AES-128-CBC
 * under a key that is the same in every install (documented in DBeaver's wiki: the IV is the
 * file's first 16 bytes). When the user adds that file, its users and passwords are mapped;
 * without it they are listed as skipped.
 */
import crypto from 'node:crypto';
import type { DataSourceInput } from '@askdb/contracts';
import { ConnectionFileError, emptyParsed, parseJdbcUrl, typeFrom, type ParsedFile } from './types.js';

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

const KEY = Buffer.from('babb4a9f774ab853c96c2d653dfe544a', 'hex');

/** `{ connectionId: { '#connection': { user, password } } }` from credentials-config.json, or null. */
export function dbeaverCredentials(file: Buffer): Record<string, { user?: string; password?: string }> | null {
  if (file.length < 32) return null;
  try {
    const d = crypto.createDecipheriv('aes-128-cbc', KEY, file.subarray(0, 16));
    const json = JSON.parse(Buffer.concat([d.update(file.subarray(16)), d.final()]).toString('utf8')) as Obj;
    const out: Record<string, { user?: string; password?: string }> = {};
    for (const [id, v] of Object.entries(json)) {
      const c = obj(obj(v)['#connection']);
      out[id] = { user: str(c.user), password: str(c.password) };
    }
    return out;
  } catch {
    return null;
  }
}
export function dbeaverEncryptCredentials(value: unknown): Buffer {
  const iv = crypto.randomBytes(16);
  const c = crypto.createCipheriv('aes-128-cbc', KEY, iv);
  return Buffer.concat([iv, c.update(JSON.stringify(value), 'utf8'), c.final()]);
}

export function parseDbeaver(json: Obj, credentialsFile?: Buffer): ParsedFile {
  const conns = obj(json.connections);
  if (!json.connections) throw new ConnectionFileError('no "connections" object');
  const out = emptyParsed();
  const creds = credentialsFile ? dbeaverCredentials(credentialsFile) : null;
  if (credentialsFile && !creds) out.skippedFields.push({ connection: '*', field: 'credentials-config.json', reason: 'could not be decrypted' });
  for (const [id, raw] of Object.entries(conns)) {
    const c = obj(raw);
    const cfg = obj(c.configuration);
    const name = str(c.name) ?? id;
    const url = str(cfg.url);
    const jdbc = url ? parseJdbcUrl(url) : null;
    const type = typeFrom(str(c.driver), str(c.provider), jdbc?.kind);
    if (!type) {
      out.skipped.push({ name, reason: `unknown driver "${str(c.driver) ?? str(c.provider) ?? ''}"` });
      continue;
    }
    const input: DataSourceInput = { alias: name, type };
    const host = str(cfg.host) ?? jdbc?.host;
    const port = Number(str(cfg.port) ?? jdbc?.port);
    const db = str(cfg.database) ?? jdbc?.databaseName;
    if (type === 'SQLITE' || type === 'DUCKDB') input.filePath = str(cfg.database) ?? jdbc?.filePath;
    else {
      if (host) input.host = host;
      if (port > 0 && port < 65536) input.port = port;
      if (db) input.databaseName = db;
    }
    const saved = creds?.[id];
    if (str(cfg.user) ?? saved?.user) input.user = str(cfg.user) ?? saved?.user;
    if (str(cfg.password) ?? saved?.password) input.password = str(cfg.password) ?? saved?.password;
    else if (c['save-password'] && !saved) out.skippedFields.push({ connection: name, field: 'user and password', reason: 'DBeaver keeps them encrypted in credentials-config.json, which is not imported; enter them again' });
    const ssh = obj(obj(cfg.handlers).ssh_tunnel);
    if (ssh.enabled) {
      const p = obj(ssh.properties);
      const key = /PUBLIC_KEY|KEY/i.test(str(p.authType) ?? '');
      input.ssh = { enabled: true, host: str(p.host), port: Number(p.port) || 22, user: str(p.user) ?? str(ssh.user), authType: key ? 'key' : 'password' };
      if (key) out.skippedFields.push({ connection: name, field: 'SSH private key', reason: `a key file on the exporting machine (${str(p.keyPath) ?? 'path not given'}); add the key in AskDB` });
    }
    const other = Object.keys(obj(cfg.handlers)).filter((h) => h !== 'ssh_tunnel' && obj(obj(cfg.handlers)[h]).enabled);
    for (const h of other) out.skippedFields.push({ connection: name, field: `handler ${h}`, reason: h.includes('ssl') ? 'TLS files are not in the export; set TLS in AskDB' : 'not supported by AskDB' });
    if (str(c.folder)) out.skippedFields.push({ connection: name, field: 'folder', reason: 'folders are not imported; group connections in AskDB' });
    out.connections.push(input);
  }
  return out;
}
