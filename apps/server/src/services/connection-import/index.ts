/**
 * Connection files in (issue 18 point 4): AskDB's own, Navicat .ncx, DBeaver data-sources.json,
 * DataGrip dataSources.xml and Chat2DB exports. The kind is taken from the request or sniffed from
 * the text; every reader returns what it maps, the connections it skips and the fields it leaves
 * out, each with a reason. An unknown driver is a skipped connection, never a failure.
 */
import { DataSourceInput, type ConnectionFileKind } from '@askdb/contracts';
import { parseAskdb, ASKDB_FORMAT } from './askdb.js';
import { parseNavicat } from './navicat.js';
import { parseDbeaver } from './dbeaver.js';
import { parseDatagrip } from './datagrip.js';
import { parseChat2db } from './chat2db.js';
import { ConnectionFileError, type ParsedFile } from './types.js';

export { ConnectionFileError } from './types.js';
export { WrongPassphrase, exportAskdb } from './askdb.js';

function json(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

export function sniff(text: string): ConnectionFileKind | null {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  if (t.startsWith('<')) {
    if (/<Connections[\s>]/.test(t)) return 'navicat';
    if (/<data-source[\s>]/.test(t)) return 'datagrip';
    return null;
  }
  const v = json(t);
  if (Array.isArray(v)) return 'chat2db';
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (o.format === ASKDB_FORMAT) return 'askdb';
    if (o.connections && typeof o.connections === 'object' && !Array.isArray(o.connections)) return 'dbeaver';
    if (Array.isArray(o.data)) return 'chat2db';
  }
  return null;
}

export async function parseConnectionFile(text: string, kind: ConnectionFileKind | undefined, passphrase?: string, credentials?: Buffer): Promise<{ kind: ConnectionFileKind; parsed: ParsedFile }> {
  const k = kind ?? sniff(text);
  if (!k) throw new ConnectionFileError('the file is not one of: AskDB, Navicat (.ncx), DBeaver (data-sources.json), DataGrip (dataSources.xml), Chat2DB');
  let parsed: ParsedFile;
  if (k === 'navicat') parsed = parseNavicat(text);
  else if (k === 'datagrip') parsed = parseDatagrip(text, credentials?.toString('utf8'));
  else {
    const v = json(text);
    if (v === undefined) throw new ConnectionFileError('invalid JSON');
    if (k === 'askdb') parsed = await parseAskdb(v as Record<string, unknown>, passphrase);
    else if (k === 'dbeaver') parsed = parseDbeaver(v as Record<string, unknown>, credentials);
    else parsed = parseChat2db(Array.isArray(v) ? v : Array.isArray((v as { data?: unknown }).data) ? ((v as { data: unknown[] }).data) : []);
  }
  // Every mapped connection must pass the same validation as one typed in by hand.
  const valid: DataSourceInput[] = [];
  for (const c of parsed.connections) {
    const r = DataSourceInput.safeParse({ ...c, alias: c.alias.slice(0, 255) });
    if (r.success) valid.push(r.data);
    else parsed.skipped.push({ name: c.alias, reason: `invalid: ${r.error.issues[0]?.path.join('.')} ${r.error.issues[0]?.message}` });
  }
  parsed.connections = valid;
  return { kind: k, parsed };
}
