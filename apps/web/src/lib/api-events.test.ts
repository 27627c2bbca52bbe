/** api(): refusals that open a dialog elsewhere are announced as window events (spec 02 §8). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const g = globalThis as unknown as { window?: EventTarget };
g.window ??= new EventTarget();
const { api, ApiError } = await import('./api.js');

describe('api() licence refusals', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const code = new URL(req.url!, 'http://x').searchParams.get('code');
      res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, errorCode: code, errorMessage: `refused: ${code}` }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const heard = async (code: string, quiet = false) => {
    const events: Array<{ errorCode: string; errorMessage: string }> = [];
    const on = (e: Event) => events.push((e as CustomEvent).detail);
    g.window!.addEventListener('askdb:licence-error', on);
    try {
      await expect(api(`${base}/x`, { query: { code }, quietRefusal: quiet })).rejects.toBeInstanceOf(ApiError);
    } finally {
      g.window!.removeEventListener('askdb:licence-error', on);
    }
    return events;
  };

  it('an OFFLINE_* answer from any route opens the matching licence dialog (askdb:licence-error)', async () => {
    expect(await heard('OFFLINE_TRIAL_EXPIRED')).toEqual([{ errorCode: 'OFFLINE_TRIAL_EXPIRED', errorMessage: 'refused: OFFLINE_TRIAL_EXPIRED' }]);
    expect(await heard('OFFLINE_LICENSE_EXPIRED')).toHaveLength(1);
  });

  it('other refusals and background lookups announce nothing', async () => {
    expect(await heard('NO_DATA_ACCESS_PERMISSION')).toEqual([]);
    expect(await heard('OFFLINE_TRIAL_EXPIRED', true)).toEqual([]);
  });
});

describe('api() transport failures (spec 02 §8)', () => {
  let server: Server;
  let base = '';
  const seen: Array<string | undefined> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers['time-zone'] as string | undefined);
      res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' }).end('<html>proxy error</html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('a non-envelope answer says the status and its text, and every request names the time zone', async () => {
    await expect(api(`${base}/x`)).rejects.toMatchObject({ message: 'HTTP 502 Bad Gateway', errorCode: 'BAD_RESPONSE', status: 502 });
    expect(seen.at(-1)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('a request that never reaches a server raises the network-error event once (a background lookup raises none)', async () => {
    const dead = `http://127.0.0.1:${(server.address() as AddressInfo).port + 0}`;
    await new Promise<void>((r) => server.close(() => r()));
    let heard = 0;
    const on = () => heard++;
    g.window!.addEventListener('askdb:network-error', on);
    try {
      await expect(api(`${dead}/x`)).rejects.toMatchObject({ errorCode: 'NETWORK_ERROR' });
      expect(heard).toBe(1);
      await expect(api(`${dead}/x`, { quietRefusal: true })).rejects.toMatchObject({ errorCode: 'NETWORK_ERROR' });
      expect(heard).toBe(1);
    } finally {
      g.window!.removeEventListener('askdb:network-error', on);
      server.listen(0, '127.0.0.1');
    }
  });
});
