/**
 * Security review of connection files: an AskDB file names its own key-derivation cost (scrypt N, r,
 * p). A file asking for far more than AskDB ever writes (here 128 MB of memory per attempt; the old
 * bounds allowed 8 GB and minutes of CPU on the event loop) is refused as invalid, not derived.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';

describe('connection files: hostile AskDB file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(() => t.close());

  it('refuses a sealed file whose scrypt parameters exceed what AskDB writes (no 128 MB+ derivation per request)', async () => {
    const passphrase = 'correct horse battery';
    const N = 1 << 17;
    const r = 8;
    const salt = crypto.randomBytes(16);
    const iv = crypto.randomBytes(12);
    const key = crypto.scryptSync(passphrase, salt, 32, { N, r, p: 1, maxmem: 256 * N * r });
    const c = crypto.createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([c.update(JSON.stringify([{ password: 'pw-Hostile' }]), 'utf8'), c.final()]);
    const file = {
      format: 'askdb-connections', version: 1, exportedAt: new Date().toISOString(),
      connections: [{ alias: 'hostile', type: 'POSTGRESQL', host: 'h.example', port: 5432, user: 'u', databaseName: 'd' }],
      secrets: { kdf: 'scrypt', N, r, p: 1, salt: salt.toString('base64'), iv: iv.toString('base64'), tag: c.getAuthTag().toString('base64'), data: data.toString('base64') },
    };
    const res = await t.json('POST', '/api/connection/datasource/import_file', { content: JSON.stringify(file), passphrase });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toMatch(/key derivation/);
    const list = (await t.json('GET', '/api/connection/datasource/list')).body.data as { alias: string }[] | { data: { alias: string }[] };
    expect(JSON.stringify(list)).not.toContain('hostile');
  });
});
