/**
 * The team soak's load balancer: round robin over the replicas (node:http, no stickiness). A replica
 * that refuses the connection is skipped for a while and the request goes to the next one (nothing
 * reached the dead one, so that is safe for any method, as real balancers do); a request cut after it
 * was sent (a GET on a reused connection excepted: it is sent again) answers 502 with `x-soak-proxy: lost`. Every answer names its replica in `x-soak-backend`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  close(): Promise<void>;
}

const DOWN_MS = 2_000;

export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  // Idle sockets to a replica are dropped well before the replica's own keep-alive timeout (72 s), so a
  // request never races a replica closing an idle socket.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, timeout: 30_000 });
  const downUntil = backends.map(() => 0);
  let next = 0;
  const pick = (tried: Set<number>): number | null => {
    for (let k = 0; k < backends.length; k++) {
      const i = (next + k) % backends.length;
      if (!tried.has(i) && downUntil[i]! <= Date.now()) { next = i + 1; return i; }
    }
    const left = backends.map((_, i) => i).filter((i) => !tried.has(i));
    return left.length ? left[0]! : null;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tried = new Set<number>();
      const attempt = () => {
        const i = pick(tried);
        if (i === null) { res.writeHead(502, { 'x-soak-proxy': 'no-backend' }).end(); return; }
        tried.add(i);
        const target = new URL(backends[i]!);
        const up = http.request({ agent, host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-soak-backend': String(i) });
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        });
        up.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED') { downUntil[i] = Date.now() + DOWN_MS; attempt(); return; }
          // A kept-alive socket the dead replica's kernel reset: a GET changes nothing, send it again.
          if (up.reusedSocket && err.code === 'ECONNRESET' && req.method === 'GET' && !res.headersSent) { attempt(); return; }
          if (!res.headersSent) res.writeHead(502, { 'x-soak-proxy': 'lost', 'x-soak-backend': String(i) }).end();
          else res.destroy();
        });
        up.end(body);
      };
      attempt();
    });
  });
  // Longer than the client's idle timeout, so the client never sends on a socket the proxy is closing.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => { agent.destroy(); server.closeAllConnections(); server.close(() => r()); }),
  };
}
