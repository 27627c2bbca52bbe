/**
 * The real servers the driver tests run against (CONTRIBUTING-AGENTS.md). A missing server skips
 * its suite, unless ASKDB_REQUIRE_SERVICES=1, where it fails the run.
 */
import net from 'node:net';

export const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const MYSQL_URL = process.env.ASKDB_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/';
export const REDIS_URL = process.env.ASKDB_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
export const REQUIRE_SERVICES = process.env.ASKDB_REQUIRE_SERVICES === '1';

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
}

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) });
    const done = (ok: boolean) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Whether to run a suite that needs `url`. Throws (failing the file) when the server is missing
 * and services are required.
 */
export async function serviceAvailable(name: string, url: string, defaultPort: number): Promise<boolean> {
  const ok = await reachable(url, defaultPort);
  if (!ok && REQUIRE_SERVICES) throw new Error(`${name} is not reachable at ${url} and ASKDB_REQUIRE_SERVICES=1`);
  if (!ok) console.warn(`[skip] ${name} not reachable at ${url}`);
  return ok;
}

/** A TCP server on 127.0.0.1 that accepts connections and never answers: a connect timeout target. */
export async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => { sockets.add(s); s.on('error', () => undefined); s.on('close', () => sockets.delete(s)); });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
  };
}
