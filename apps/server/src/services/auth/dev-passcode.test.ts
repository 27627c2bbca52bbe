import { Writable } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.js';
import { configFromEnv } from '../../config.js';
import { scratchPgDatabase } from '../../test/helpers.js';
import { pgStoreUrl, TEST_PASSWORD } from '../../test/accounts.js';

describe('development: without a mail sender the passcode is written to the log', () => {
  let db: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let built: BuiltApp;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-devpass-'));
  const lines: string[] = [];
  beforeAll(async () => {
    db = await scratchPgDatabase('askdb_devpass');
    const config = { ...configFromEnv({ ASKDB_HOME: home, ASKDB_MODE: 'server', ASKDB_DATABASE_URL: pgStoreUrl(db.name), ASKDB_DEMO: '0' }), logLevel: 'warn' };
    const stream = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
    built = await buildApp(config, { logger: { level: 'warn', stream } });
  });
  afterAll(async () => {
    await built?.app.close();
    await db?.drop();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('registers without a passcode, logs the LOGIN code, and that code signs in', async () => {
    const reg = await built.app.inject({ method: 'POST', url: '/api/oauth/register_a', payload: { email: 'dev@example.com', password: TEST_PASSWORD, displayName: 'Dev' } });
    expect(reg.statusCode).toBe(200);
    await built.app.inject({ method: 'GET', url: '/api/user/send_sms_email?email=dev@example.com' });
    const line = lines.find((l) => l.includes('passcode for dev@example.com'));
    const code = /: (\d{6})/.exec(line ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const login = await built.app.inject({ method: 'POST', url: '/api/oauth/login_a', payload: { loginType: 'EMAIL_PASSCODE', account: 'dev@example.com', passcode: code } });
    expect(login.json().data.displayName).toBe('Dev');
    // Nothing is logged for an account that does not exist.
    await built.app.inject({ method: 'GET', url: '/api/user/send_sms_email?email=nobody@example.com' });
    expect(lines.some((l) => l.includes('nobody@example.com'))).toBe(false);
  });
});
