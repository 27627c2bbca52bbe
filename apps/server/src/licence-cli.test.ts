/** The operator command issues codes the authority then accepts, and prints the public key. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from './test/helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('askdb-licence operator command', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let app: TestApp;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_licence_cli');
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    env = { ...process.env, ASKDB_MODE: 'server', ASKDB_DATABASE_URL: url.toString(), ASKDB_SECRET: 'cli-secret', ASKDB_HOME: fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-cli-')) };
    app = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false, secret: 'cli-secret' }, { ASKDB_BILLING: '1' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await store?.drop();
    if (env?.ASKDB_HOME) fs.rmSync(env.ASKDB_HOME, { recursive: true, force: true });
  });

  it('issues codes that activate, and prints the key the authority signs with', async () => {
    const run = (...args: string[]) => spawnSync(process.execPath, [path.join(root, 'apps/server/bin/askdb-licence.mjs'), ...args], { env, encoding: 'utf8', timeout: 120_000 });
    const issued = run('issue', '--count', '2', '--valid-until', '2099-01-01T00:00:00Z');
    expect(issued.stderr).toBe('');
    const codes = issued.stdout.trim().split('\n');
    expect(codes).toHaveLength(2);
    expect(codes[0]).toMatch(/^ASKDB-[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);
    const act = await app.json('POST', '/api/licence/authority/activate', { code: codes[1], deviceId: 'CLI-DEVICE-01', deviceName: 'pc', os: 'Linux' });
    expect(act.status).toBe(200);
    const key = run('public-key');
    expect(key.stdout.trim()).toBe((await app.json('GET', '/api/licence/authority/public_key')).body.data.publicKey.trim());
    const bad = run('issue', '--count', 'many');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--count');
  }, 150_000);
});
