/**
 * Listeners that record the secrets sent to them (issue 24 point 2): a PostgreSQL server that asks
 * every client for its password in clear text (AuthenticationCleartextPassword) and writes down what
 * it receives, and an HTTP endpoint that writes down every Authorization header. A test asserts they
 * received nothing when a saved secret must not travel.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface PasswordListener {
  port: number;
  /** Startup user and cleartext password of every client that answered. */
  received: { user: string | null; password: string }[];
  /** Connections accepted (answered or not). */
  connections: number;
  close(): Promise<void>;
}

const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const message = (type: string, body: Buffer) => Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);

/** A PostgreSQL wire listener: refuses TLS, asks for a cleartext password, records it, fails the login. */
export async function fakePgServer(): Promise<PasswordListener> {
  const state: PasswordListener = { port: 0, received: [], connections: 0, close: async () => {} };
  const server = net.createServer((sock) => {
    state.connections++;
    let buf = Buffer.alloc(0);
    let started = false;
    let user: string | null = null;
    sock.on('error', () => {});
    sock.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (!started) {
          if (buf.length < 8) return;
          const len = buf.readInt32BE(0);
          if (buf.length < len) return;
          const code = buf.readInt32BE(4);
          const body = buf.subarray(8, len);
          buf = buf.subarray(len);
          if (code === 80877103 || code === 80877104) {
            sock.write('N'); // SSLRequest / GSSENCRequest: not here
            continue;
          }
          const parts = body.toString('utf8').split('\0');
          for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i] === 'user') user = parts[i + 1]!;
          started = true;
          sock.write(message('R', int32(3))); // AuthenticationCleartextPassword
          continue;
        }
        if (buf.length < 5) return;
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) return;
        const type = String.fromCharCode(buf[0]!);
        const body = buf.subarray(5, len + 1);
        buf = buf.subarray(len + 1);
        if (type === 'p') {
          state.received.push({ user, password: body.toString('utf8').replace(/\0$/, '') });
          const fields = Buffer.concat([Buffer.from('SFATAL\0'), Buffer.from('C28P01\0'), Buffer.from('Mpassword authentication failed\0'), Buffer.from('\0')]);
          sock.end(message('E', fields));
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

export interface HeaderListener {
  url: string;
  /** Every Authorization (and api-key / x-api-key) header received, with the path asked. */
  received: { path: string; authorization: string }[];
  requests: number;
  close(): Promise<void>;
}

/** An OpenAI-compatible endpoint that lists one model and records the credentials it is sent. */
export async function fakeAiEndpoint(): Promise<HeaderListener> {
  const state: HeaderListener = { url: '', received: [], requests: 0, close: async () => {} };
  const server = http.createServer((req, res) => {
    state.requests++;
    const auth = req.headers.authorization ?? req.headers['api-key'] ?? req.headers['x-api-key'];
    if (auth) state.received.push({ path: req.url ?? '', authorization: String(auth) });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return state;
}
