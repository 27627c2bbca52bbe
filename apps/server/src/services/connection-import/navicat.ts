/**
 * Navicat .ncx (File → Export Connections): `<Connections Ver="1.5"><Connection ConnectionName=…
 * ConnType=… Host=… Port=… UserName=… Password=… …/></Connections>`. Passwords are hex: Navicat 12
 * and later (Ver 1.5) encrypt them with AES-128-CBC, key "libcckeylibcckey", IV "libcciv libcciv "
 * (documented in public write-ups of the format). Older files (Ver 1.1, Navicat 11) use a Blowfish
 * scheme that is not implemented: those passwords are listed as skipped. SSH and TLS settings that
 * point at key files on the exporting machine are skipped too (the files are not in the export).
 */
import crypto from 'node:crypto';
import type { DataSourceInput } from '@askdb/contracts';
import { parseXml, walk } from './xml.js';
import { ConnectionFileError, emptyParsed, typeFrom, type ParsedFile } from './types.js';

const KEY = Buffer.from('libcckeylibcckey');
const IV = Buffer.from('libcciv libcciv ');

export function navicatDecrypt(hex: string): string | null {
  if (!hex || !/^[0-9a-f]+$/i.test(hex) || hex.length % 32 !== 0) return null;
  try {
    const d = crypto.createDecipheriv('aes-128-cbc', KEY, IV);
    return Buffer.concat([d.update(Buffer.from(hex, 'hex')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}
export function navicatEncrypt(plain: string): string {
  const c = crypto.createCipheriv('aes-128-cbc', KEY, IV);
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('hex').toUpperCase();
}

const CONN_TYPES: Record<string, DataSourceInput['type']> = {
  MYSQL: 'MYSQL', MARIADB: 'MARIADB', PGSQL: 'POSTGRESQL', POSTGRESQL: 'POSTGRESQL', ORACLE: 'ORACLE', SQLITE: 'SQLITE',
  SQLSERVER: 'SQLSERVER', MSSQL: 'SQLSERVER', MONGODB: 'MONGODB', REDIS: 'REDIS', OCEANBASE: 'OCEANBASE', KINGBASE: 'KINGBASE', DM8: 'DM',
};
/** Attributes we read (and so never list as skipped). */
const READ = new Set(['ConnectionName', 'ConnType', 'Host', 'Port', 'UserName', 'Password', 'SavePassword', 'Database', 'InitialDatabase', 'DatabaseFileName', 'ServiceProvider',
  'SSH', 'SSH_Host', 'SSH_Port', 'SSH_UserName', 'SSH_Password', 'SSH_AuthenMethod', 'SSH_SavePassword', 'SSH_Passphrase', 'SSH_SavePassphrase', 'SSL', 'NSYID', 'OraConnType', 'OraServiceNameType', 'ServiceName', 'SID']);
/** Attributes worth telling the user about when set (the rest are Navicat's UI preferences). */
const NOTABLE: Record<string, string> = {
  SSH_PrivateKey: 'a private key file on the exporting machine; add the key in AskDB',
  SSL_ClientKey: 'a TLS key file on the exporting machine', SSL_ClientCert: 'a TLS certificate file on the exporting machine', SSL_CACert: 'a CA file on the exporting machine',
  HTTP: 'HTTP tunnels are not supported', HTTP_URL: 'HTTP tunnels are not supported', Encoding: 'AskDB uses the server encoding (utf8mb4 / UTF-8)',
  Compression: 'not an AskDB setting', AutoConnect: 'not an AskDB setting', KeepAliveInterval: 'not an AskDB setting',
};

export function parseNavicat(text: string): ParsedFile {
  const root = parseXml(text);
  const top = [...walk(root)].find((e) => e.name === 'Connections');
  if (!top) throw new ConnectionFileError('no <Connections> element');
  const ver = parseFloat(top.attrs.Ver ?? '1.5');
  const out = emptyParsed();
  for (const el of top.children.filter((c) => c.name === 'Connection')) {
    const a = el.attrs;
    const name = a.ConnectionName || a.Host || 'connection';
    const type = CONN_TYPES[(a.ConnType ?? '').toUpperCase()] ?? typeFrom(a.ConnType);
    if (!type) {
      out.skipped.push({ name, reason: `unknown driver "${a.ConnType ?? ''}"` });
      continue;
    }
    const input: DataSourceInput = { alias: name, type };
    if (type === 'SQLITE') input.filePath = a.DatabaseFileName || undefined;
    else {
      if (a.Host) input.host = a.Host;
      if (a.Port && /^\d+$/.test(a.Port)) input.port = Number(a.Port);
      if (a.UserName) input.user = a.UserName;
      const db = a.Database || a.InitialDatabase || (type === 'ORACLE' ? a.ServiceName || a.SID : '');
      if (db) input.databaseName = db;
    }
    if (a.Password) {
      if (ver < 1.5) out.skippedFields.push({ connection: name, field: 'password', reason: 'Navicat 11 (Blowfish) password encryption is not supported; enter the password again' });
      else {
        const p = navicatDecrypt(a.Password);
        if (p === null) out.skippedFields.push({ connection: name, field: 'password', reason: 'could not be decrypted' });
        else input.password = p;
      }
    }
    if (/^true$/i.test(a.SSH ?? '')) {
      const key = /PUBLICKEY/i.test(a.SSH_AuthenMethod ?? '');
      input.ssh = { enabled: true, host: a.SSH_Host, port: Number(a.SSH_Port) || 22, user: a.SSH_UserName, authType: key ? 'key' : 'password' };
      if (a.SSH_Password && !key) {
        const p = ver >= 1.5 ? navicatDecrypt(a.SSH_Password) : null;
        if (p === null) out.skippedFields.push({ connection: name, field: 'SSH password', reason: ver < 1.5 ? 'Navicat 11 encryption is not supported' : 'could not be decrypted' });
        else input.ssh.password = p;
      }
      if (key) out.skippedFields.push({ connection: name, field: 'SSH private key', reason: NOTABLE.SSH_PrivateKey! });
    }
    if (/^true$/i.test(a.SSL ?? '')) {
      input.ssl = { mode: 'require' };
      for (const k of ['SSL_ClientKey', 'SSL_ClientCert', 'SSL_CACert']) if (a[k]) out.skippedFields.push({ connection: name, field: k, reason: NOTABLE[k]! });
    }
    for (const [k, v] of Object.entries(a)) {
      if (READ.has(k) || !v || v === 'false' || v === '0' || k.startsWith('SSL_')) continue;
      if (NOTABLE[k] && k !== 'SSH_PrivateKey') out.skippedFields.push({ connection: name, field: k, reason: NOTABLE[k]! });
    }
    out.connections.push(input);
  }
  return out;
}
