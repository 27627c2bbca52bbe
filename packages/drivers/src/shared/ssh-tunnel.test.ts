/**
 * The SSH tunnel against a real SSH server (ssh2's own server implementation on 127.0.0.1, which
 * forwards to the local PostgreSQL): password and key logins, a wrong password, a dead tunnel.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server, utils, type Connection as SshClient } from 'ssh2';
import { PG_URL, serviceAvailable } from '../../test/services.js';
import { must } from '../../test/run-sql.js';
import { driverFor } from '../registry.js';
import { openSshTunnel } from './ssh-tunnel.js';

const pgUp = await serviceAvailable('PostgreSQL', PG_URL, 5432);
const pg = new URL(PG_URL);
/**
 * ssh2's own generator writes an OpenSSH key its parser refuses about once in 400 (measured: 8 of 3,000) —
 * the generator's fault, not a key a user would have: take one it can read, so the test never flips.
 */
function readableKeyPair(): ReturnType<typeof utils.generateKeyPairSync> {
  for (;;) {
    const k = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(k.private) instanceof Error)) return k;
  }
}
const clientKey = readableKeyPair();
const allowedKey = utils.parseKey(clientKey.public);

describe.skipIf(!pgUp)('SSH tunnel', () => {
  let server: Server;
  let port = 0;
  const clients = new Set<SshClient>();

  beforeAll(async () => {
    server = new Server({ hostKeys: [readableKeyPair().private] }, (client) => {
      clients.add(client);
      client.on('error', () => undefined);
      client.on('close', () => clients.delete(client));
      client.on('authentication', (ctx) => {
        if (ctx.username !== 'askdb') return ctx.reject();
        if (ctx.method === 'password' && ctx.password === 'secret') return ctx.accept();
        if (ctx.method === 'publickey' && !(allowedKey instanceof Error)) {
          const key = Array.isArray(allowedKey) ? allowedKey[0]! : allowedKey;
          if (ctx.key.algo === key.type && ctx.key.data.equals(key.getPublicSSH())) {
            if (!ctx.signature || key.verify(ctx.blob!, ctx.signature, ctx.hashAlgo)) return ctx.accept();
          }
        }
        ctx.reject(['password', 'publickey']);
      });
      client.on('ready', () => {
        client.on('tcpip', (accept, _reject, info) => {
          const stream = accept();
          const socket = net.connect(info.destPort, info.destIP);
          stream.pipe(socket).pipe(stream);
          socket.on('error', () => stream.destroy());
          stream.on('error', () => socket.destroy());
        });
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const c of clients) c.end();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const pgConfig = () => ({
    alias: 'pg via ssh', type: 'POSTGRESQL' as const, host: pg.hostname, port: Number(pg.port || 5432), user: decodeURIComponent(pg.username || 'postgres'),
    ssh: { enabled: true, host: '127.0.0.1', port, user: 'askdb', authType: 'password' as const, password: 'secret' },
  });

  it('reaches the database through the tunnel with a password', async () => {
    const conn = await (await driverFor('POSTGRESQL')).connect(pgConfig());
    try {
      expect((await must(conn, "SELECT inet_client_addr() IS NOT NULL OR true, 'through ssh'")).rows).toEqual([['t', 'through ssh']]);
    } finally {
      await conn.close();
    }
  });

  it('logs in with a private key', async () => {
    const config = pgConfig();
    const conn = await (await driverFor('POSTGRESQL')).connect({ ...config, ssh: { ...config.ssh, authType: 'key', password: undefined, privateKey: clientKey.private } });
    try {
      expect((await must(conn, 'SELECT 2')).rows).toEqual([['2']]);
    } finally {
      await conn.close();
    }
  });

  it('says the SSH login failed, naming the user', async () => {
    const config = pgConfig();
    await expect((await driverFor('POSTGRESQL')).connect({ ...config, ssh: { ...config.ssh, password: 'wrong' } }))
      .rejects.toMatchObject({ code: 'AUTH_FAILED', message: expect.stringMatching(/SSH authentication failed for user "askdb"/) });
  });

  it('says the SSH server refused the connection', async () => {
    const config = pgConfig();
    await expect((await driverFor('POSTGRESQL')).connect({ ...config, ssh: { ...config.ssh, port: 1 } }))
      .rejects.toMatchObject({ code: 'CONNECTION_REFUSED', message: expect.stringMatching(/^SSH tunnel:/) });
  });

  it('marks the connection broken when the SSH session ends', async () => {
    const conn = await (await driverFor('POSTGRESQL')).connect(pgConfig());
    try {
      expect(conn.broken).toBe(false);
      for (const c of clients) c.end();
      await new Promise((r) => setTimeout(r, 200));
      expect(conn.broken).toBe(true);
    } finally {
      await conn.close();
    }
  });

  it('listens on 127.0.0.1 with a free port', async () => {
    const tunnel = await openSshTunnel({ enabled: true, host: '127.0.0.1', port, user: 'askdb', authType: 'password', password: 'secret' }, { host: pg.hostname, port: Number(pg.port || 5432) }, 5000);
    try {
      expect(tunnel.host).toBe('127.0.0.1');
      expect(tunnel.port).toBeGreaterThan(0);
    } finally {
      await tunnel.close();
    }
  });
});
