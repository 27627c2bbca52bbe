/**
 * Offline licence, in one process: the authority (server mode, billing on, PostgreSQL store) and a
 * local install (SQLite) that trusts the authority's key. Real Ed25519; fake clocks for the trial,
 * expiry and clock rollback.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from '../../test/helpers.js';
import { licenceServices } from './index.js';
import { issueActivationCodes } from './issue.js';
import { generateKeyPair, publicKeyPem, signDocument } from './signing.js';
import { licenceDb } from '../../store/licence.js';

const DAY = 86_400_000;
const dev = (n: number) => ({ deviceId: `DEVICE-${String(n).padStart(4, '0')}`, deviceName: `pc-${n}`, os: 'Linux 6.1' });

describe('offline licence', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let authority: TestApp;
  let local: TestApp;
  let publicKey: string;

  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_licence');
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    authority = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false }, { ASKDB_BILLING: '1' });
    const key = await authority.json('GET', '/api/licence/authority/public_key');
    publicKey = key.body.data.publicKey;
    local = await testApp({ demo: false }, { ASKDB_LICENCE_PUBLIC_KEY: publicKey, ASKDB_LICENCE_AUTHORITY: 'http://127.0.0.1:9' });
  }, 60_000);
  afterAll(async () => {
    await local?.close();
    await authority?.close();
    await store?.drop();
  });

  const auth = () => licenceServices(authority.deps).authority;
  const localSvc = () => licenceServices(local.deps).local!;
  const certFor = async (code: string, d: ReturnType<typeof dev>) => {
    const r = await authority.json('POST', '/api/licence/device_certificate', { code, ...d });
    expect(r.body.errorMessage).toBeUndefined();
    return r.body.data as string;
  };

  it('keeps the signing key encrypted in the store', async () => {
    const row = await licenceDb(authority.deps.store.db).selectFrom('licence_keys').selectAll().executeTakeFirstOrThrow();
    expect(row.private_key_enc.startsWith('v1:')).toBe(true);
    expect(row.private_key_enc).not.toContain('PRIVATE KEY');
    expect(publicKey).toContain('BEGIN PUBLIC KEY');
  });

  it('issues codes once per order, and binds at most 2 devices per code', async () => {
    await issueActivationCodes(authority.deps, { orderId: 501, organizationId: 1, userId: 1, count: 2, validUntil: null });
    await issueActivationCodes(authority.deps, { orderId: 501, organizationId: 1, userId: 1, count: 2, validUntil: null });
    const codes = await auth().repo.codesOfOrder(501);
    expect(codes).toHaveLength(2);
    const code = authority.deps.secrets.decrypt(codes[0]!.code_enc);
    expect(code).toMatch(/^ASKDB-/);

    const a = await authority.json('POST', '/api/licence/authority/activate', { code, ...dev(1) });
    expect(a.status).toBe(200);
    expect(a.body.data.licence).toContain('BEGIN ASKDB LICENCE');
    // The same device again takes no second slot.
    expect((await authority.json('POST', '/api/licence/authority/activate', { code: code.toLowerCase(), ...dev(1) })).status).toBe(200);
    expect((await authority.json('POST', '/api/licence/authority/activate', { code, ...dev(2) })).status).toBe(200);
    const third = await authority.json('POST', '/api/licence/authority/activate', { code, ...dev(3) }, { 'accept-language': 'zh-CN' });
    expect(third.status).toBe(409);
    expect(third.body.errorCode).toBe('LICENSE_BIND_COUNT_EXCEEDS');
    expect(third.body.errorMessage).toContain('2 台设备');

    // Unbinding (proved by the device's licence) frees the slot for the third device.
    const un = await authority.json('POST', '/api/licence/authority/unbind', { code, document: a.body.data.licence });
    expect(un.body.data).toBe(true);
    expect((await authority.json('POST', '/api/licence/authority/activate', { code, ...dev(3) })).status).toBe(200);
  });

  it('lets only 2 of many concurrent binds on one code succeed', async () => {
    await issueActivationCodes(authority.deps, { orderId: 502, organizationId: 1, userId: 1, count: 1, validUntil: null });
    const [row] = await auth().repo.codesOfOrder(502);
    const code = authority.deps.secrets.decrypt(row!.code_enc);
    const results = await Promise.all([10, 11, 12, 13, 14, 15].map((n) => authority.json('POST', '/api/licence/authority/activate', { code, ...dev(n) })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.body.errorCode === 'LICENSE_BIND_COUNT_EXCEEDS')).toHaveLength(4);
    const active = await licenceDb(authority.deps.store.db).selectFrom('licence_bindings').select('id').where('code_id', '=', row!.id).where('unbound_at', 'is', null).execute();
    expect(active).toHaveLength(2);
  });

  it('refuses malformed and unknown codes with a clear message', async () => {
    const bad = await authority.json('POST', '/api/licence/authority/activate', { code: 'hello', ...dev(1) });
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'LICENSE_CODE_INVALID']);
    expect(bad.body.errorMessage).toContain('ASKDB-XXXXX');
    const unknown = await authority.json('POST', '/api/licence/authority/activate', { code: 'ASKDB-00000-00000-00000-00000', ...dev(1) });
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, 'LICENSE_CODE_INVALID']);
    const missing = await authority.json('POST', '/api/licence/device_certificate', { code: (await auth().issue({ orderId: null, organizationId: null, userId: null, count: 1, validUntil: null }))[0], deviceName: '', os: 'x', deviceId: 'DEVICE-0001' });
    expect(missing.status).toBe(400);
    expect(missing.body.errorMessage).toContain('Device name, operating system and device ID are required');
  });

  it('generates a device certificate once: the same file again, other details refused', async () => {
    const [code] = await auth().issue({ orderId: null, organizationId: null, userId: null, count: 1, validUntil: null });
    const first = await certFor(code!, dev(20));
    expect(await certFor(code!, dev(20))).toBe(first);
    const changed = await authority.json('POST', '/api/licence/device_certificate', { code, ...dev(20), deviceName: 'renamed' });
    expect([changed.status, changed.body.errorCode]).toEqual([409, 'LICENSE_CERTIFICATE_EXISTS']);
  });

  it('activates a local install offline with its certificate, and refuses edited, foreign, misdirected and future certificates', async () => {
    const [code] = await auth().issue({ orderId: null, organizationId: null, userId: null, count: 1, validUntil: null });
    const me = (await local.json('GET', '/api/licence/status')).body.data;
    expect(me.state).toBe('TRIAL');
    expect(me.device.id).toMatch(/^[0-9A-F-]{36}$/);
    const mine = { deviceId: me.device.id, deviceName: me.device.name, os: me.device.os };

    // Another device's certificate.
    const other = await certFor(code!, dev(30));
    const r1 = await local.json('POST', '/api/licence/activate', { code, mode: 'offline', certificate: other });
    expect([r1.status, r1.body.errorCode]).toEqual([400, 'OFFLINE_INVALID_DEVICE']);

    const cert = await certFor(code!, mine);
    // Edited by one byte (inside the payload).
    const at = cert.indexOf('\n') + 30;
    const edited = cert.slice(0, at) + (cert[at] === 'A' ? 'B' : 'A') + cert.slice(at + 1);
    const r2 = await local.json('POST', '/api/licence/activate', { code, mode: 'offline', certificate: edited });
    expect([r2.status, r2.body.errorCode]).toEqual([400, 'LICENSE_CERTIFICATE_INVALID']);
    // Signed by another key (same contents).
    const foreign = signDocument({ typ: 'device-certificate', lic: 1, code: 'ASKDB-*****-*****-*****-AAAAA', order: null, product: 'x', ...mine, mode: 'offline', iat: new Date().toISOString(), exp: null }, generateKeyPair());
    const r3 = await local.json('POST', '/api/licence/activate', { code, mode: 'offline', certificate: foreign });
    expect([r3.status, r3.body.errorCode]).toEqual([400, 'LICENSE_CERTIFICATE_INVALID']);
    expect(r3.body.errorMessage).toContain('does not trust');
    // Not a certificate at all.
    const r4 = await local.json('POST', '/api/licence/activate', { code, mode: 'offline', certificate: 'PK\u0003\u0004 binary junk' });
    expect([r4.status, r4.body.errorCode]).toEqual([400, 'LICENSE_CERTIFICATE_INVALID']);
    // From the future: the authority's clock a day ahead.
    const [code2] = await auth().issue({ orderId: null, organizationId: null, userId: null, count: 1, validUntil: null });
    auth().now = () => new Date(Date.now() + DAY);
    const future = await certFor(code2!, mine);
    auth().now = () => new Date();
    const r5 = await local.json('POST', '/api/licence/activate', { code: code2, mode: 'offline', certificate: future });
    expect([r5.status, r5.body.errorCode]).toEqual([400, 'LICENSE_CERTIFICATE_INVALID']);
    expect(r5.body.errorMessage).toContain('in the future');
    expect((await local.json('GET', '/api/licence/status')).body.data.state).toBe('TRIAL');

    const ok = await local.json('POST', '/api/licence/activate', { code, mode: 'offline', certificate: cert });
    expect(ok.body.data).toMatchObject({ state: 'ACTIVATED', mode: 'offline', expireTime: null });

    // Offline-activated: the managed AI is refused, the plugins page says so.
    const plugins = (await local.json('GET', '/api/licence/plugins')).body.data as Array<{ key: string; status: string }>;
    expect(plugins.find((p) => p.key === 'AI_MANAGED_MODEL')?.status).toBe('NEEDS_ACTIVATION');
    expect(plugins.find((p) => p.key === 'DASHBOARDS')?.status).toBe('VALID');
    expect(plugins.find((p) => p.key === 'POSTGRESQL')?.status).toBe('VALID');

    // Unbinding offline needs the certificate it was activated with.
    const noCert = await local.json('POST', '/api/licence/unbind', {});
    expect(noCert.body.errorCode).toBe('LICENSE_CERTIFICATE_INVALID');
    const wrong = await local.json('POST', '/api/licence/unbind', { certificate: other });
    expect(wrong.body.errorMessage).toContain('not the one');
    const un = await local.json('POST', '/api/licence/unbind', { certificate: cert });
    expect(un.body.data.status.state).toBe('TRIAL');
    // The authority at 127.0.0.1:9 cannot be reached: the device is unbound locally, the slot is not freed yet.
    expect(un.body.data.slotFreed).toBe(false);
  });

  it('refuses an expired licence certificate', async () => {
    const [code] = await auth().issue({ orderId: null, organizationId: null, userId: null, count: 1, validUntil: new Date(Date.now() + 10 * DAY).toISOString() });
    const me = (await local.json('GET', '/api/licence/status')).body.data;
    const cert = await certFor(code!, { deviceId: me.device.id, deviceName: me.device.name, os: me.device.os });
    const svc = localSvc();
    svc.now = () => new Date(Date.now() + 11 * DAY);
    try {
      const r = await local.json('POST', '/api/licence/activate', { code, mode: 'offline', certificate: cert });
      expect([r.status, r.body.errorCode]).toEqual([403, 'OFFLINE_LICENSE_EXPIRED']);
    } finally {
      svc.now = () => new Date();
    }
    // Activated before its expiry, it becomes EXPIRED (licence expired) once the date passes.
    expect((await local.json('POST', '/api/licence/activate', { code, mode: 'offline', certificate: cert })).body.data.state).toBe('ACTIVATED');
    svc.now = () => new Date(Date.now() + 11 * DAY);
    try {
      const s = (await local.json('GET', '/api/licence/status')).body.data;
      expect([s.state, s.reason]).toEqual(['EXPIRED', 'LICENCE_EXPIRED']);
      const plugins = (await local.json('GET', '/api/licence/plugins')).body.data as Array<{ key: string; status: string }>;
      expect(plugins.find((p) => p.key === 'DASHBOARDS')?.status).toBe('EXPIRED');
    } finally {
      svc.now = () => new Date();
    }
    await local.json('POST', '/api/licence/unbind', { certificate: cert });
  });
});

describe('local trial', () => {
  it('expires after 14 days, treats a clock set back as expired, and a removed licence row as trial-expired', async () => {
    const app = await testApp({ demo: false });
    try {
      const svc = licenceServices(app.deps).local!;
      let now = Date.parse('2026-03-01T00:00:00Z');
      svc.now = () => new Date(now);
      const s0 = await svc.status();
      expect(s0.state).toBe('TRIAL');
      expect(s0.trialStartTime).toBe('2026-03-01T00:00:00.000Z');
      expect(s0.trialEndTime).toBe('2026-03-15T00:00:00.000Z');

      now += 13 * DAY;
      expect((await svc.status()).state).toBe('TRIAL');
      // Clock set back a week (to buy more trial): expired while it shows an earlier time.
      now -= 7 * DAY;
      expect(await svc.status()).toMatchObject({ state: 'EXPIRED', reason: 'CLOCK_ROLLBACK' });
      const res = await app.json('GET', '/api/licence/status');
      expect(res.body.data.state).toBe('EXPIRED');
      // A small step back (NTP) is tolerated.
      now += 7 * DAY - 60_000;
      expect((await svc.status()).state).toBe('TRIAL');
      now += DAY + 60_000;
      expect(await svc.status()).toMatchObject({ state: 'EXPIRED', reason: 'TRIAL_EXPIRED' });

      // A fresh-looking store: the licence row deleted. The sealed marker says this install started before.
      now = Date.parse('2026-03-02T00:00:00Z') + 14 * DAY;
      await licenceDb(app.deps.store.db).deleteFrom('licence_local').execute();
      expect(await svc.status()).toMatchObject({ state: 'EXPIRED', reason: 'STATE_REMOVED' });
      // Still expired on the next read (the rewritten row keeps it), and an edited row does not open.
      expect((await svc.status()).state).toBe('EXPIRED');
      await licenceDb(app.deps.store.db).updateTable('licence_local').set({ state_enc: 'v1:AAAA' }).execute();
      expect(await svc.status()).toMatchObject({ state: 'EXPIRED', reason: 'STATE_INVALID' });

      // The row and the kv marker deleted, the file marker remains: still not a new trial.
      await licenceDb(app.deps.store.db).deleteFrom('licence_local').execute();
      await app.deps.kv.delete('licence', 'marker');
      expect(fs.existsSync(path.join(app.home, 'licence.seal'))).toBe(true);
      expect((await svc.status()).state).toBe('EXPIRED');
    } finally {
      await app.close();
    }
  });

  it('is a new trial only for a new install, and the device id stays across restarts', async () => {
    const app = await testApp({ demo: false });
    const home = app.home;
    const first = (await app.json('GET', '/api/licence/status')).body.data;
    expect(first.state).toBe('TRIAL');
    await app.deps.store.close().catch(() => {});
    const again = await testApp({ home, demo: false });
    try {
      const second = (await again.json('GET', '/api/licence/status')).body.data;
      expect(second.device.id).toBe(first.device.id);
      expect(second.trialStartTime).toBe(first.trialStartTime);
    } finally {
      await again.close();
      await app.app.close().catch(() => {});
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('answers activate without an authority or certificate with a clear message', async () => {
    const app = await testApp({ demo: false });
    try {
      const online = await app.json('POST', '/api/licence/activate', { code: 'ASKDB-00000-00000-00000-00000', mode: 'online' });
      expect(online.body.errorCode).toBe('NETWORK_ERROR');
      // Issue 25 point 7: the end user is told whom to ask, not the operator's variable name.
      expect(online.body.errorMessage).toContain('Ask your administrator');
      expect(online.body.errorMessage).not.toMatch(/ASKDB_/);
      const offline = await app.json('POST', '/api/licence/activate', { code: '', mode: 'offline' }, { 'accept-language': 'ja-JP' });
      expect(offline.status).toBe(400);
      expect(offline.body.errorMessage).toContain('デバイス証明書');
      const unbind = await app.json('POST', '/api/licence/unbind', {});
      expect(unbind.body.errorCode).toBe('LICENSE_NOT_ACTIVATED');
      void publicKeyPem;
    } finally {
      await app.close();
    }
  });
});

describe('local licence gate', () => {
  it('refuses what the offline edition sells once the trial is over, with the spec\'s codes', async () => {
    const { assertLocalLicensed, assertManagedAiAllowed } = await import('./index.js');
    const app = await testApp({ demo: false });
    try {
      const svc = licenceServices(app.deps).local!;
      let now = Date.parse('2026-03-01T00:00:00Z');
      svc.now = () => new Date(now);
      await expect(assertLocalLicensed(app.deps, 'en-US')).resolves.toBeUndefined();
      await expect(assertManagedAiAllowed(app.deps, 'OPENAI', 'en-US')).resolves.toBeUndefined();
      now += 15 * DAY;
      await expect(assertLocalLicensed(app.deps, 'en-US')).rejects.toMatchObject({ errorCode: 'OFFLINE_TRIAL_EXPIRED' });
      await expect(assertManagedAiAllowed(app.deps, 'ASKDB', 'zh-CN')).rejects.toMatchObject({ errorCode: 'OFFLINE_TRIAL_EXPIRED', message: expect.stringContaining('试用') });
      // One's own key is never refused.
      await expect(assertManagedAiAllowed(app.deps, 'OPENAI', 'en-US')).resolves.toBeUndefined();
      now -= 10 * DAY;
      await expect(assertLocalLicensed(app.deps, 'en-US')).rejects.toMatchObject({ errorCode: 'OFFLINE_INVALID_TRIAL' });
    } finally {
      await app.close();
    }
  });
});
