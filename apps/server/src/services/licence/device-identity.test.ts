/**
 * One offline code, one machine (issue 24 point 4): the device identity is derived from the machine
 * on every start. A home folder copied to another machine (device.json, the stored licence and its
 * certificate, the secret key — everything) comes up there as a different device whose licence is
 * not activated; the same machine keeps its activation across restarts. "Another machine" is played
 * by swapping the machine-traits source; the derivation and the check are the real ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from '../../test/helpers.js';
import { licenceServices } from './index.js';
import { deviceIdOf, machineTraits, osMachineTraits, type MachineTraits } from './device.js';

const machine = (n: number): MachineTraits => ({
  machineId: `${n}`.padStart(32, 'a'), hostname: `desk-${n}`, cpuModel: 'Test CPU @ 3.00GHz', macs: [`02:00:00:00:00:0${n}`], platform: 'linux', arch: 'x64',
});

describe('device identity from the machine', () => {
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let authority: TestApp;
  let env: Record<string, string>;
  const homes: string[] = [];
  beforeAll(async () => {
    store = await scratchPgDatabase('askdb_device_id');
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    authority = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false }, { ASKDB_BILLING: '1' });
    const publicKey = (await authority.json('GET', '/api/licence/authority/public_key')).body.data.publicKey as string;
    env = { ASKDB_LICENCE_PUBLIC_KEY: publicKey, ASKDB_LICENCE_AUTHORITY: 'http://127.0.0.1:9' };
  }, 60_000);
  afterEach(() => {
    machineTraits.source = osMachineTraits;
  });
  afterAll(async () => {
    await authority?.close();
    await store?.drop();
    for (const h of homes) fs.rmSync(h, { recursive: true, force: true });
  });

  const startOn = async (traits: MachineTraits, home: string) => {
    machineTraits.source = () => traits;
    return testApp({ home, demo: false }, env);
  };
  const status = async (app: TestApp) => (await app.json('GET', '/api/licence/status')).body.data as { state: string; reason: string | null; device: { id: string; name: string; os: string } };

  it('reads the real machine: a stable id from the OS traits', () => {
    const t = osMachineTraits();
    expect(t.hostname).toBe(os.hostname());
    if (fs.existsSync('/etc/machine-id')) expect(t.machineId).toBe(fs.readFileSync('/etc/machine-id', 'utf8').trim());
    expect(deviceIdOf(t)).toBe(deviceIdOf(osMachineTraits()));
    expect(deviceIdOf(t)).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
    // Each trait counts: another machine id, host name, CPU or network card is another device.
    const base = machine(1);
    for (const other of [{ machineId: 'b'.repeat(32) }, { hostname: 'desk-9' }, { cpuModel: 'Other CPU' }, { macs: ['02:00:00:00:00:09'] }]) {
      expect(deviceIdOf({ ...base, ...other })).not.toBe(deviceIdOf(base));
    }
  });

  it('a home copied to another machine comes up as a different, unactivated device; the original stays activated', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-device-a-'));
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-device-b-'));
    homes.push(home, copy);
    let app = await startOn(machine(1), home);
    const me = await status(app);
    expect(me.device.id).toBe(deviceIdOf(machine(1)));
    const [code] = await licenceServices(authority.deps).authority.issue({ orderId: null, organizationId: null, userId: null, count: 1, validUntil: null });
    const cert = await authority.json('POST', '/api/licence/device_certificate', { code, deviceId: me.device.id, deviceName: me.device.name, os: me.device.os });
    expect(cert.body.errorMessage).toBeUndefined();
    expect((await app.json('POST', '/api/licence/activate', { code, mode: 'offline', certificate: cert.body.data })).body.data.state).toBe('ACTIVATED');
    await app.close();

    // Everything in the home folder, copied to another computer (and device.json edited to claim the old id).
    fs.cpSync(home, copy, { recursive: true });
    const dj = path.join(copy, 'device.json');
    fs.writeFileSync(dj, JSON.stringify({ id: me.device.id }));
    app = await startOn(machine(2), copy);
    try {
      const there = await status(app);
      expect(there.device.id).toBe(deviceIdOf(machine(2)));
      expect(there.device.id).not.toBe(me.device.id);
      expect(there.state).not.toBe('ACTIVATED');
      expect(there.reason).toBe('LICENCE_INVALID');
      // What the licence sells is refused there, with the message that says why.
      const dash = await app.json('GET', '/api/licence/plugins');
      expect((dash.body.data as Array<{ status: string }>).every((p) => p.status !== 'ACTIVATED')).toBe(true);
      // The copied certificate cannot activate it either: it names the other device.
      const again = await app.json('POST', '/api/licence/activate', { code, mode: 'offline', certificate: cert.body.data });
      expect([again.status, again.body.errorCode]).toEqual([400, 'OFFLINE_INVALID_DEVICE']);
    } finally {
      await app.close();
    }

    // The first machine, restarted: still the same device, still activated.
    app = await startOn(machine(1), home);
    try {
      const back = await status(app);
      expect([back.device.id, back.state]).toEqual([me.device.id, 'ACTIVATED']);
    } finally {
      await app.close();
    }
  });
});
