/**
 * Chat2DB connection export: a JSON list (or `{ data: [...] }`) of data sources with the same
 * database type enum as AskDB — `{ alias, type, host, port, user, password, url, sid?, ssh: { use,
 * hostName, port, userName, authenticationType, password, keyFile } }`. The JDBC url fills in what
 * the separate fields leave out.
 */
import { DATABASE_TYPES, type DataSourceInput } from '@askdb/contracts';
import { emptyParsed, parseJdbcUrl, typeFrom, type ParsedFile } from './types.js';

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined);

export function parseChat2db(list: unknown[]): ParsedFile {
  const out = emptyParsed();
  for (const raw of list) {
    const c = (raw && typeof raw === 'object' ? raw : {}) as Obj;
    const name = str(c.alias) ?? str(c.name) ?? str(c.host) ?? 'connection';
    const url = str(c.url);
    const jdbc = url ? parseJdbcUrl(url) : null;
    const t = (str(c.type) ?? '').toUpperCase();
    const type = (DATABASE_TYPES as readonly string[]).includes(t) ? (t as DataSourceInput['type']) : typeFrom(str(c.type), jdbc?.kind);
    if (!type) {
      out.skipped.push({ name, reason: `unknown driver "${str(c.type) ?? ''}"` });
      continue;
    }
    const input: DataSourceInput = { alias: name, type };
    const host = str(c.host) ?? jdbc?.host;
    const port = Number(str(c.port) ?? jdbc?.port);
    if (jdbc?.filePath) input.filePath = jdbc.filePath;
    if (host) input.host = host;
    if (port > 0 && port < 65536) input.port = port;
    const db = str(c.databaseName) ?? str(c.sid) ?? jdbc?.databaseName;
    if (db) input.databaseName = db;
    if (str(c.user) ?? str(c.userName)) input.user = str(c.user) ?? str(c.userName);
    if (str(c.password)) input.password = str(c.password);
    const ssh = (c.ssh && typeof c.ssh === 'object' ? c.ssh : {}) as Obj;
    if (ssh.use === true || ssh.use === 'true') {
      const key = /key/i.test(str(ssh.authenticationType) ?? '');
      input.ssh = { enabled: true, host: str(ssh.hostName), port: Number(ssh.port) || 22, user: str(ssh.userName), authType: key ? 'key' : 'password', password: key ? undefined : str(ssh.password) };
      if (key) out.skippedFields.push({ connection: name, field: 'SSH key file', reason: `a key file on the exporting machine (${str(ssh.keyFile) ?? 'path not given'}); add the key in AskDB` });
    }
    if (c.driverConfig) out.skippedFields.push({ connection: name, field: 'driverConfig', reason: 'AskDB bundles its own drivers' });
    if (c.environmentId || c.environment) out.skippedFields.push({ connection: name, field: 'environment', reason: 'not an AskDB setting' });
    out.connections.push(input);
  }
  return out;
}
