/**
 * The licence authority and local installs as separate real processes on 127.0.0.1 (the server's
 * own main.ts, bundled here): online activation over HTTP; offline activation with the local
 * install's route to the authority closed; the 2-device limit across them; online unbinding.
 * A third party — this test process — is another replica of the authority on the same store: it
 * issues the codes, as commerce does after a paid order.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, scratchPgDatabase, testApp, type TestApp } from '../../test/helpers.js';
import { issueActivationCodes } from './issue.js';
import { licenceServices } from './index.js';
import { bundleServerMain } from '../../test/replica-process.js';

const SECRET = 'licence-two-process-secret';

interface Proc { url: string; home: string; child: ChildProcess; stop(): Promise<void> }
/**
 * Each process plays its own machine: the device identity is derived from the machine (device.ts),
 * so two installs on this one computer would be one device. A preload gives each a host name of its
 * own (the host name is one of the hashed traits), as two real computers would have.
 */
function machinePreload(outdir: string): string {
  const file = path.join(outdir, 'machine-preload.cjs');
  fs.writeFileSync(file, "const os = require('node:os'); const name = process.env.ASKDB_TEST_PLAYED_HOST; if (name) os.hostname = () => name;\n");
  return file;
}
async function start(entry: string, env: Record<string, string>): Promise<Proc> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-licence-proc-'));
  const preload = machinePreload(path.dirname(entry));
  const child = spawn(process.execPath, ['-r', preload, entry], { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ASKDB_HOME: home, ASKDB_DEMO: '0', ASKDB_LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start:\n${out}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = out.match(/running at (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (c) => reject(new Error(`exited ${c}:\n${out}`)));
  });
  return {
    url, home, child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

async function call(base: string, method: string, p: string, body?: unknown) {
  const res = await fetch(base + p, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: (await res.json()) as { success: boolean; data: any; errorCode?: string; errorMessage?: string } };
}

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe('licence authority and local installs as separate processes', () => {
  let bundle: Awaited<ReturnType<typeof bundleServerMain>> | undefined;
  let store: Awaited<ReturnType<typeof scratchPgDatabase>>;
  let replica: TestApp;
  let authority: Proc;
  let online: Proc;
  let offline: Proc;
  let code: string;

  beforeAll(async () => {
    bundle = await bundleServerMain();
    const entry = bundle.entry;
    store = await scratchPgDatabase('askdb_licence_proc');
    const url = new URL(PG_URL);
    url.pathname = `/${store.name}`;
    authority = await start(entry, { ASKDB_MODE: 'server', ASKDB_DATABASE_URL: url.toString(), ASKDB_BILLING: '1', ASKDB_BILLING_SANDBOX: '1', ASKDB_SECRET: SECRET });
    replica = await testApp({ mode: 'server', databaseUrl: url.toString(), demo: false, secret: SECRET }, { ASKDB_BILLING: '1' });
    await issueActivationCodes(replica.deps, { orderId: 77, organizationId: 1, userId: 1, count: 1, validUntil: null });
    const [row] = await licenceServices(replica.deps).authority.repo.codesOfOrder(77);
    code = replica.deps.secrets.decrypt(row!.code_enc);
    const key = await call(authority.url, 'GET', '/api/licence/authority/public_key');
    const publicKey = key.body.data.publicKey as string;
    online = await start(entry, { ASKDB_LICENCE_AUTHORITY: authority.url, ASKDB_LICENCE_PUBLIC_KEY: publicKey, ASKDB_TEST_PLAYED_HOST: 'online-desk' });
    offline = await start(entry, { ASKDB_LICENCE_AUTHORITY: `http://127.0.0.1:${await closedPort()}`, ASKDB_LICENCE_PUBLIC_KEY: publicKey, ASKDB_TEST_PLAYED_HOST: 'offline-laptop' });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([online?.stop(), offline?.stop(), authority?.stop()]);
    await replica?.close();
    await store?.drop();
    bundle?.remove();
  });

  it('activates online through the authority, offline without it, and holds 2 devices per code', async () => {
    expect((await call(online.url, 'GET', '/api/licence/status')).body.data.state).toBe('TRIAL');
    const act = await call(online.url, 'POST', '/api/licence/activate', { code, mode: 'online' });
    expect(act.body.errorMessage).toBeUndefined();
    expect(act.body.data).toMatchObject({ state: 'ACTIVATED', mode: 'online', product: 'AskDB Local Pro' });
    expect((await call(online.url, 'GET', '/api/licence/status')).body.data.code).toBe(`ASKDB-*****-*****-*****-${code.slice(-5)}`);

    // The offline device cannot reach the authority: online activation says so.
    const me = (await call(offline.url, 'GET', '/api/licence/status')).body.data;
    const noNet = await call(offline.url, 'POST', '/api/licence/activate', { code, mode: 'online' });
    expect([noNet.status, noNet.body.errorCode]).toEqual([503, 'NETWORK_ERROR']);
    expect(noNet.body.errorMessage).toContain('internet connection');
    // On another machine (this test) the user gets its certificate from the authority…
    const cert = await call(authority.url, 'POST', '/api/licence/device_certificate', { code, deviceName: me.device.name, os: me.device.os, deviceId: me.device.id });
    expect(cert.body.data).toContain('BEGIN ASKDB DEVICE CERTIFICATE');
    // …and loads it on the offline device, which checks it with no network.
    const off = await call(offline.url, 'POST', '/api/licence/activate', { code: '', mode: 'offline', certificate: cert.body.data });
    expect(off.body.data).toMatchObject({ state: 'ACTIVATED', mode: 'offline' });

    // Two devices hold the code: a third is refused.
    const third = { code, deviceId: 'THIRD-DEVICE-0001', deviceName: 'third', os: 'Windows 11' };
    const refused = await call(authority.url, 'POST', '/api/licence/authority/activate', third);
    expect([refused.status, refused.body.errorCode]).toEqual([409, 'LICENSE_BIND_COUNT_EXCEEDS']);

    // Unbinding the online device frees its slot at the authority.
    const un = await call(online.url, 'POST', '/api/licence/unbind', {});
    expect(un.body.data.slotFreed).toBe(true);
    expect(un.body.data.status.state).toBe('TRIAL');
    expect((await call(authority.url, 'POST', '/api/licence/authority/activate', third)).status).toBe(200);

    // The codes page on the authority (the replica reads the same store) shows both devices.
    const views = await licenceServices(replica.deps).authority.codesOf(1, 1);
    expect(views[0]).toMatchObject({ code, status: 'IN_USE' });
    expect(views[0]!.devices.map((d) => d.deviceName).sort()).toEqual([me.device.name, 'third'].sort());
  }, 60_000);
});
