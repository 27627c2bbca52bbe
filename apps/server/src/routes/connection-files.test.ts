/**
 * Connection files (issue 18 point 4): the sample Navicat / DBeaver / DataGrip / Chat2DB files in
 * services/connection-import/fixtures (written by us from the documented formats) map every field
 * AskDB has and list what they skip; AskDB's own file round-trips, secrets only with the passphrase.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionImportResult } from '@askdb/contracts';
import { testApp, type TestApp } from '../test/helpers.js';
import { navicatDecrypt } from '../services/connection-import/navicat.js';
import { parseJdbcUrl } from '../services/connection-import/types.js';

const FIX = path.join(path.dirname(fileURLToPath(import.meta.url)), '../services/connection-import/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIX, name), 'utf8');

describe('connection files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(() => t.close());

  const importFile = async (content: string, extra: Record<string, unknown> = {}) => {
    const r = await t.json('POST', '/api/connection/datasource/import_file', { content, ...extra });
    return r as { status: number; body: { success: boolean; data: ConnectionImportResult; errorMessage?: string } };
  };

  it('decrypts Navicat 12+ passwords (the documented AES-128-CBC key and IV)', () => {
    expect(navicatDecrypt('B75D320B6211468D63EB3B67C9E85933')).toBe('This is a test');
    expect(navicatDecrypt('nothex')).toBeNull();
  });

  it('reads jdbc URLs of the engines we map', () => {
    expect(parseJdbcUrl('jdbc:postgresql://h:5433/db')).toEqual({ kind: 'postgresql', host: 'h', port: 5433, databaseName: 'db' });
    expect(parseJdbcUrl('jdbc:sqlserver://m:1433;databaseName=r;encrypt=true')).toEqual({ kind: 'sqlserver', host: 'm', port: 1433, databaseName: 'r' });
    expect(parseJdbcUrl('jdbc:oracle:thin:@//o:1521/ORCL')).toMatchObject({ kind: 'oracle', host: 'o', port: 1521, databaseName: 'ORCL' });
    expect(parseJdbcUrl('jdbc:sqlite:/home/me/a.db')).toEqual({ kind: 'sqlite', filePath: '/home/me/a.db' });
  });

  it('imports a Navicat .ncx: hosts, ports, users, decrypted passwords, SSH; the unknown driver and key files listed as skipped', async () => {
    const r = await importFile(fixture('navicat.ncx'));
    expect(r.body.success).toBe(true);
    const d = r.body.data;
    expect(d.kind).toBe('navicat');
    expect(d.imported.map((c) => c.alias)).toEqual(['shop mysql', 'analytics pg', 'keyed pg', 'local sqlite', 'behind http']);
    expect(d.skipped).toEqual([{ name: 'warehouse', reason: 'unknown driver "SNOWFLAKE_X"' }]);
    expect(d.skippedFields).toEqual(expect.arrayContaining([
      { connection: 'analytics pg', field: 'SSL_ClientKey', reason: expect.stringMatching(/key file/) },
      { connection: 'keyed pg', field: 'SSH private key', reason: expect.stringMatching(/private key file/) },
      { connection: 'behind http', field: 'HTTP', reason: 'HTTP tunnels are not supported' },
    ]));
    const mysql = (await t.deps.dataSources.get(d.imported[0]!.id!))!.input;
    expect(mysql).toMatchObject({ type: 'MYSQL', host: 'db.example.com', port: 3306, user: 'shop', password: 'S3cret-navicat' });
    const pg = (await t.deps.dataSources.get(d.imported[1]!.id!))!.input;
    expect(pg).toMatchObject({ type: 'POSTGRESQL', host: '10.0.0.12', port: 5433, databaseName: 'analytics', user: 'report', ssl: { mode: 'require' }, ssh: { enabled: true, host: 'bastion.example.com', port: 2222, user: 'jump', authType: 'password', password: 'tunnel-pass' } });
    expect((await t.deps.dataSources.get(d.imported[3]!.id!))!.input).toMatchObject({ type: 'SQLITE', filePath: '/data/app.db' });
    // Listed to the browser without any secret.
    expect(JSON.stringify(r.body)).not.toContain('S3cret-navicat');
  });

  it('lists Navicat 11 (Blowfish) passwords as skipped and still imports the connection', async () => {
    const d = (await importFile(fixture('navicat11.ncx'), { dryRun: true })).body.data;
    expect(d.imported).toEqual([{ alias: 'old mysql', type: 'MYSQL', host: 'old.example.com', port: 3306, user: 'root', hasPassword: false, ssh: false }]);
    expect(d.skippedFields).toEqual([{ connection: 'old mysql', field: 'password', reason: expect.stringMatching(/Navicat 11 \(Blowfish\)/) }]);
  });

  it('imports DBeaver data-sources.json; credentials (kept elsewhere by DBeaver), folders and an unknown driver listed', async () => {
    const d = (await importFile(fixture('dbeaver-data-sources.json'), { dryRun: true })).body.data;
    expect(d.kind).toBe('dbeaver');
    expect(d.imported).toEqual([
      { alias: 'orders (prod)', type: 'POSTGRESQL', host: 'pg.example.com', port: 5432, databaseName: 'orders', hasPassword: false, ssh: true },
      { alias: 'crm maria', type: 'MARIADB', host: 'maria.example.com', port: 3307, databaseName: 'crm', hasPassword: false, ssh: false },
      { alias: 'notes.db', type: 'SQLITE', hasPassword: false, ssh: false },
    ]);
    expect(d.skipped).toEqual([{ name: 'exa', reason: 'unknown driver "exasol"' }]);
    expect(d.skippedFields.map((f) => `${f.connection}/${f.field}`)).toEqual(['orders (prod)/user and password', 'orders (prod)/SSH private key', 'orders (prod)/folder']);
  });

  it('maps DBeaver users and passwords when its credentials-config.json is added (the documented AES key)', async () => {
    const { dbeaverEncryptCredentials } = await import('../services/connection-import/dbeaver.js');
    const creds = dbeaverEncryptCredentials({ 'postgres-jdbc-18c4b5d1a2f-1c2d3e4f5a6b7c8d': { '#connection': { user: 'orders_app', password: 'dbeaver-pw' } } });
    const d = (await importFile(fixture('dbeaver-data-sources.json'), { credentials: creds.toString('base64') })).body.data;
    expect(d.imported[0]).toMatchObject({ alias: 'orders (prod)', user: 'orders_app', hasPassword: true });
    expect(d.skippedFields.map((f) => f.field)).not.toContain('user and password');
    expect((await t.deps.dataSources.get(d.imported[0]!.id!))!.input.password).toBe('dbeaver-pw');
    const bad = (await importFile(fixture('dbeaver-data-sources.json'), { credentials: Buffer.alloc(48, 7).toString('base64'), dryRun: true })).body.data;
    expect(bad.skippedFields[0]).toMatchObject({ field: 'credentials-config.json', reason: 'could not be decrypted' });
  });

  it('imports DataGrip dataSources.xml with the user names of its local file; passwords listed as kept in the keychain', async () => {
    const d = (await importFile(fixture('datagrip-dataSources.xml'), { dryRun: true })).body.data;
    expect(d.kind).toBe('datagrip');
    expect(d.imported).toEqual([
      { alias: 'inventory@localhost', type: 'POSTGRESQL', host: 'localhost', port: 5432, user: 'postgres', databaseName: 'inventory', hasPassword: false, ssh: false },
      { alias: 'billing', type: 'MYSQL', host: 'mysql.example.com', port: 3306, user: 'billing_app', databaseName: 'billing', hasPassword: false, ssh: false },
      { alias: 'reports mssql', type: 'SQLSERVER', host: 'mssql.example.com', port: 1433, databaseName: 'reports', hasPassword: false, ssh: false },
    ]);
    expect(d.skipped).toEqual([{ name: 'cassandra', reason: 'unknown driver "cassandra"' }]);
    expect(d.skippedFields.filter((f) => f.field === 'password')).toHaveLength(3);
    // dataSources.local.xml given as the companion file instead.
    const main = fixture('datagrip-dataSources.xml').replace(/<user-name>[^<]*<\/user-name>/g, '');
    const local = '<project version="4"><component name="dataSourceStorageLocal"><data-source name="billing" uuid="6f1c2d3e-0000-4000-8000-000000000002"><user-name>from_local</user-name></data-source></component></project>';
    const d2 = (await importFile(main, { dryRun: true, credentials: Buffer.from(local).toString('base64') })).body.data;
    expect(d2.imported.find((c) => c.alias === 'billing')).toMatchObject({ user: 'from_local' });
    expect(d2.imported.find((c) => c.alias === 'inventory@localhost')!.user).toBeUndefined();
  });

  it('imports a Chat2DB export (same type names as ours), the SSH key file and the unknown type listed', async () => {
    const d = (await importFile(fixture('chat2db.json'), { dryRun: true })).body.data;
    expect(d.kind).toBe('chat2db');
    expect(d.imported).toEqual([
      { alias: 'chat2db pg', type: 'POSTGRESQL', host: 'pg.chat2db.example', port: 5432, user: 'app', databaseName: 'app', hasPassword: true, ssh: false },
      { alias: 'chat2db mysql via ssh', type: 'MYSQL', host: '10.1.1.5', port: 3306, user: 'root', databaseName: 'shop', hasPassword: false, ssh: true },
    ]);
    expect(d.skipped).toEqual([{ name: 'mystery', reason: 'unknown driver "NOT_A_DB"' }]);
  });

  it('refuses a file it cannot read with a message, never a crash', async () => {
    for (const content of ['<html></html>', 'not json at all', '{"connections": 5}', '<Connections><Connection ConnType=', '[1, null, "x"]']) {
      const r = await importFile(content, { dryRun: true });
      expect(r.status === 200 || r.status === 400, content).toBe(true);
      if (r.status === 400) expect(r.body.errorMessage).toMatch(/connection file/);
    }
  });

  it('exports AskDB connections without secrets unless asked, then sealed with the passphrase; the file imports back', async () => {
    const id = (await t.json('POST', '/api/connection/datasource/create', { alias: 'round trip', type: 'POSTGRESQL', host: 'h.example', port: 5432, user: 'u', password: 'pw-Round-Trip', databaseName: 'd', ssh: { enabled: true, host: 'j', port: 22, user: 'ju', authType: 'key', privateKey: 'KEY-MATERIAL', passphrase: 'kp' } })).body.data;
    const plain = (await t.json('POST', '/api/connection/datasource/export_file', { ids: [id] })).body.data;
    expect(JSON.stringify(plain)).not.toMatch(/pw-Round-Trip|KEY-MATERIAL/);
    expect(plain.connections).toEqual([expect.objectContaining({ alias: 'round trip', host: 'h.example', user: 'u' })]);
    expect((await t.json('POST', '/api/connection/datasource/export_file', { ids: [id], withSecrets: true })).status).toBe(400);

    const sealed = (await t.json('POST', '/api/connection/datasource/export_file', { ids: [id], withSecrets: true, passphrase: 'correct horse battery' })).body.data;
    expect(JSON.stringify(sealed)).not.toMatch(/pw-Round-Trip|KEY-MATERIAL/);
    expect(sealed.secrets).toMatchObject({ kdf: 'scrypt' });
    const wrong = await importFile(JSON.stringify(sealed), { passphrase: 'wrong horse battery' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorMessage).toMatch(/passphrase is wrong/);
    const noPass = (await importFile(JSON.stringify(sealed), { dryRun: true })).body.data;
    expect(noPass.imported[0]).toMatchObject({ hasPassword: false });
    expect(noPass.skippedFields[0]).toMatchObject({ field: 'secrets' });
    const back = (await importFile(JSON.stringify(sealed), { passphrase: 'correct horse battery' })).body.data;
    const rec = (await t.deps.dataSources.get(back.imported[0]!.id!))!.input;
    expect(rec).toMatchObject({ alias: 'round trip', password: 'pw-Round-Trip', ssh: { privateKey: 'KEY-MATERIAL', passphrase: 'kp', user: 'ju' } });
  });
});
