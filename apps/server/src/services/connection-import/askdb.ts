/**
 * AskDB's own connection file: settings without secrets, and — only when the user asks — the
 * secrets sealed with a passphrase (crypto.ts). Groups and visibility are not carried over.
 */
import { DataSourceInput } from '@askdb/contracts';
import { open, seal, type SealedSecrets } from './crypto.js';
import { redactUrl, splitOptions, urlHasSecret } from '../../store/secret-binding.js';
import { ConnectionFileError, emptyParsed, type ParsedFile } from './types.js';

export const ASKDB_FORMAT = 'askdb-connections';

interface Secrets { password?: string; sshPassword?: string; sshPrivateKey?: string; sshPassphrase?: string; sslKey?: string; url?: string; options?: Record<string, string> }
export interface AskdbFile {
  format: typeof ASKDB_FORMAT;
  version: 1;
  exportedAt: string;
  connections: DataSourceInput[];
  /** One entry per connection, in order. */
  secrets?: SealedSecrets;
}

/** Settings without any secret (passwords and tokens in the options or the URL included), and the secrets. */
function strip(i: DataSourceInput): { config: DataSourceInput; secrets: Secrets } {
  const { password, ssh, ssl, url, options, visibility: _v, groupId: _g, ...rest } = i;
  const opts = splitOptions(options);
  const config: DataSourceInput = { ...rest };
  if (url !== undefined) config.url = redactUrl(url);
  if (options !== undefined) config.options = opts.plain;
  if (ssh) config.ssh = { ...ssh, password: undefined, privateKey: undefined, passphrase: undefined };
  if (ssl) config.ssl = { ...ssl, key: undefined };
  const secrets: Secrets = { password, sshPassword: ssh?.password, sshPrivateKey: ssh?.privateKey, sshPassphrase: ssh?.passphrase, sslKey: ssl?.key, url: urlHasSecret(url) ? url : undefined, options: opts.secret };
  return { config: JSON.parse(JSON.stringify(config)), secrets };
}

export async function exportAskdb(inputs: DataSourceInput[], passphrase: string | null): Promise<AskdbFile> {
  const parts = inputs.map(strip);
  const file: AskdbFile = { format: ASKDB_FORMAT, version: 1, exportedAt: new Date().toISOString(), connections: parts.map((p) => p.config) };
  if (passphrase) file.secrets = await seal(passphrase, parts.map((p) => p.secrets));
  return file;
}

export class WrongPassphrase extends Error {}

export async function parseAskdb(json: Record<string, unknown>, passphrase: string | undefined): Promise<ParsedFile> {
  if (json.format !== ASKDB_FORMAT || !Array.isArray(json.connections)) throw new ConnectionFileError('not an AskDB connection file');
  const out = emptyParsed();
  let secrets: Secrets[] | null = null;
  if (json.secrets) {
    if (!passphrase) out.skippedFields.push({ connection: '*', field: 'secrets', reason: 'the file holds encrypted secrets; give the passphrase to import them' });
    else {
      secrets = await open<Secrets[]>(passphrase, json.secrets as SealedSecrets);
      if (!secrets) throw new WrongPassphrase();
    }
  }
  json.connections.forEach((raw, i) => {
    const r = DataSourceInput.safeParse(raw);
    const name = String((raw as { alias?: unknown })?.alias ?? `connection ${i + 1}`);
    if (!r.success) {
      out.skipped.push({ name, reason: `invalid: ${r.error.issues[0]?.path.join('.')} ${r.error.issues[0]?.message}` });
      return;
    }
    const input = r.data;
    const s = secrets?.[i];
    if (s) {
      if (s.password) input.password = s.password;
      if (input.ssh) Object.assign(input.ssh, { password: s.sshPassword, privateKey: s.sshPrivateKey, passphrase: s.sshPassphrase });
      if (input.ssl && s.sslKey) input.ssl.key = s.sslKey;
      if (s.url) input.url = s.url;
      if (s.options) input.options = { ...(input.options ?? {}), ...s.options };
    }
    out.connections.push(input);
  });
  return out;
}
