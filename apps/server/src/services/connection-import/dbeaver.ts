/**
 * DBeaver `data-sources.json` (workspace/General/.dbeaver/): `{ folders, connections: { id: {
 * provider, driver, name, folder, configuration: { host, port, database, url, user?, auth-model,
 * handlers: { ssh_tunnel: { enabled, properties: { host, port, authType, … } } } } } } }`.
 * DBeaver keeps user names and passwords in credentials-config.json (encrypted with its own key);
 * that file is not read, so passwords are listed as skipped.
 */
import type { DataSourceInput } from '@askdb/contracts';
import { ConnectionFileError, emptyParsed, parseJdbcUrl, typeFrom, type ParsedFile } from './types.js';

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

export function parseDbeaver(json: Obj): ParsedFile {
  const conns = obj(json.connections);
  if (!json.connections) throw new ConnectionFileError('no "connections" object');
  const out = emptyParsed();
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
    if (str(cfg.user)) input.user = str(cfg.user);
    if (str(cfg.password)) input.password = str(cfg.password);
    else if (c['save-password']) out.skippedFields.push({ connection: name, field: 'user and password', reason: 'DBeaver keeps them encrypted in credentials-config.json, which is not imported; enter them again' });
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
