/**
 * The connect failures every network engine must name, checked without its server: a port that refuses,
 * a host that does not exist, and a server that accepts the connection but never answers (the connect
 * timeout must end the wait, with room to spare on a busy machine).
 */
import { expect, it } from 'vitest';
import type { DatabaseType } from '@askdb/contracts';
import { driverFor } from '../src/registry.js';
import { silentServer } from './services.js';

export function connectFailureTests(base: { alias: string; type: DatabaseType }): void {
  it('says the port refused the connection and the host does not exist', async () => {
    const driver = await driverFor(base.type);
    await expect(driver.connect({ ...base, host: '127.0.0.1', port: 1, connectTimeoutMs: 3000 })).rejects.toMatchObject({ code: 'CONNECTION_REFUSED' });
    await expect(driver.connect({ ...base, host: 'no-such-host.invalid', connectTimeoutMs: 3000 })).rejects.toMatchObject({ code: 'HOST_NOT_FOUND' });
  });
  it('gives up within the connect timeout when the server never answers', async () => {
    const silent = await silentServer();
    try {
      const started = Date.now();
      await expect((await driverFor(base.type)).connect({ ...base, host: '127.0.0.1', port: silent.port, connectTimeoutMs: 1500 })).rejects.toMatchObject({ code: 'TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await silent.close();
    }
  });
}
