import { describe, expect, it } from 'vitest';
import { resolveTarget } from '../shared/endpoint.js';
import { pgClientConfig } from './connect.js';

const base = { alias: 'pg', type: 'POSTGRESQL' as const };

describe('PostgreSQL client settings', () => {
  it('takes fields over the connection string, with sslmode from either', async () => {
    const config = { ...base, url: 'postgres://ann:s%3Acret@db.example.com:6543/sales?sslmode=require&application_name=x', databaseName: 'hr' };
    const cc = pgClientConfig(config, await resolveTarget(config, 5432));
    expect(cc).toMatchObject({ host: 'db.example.com', port: 6543, user: 'ann', password: 's:cret', database: 'hr', application_name: 'x', connectionTimeoutMillis: 10_000 });
    expect(cc.ssl).toMatchObject({ rejectUnauthorized: false, servername: 'db.example.com' });
  });
  it('maps the SSL modes: disable, require (no check), verify-ca (chain only), verify-full (chain and host)', async () => {
    const at = async (mode: 'disable' | 'require' | 'verify-ca' | 'verify-full') => {
      const config = { ...base, host: 'db.example.com', ssl: { mode, ca: 'CA-PEM', cert: 'CERT', key: 'KEY' } };
      return pgClientConfig(config, await resolveTarget(config, 5432)).ssl as Record<string, unknown> | false;
    };
    expect(await at('disable')).toBe(false);
    expect(await at('require')).toMatchObject({ rejectUnauthorized: false, ca: 'CA-PEM', cert: 'CERT', key: 'KEY' });
    const ca = (await at('verify-ca')) as { rejectUnauthorized: boolean; checkServerIdentity: () => unknown };
    expect([ca.rejectUnauthorized, ca.checkServerIdentity()]).toEqual([true, undefined]);
    const full = await at('verify-full');
    expect(full).toMatchObject({ rejectUnauthorized: true, servername: 'db.example.com' });
    expect(full).not.toHaveProperty('checkServerIdentity');
  });
});
