/**
 * DataGrip / IntelliJ `dataSources.xml` (.idea/): `<project><component name="DataSourceManagerImpl">
 * <data-source name=… uuid=…><driver-ref>postgresql</driver-ref><jdbc-driver>…</jdbc-driver>
 * <jdbc-url>jdbc:postgresql://host:5432/db</jdbc-url></data-source>…`. User names live in
 * dataSources.local.xml (`<user-name>`), read when that file's text is in the same upload; passwords
 * are in the OS keychain and never in these files, so they are listed as skipped.
 */
import type { DataSourceInput } from '@askdb/contracts';
import { childText, parseXml, walk } from './xml.js';
import { ConnectionFileError, emptyParsed, parseJdbcUrl, typeFrom, type ParsedFile } from './types.js';

export function parseDatagrip(text: string, localXml?: string): ParsedFile {
  const root = parseXml(text);
  const local = localXml ? [...walk(parseXml(localXml))].filter((e) => e.name === 'data-source') : [];
  const sources = [...[...walk(root)].filter((e) => e.name === 'data-source'), ...local];
  if (!sources.length) throw new ConnectionFileError('no <data-source> elements');
  // dataSources.local.xml entries (same uuid) carry user names.
  const users = new Map<string, string>();
  for (const s of sources) {
    const u = childText(s, 'user-name');
    if (u && s.attrs.uuid) users.set(s.attrs.uuid, u);
  }
  const out = emptyParsed();
  const seen = new Set<string>();
  for (const s of sources) {
    const url = childText(s, 'jdbc-url');
    if (!url) continue; // a local-settings entry
    const name = s.attrs.name || s.attrs.uuid || 'data source';
    if (s.attrs.uuid && seen.has(s.attrs.uuid)) continue;
    if (s.attrs.uuid) seen.add(s.attrs.uuid);
    const jdbc = parseJdbcUrl(url);
    const type = typeFrom(childText(s, 'driver-ref'), jdbc?.kind);
    if (!type || !jdbc) {
      out.skipped.push({ name, reason: `unknown driver "${childText(s, 'driver-ref') ?? childText(s, 'jdbc-driver') ?? url.slice(0, 60)}"` });
      continue;
    }
    const input: DataSourceInput = { alias: name, type };
    if (jdbc.filePath) input.filePath = jdbc.filePath.replace(/\$PROJECT_DIR\$|\$USER_HOME\$/g, (m) => { out.skippedFields.push({ connection: name, field: 'file path', reason: `${m} is a DataGrip variable; check the path` }); return m; });
    if (jdbc.host) input.host = jdbc.host;
    if (jdbc.port) input.port = jdbc.port;
    if (jdbc.databaseName) input.databaseName = jdbc.databaseName;
    const user = (s.attrs.uuid && users.get(s.attrs.uuid)) || childText(s, 'user-name');
    if (user) input.user = user;
    out.skippedFields.push({ connection: name, field: 'password', reason: 'DataGrip keeps passwords in the system keychain, not in its files; enter it again' });
    const ssh = [...walk(s)].find((e) => e.name === 'ssh-properties');
    if (ssh && childText(ssh, 'enabled') === 'true') out.skippedFields.push({ connection: name, field: 'SSH', reason: 'DataGrip stores SSH configurations by id in another file; set SSH in AskDB' });
    out.connections.push(input);
  }
  return out;
}
