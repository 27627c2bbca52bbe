/**
 * SSH tunnel shared by every network engine: one SSH session per connection, a local forward
 * listening on 127.0.0.1:0, each accepted socket piped through `forwardOut` to the target. The
 * engine then connects to the returned local host/port as if the database were local.
 */
import net from 'node:net';
import type { SshConfig } from '@askdb/contracts';
import { Client, type ConnectConfig } from 'ssh2';
import { DriverError } from '../driver.js';
import { driverError } from '../messages.js';
import { messageOf, networkError } from './network-errors.js';

export interface Tunnel {
  host: '127.0.0.1';
  port: number;
  close(): Promise<void>;
  /** Set when the SSH session ended: the engine's connection through it is broken. */
  readonly closed: boolean;
}

export async function openSshTunnel(ssh: SshConfig, target: { host: string; port: number }, timeoutMs: number): Promise<Tunnel> {
  if (!ssh.host) throw driverError('CONFIG_INVALID', { reason: 'the SSH host is missing' });
  const sshPort = ssh.port ?? 22;
  const client = new Client();
  const config: ConnectConfig = { host: ssh.host, port: sshPort, username: ssh.user, readyTimeout: timeoutMs, keepaliveInterval: 15_000 };
  if (ssh.authType === 'key') {
    if (!ssh.privateKey) throw driverError('CONFIG_INVALID', { reason: 'the SSH private key is missing' });
    config.privateKey = ssh.privateKey;
    if (ssh.passphrase) config.passphrase = ssh.passphrase;
  } else {
    config.password = ssh.password ?? '';
    config.tryKeyboard = true;
    client.on('keyboard-interactive', (_n, _i, _l, prompts, finish) => finish(prompts.map(() => ssh.password ?? '')));
  }

  await new Promise<void>((resolve, reject) => {
    const fail = (err: unknown) => {
      client.removeAllListeners('ready');
      client.end();
      reject(sshError(err, ssh.host!, sshPort, ssh.user ?? '', timeoutMs));
    };
    client.once('ready', () => { client.removeListener('error', fail); resolve(); });
    client.once('error', fail);
    try { client.connect(config); } catch (err) { fail(err); }
  });

  let closed = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((local) => {
    sockets.add(local);
    local.on('close', () => sockets.delete(local));
    client.forwardOut('127.0.0.1', local.remotePort ?? 0, target.host, target.port, (err, stream) => {
      if (err) { local.destroy(err); return; }
      local.pipe(stream).pipe(local);
      stream.on('error', () => local.destroy());
      local.on('error', () => stream.destroy());
    });
  });
  const markClosed = () => {
    closed = true;
    server.close();
    for (const s of sockets) s.destroy();
  };
  client.on('close', markClosed);
  client.on('error', markClosed);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => { server.removeListener('error', reject); resolve(); });
  });
  // A late listener error must not become an uncaught 'error' event in the server process.
  server.on('error', markClosed);
  const port = (server.address() as net.AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    get closed() { return closed; },
    async close() {
      markClosed();
      client.end();
    },
  };
}

function sshError(err: unknown, host: string, port: number, user: string, timeoutMs: number): DriverError {
  const text = messageOf(err);
  const level = (err as { level?: string }).level;
  if (level === 'client-authentication' || /authentication methods failed/i.test(text)) {
    return new DriverError(`SSH authentication failed for user "${user}" at ${host}:${port}.`, 'AUTH_FAILED', text, { user, host, port });
  }
  if (/Timed out while waiting for handshake/i.test(text)) {
    return driverError('TIMEOUT', { host, port, seconds: timeoutMs / 1000 }, `SSH: ${text}`);
  }
  const net = networkError(err, { host, port, timeoutMs });
  if (net) return new DriverError(`SSH tunnel: ${net.message}`, net.code, text, net.params);
  if (/private key|parse/i.test(text)) return driverError('CONFIG_INVALID', { reason: `the SSH private key cannot be read (${text})` }, text);
  return new DriverError(`SSH tunnel to ${host}:${port} failed: ${text}`, 'CONNECTION_LOST', text, { host, port, reason: text });
}
