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
