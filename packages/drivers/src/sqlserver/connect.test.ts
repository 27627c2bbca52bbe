import { describe, expect, it } from 'vitest';
import { dialectFor } from '@askdb/sql';
import { resolveTarget } from '../shared/endpoint.js';
import { connectFailureTests } from '../../test/connect-failures.js';
import { sqlServerConfig } from './connect.js';

const base = { alias: 'mssql', type: 'SQLSERVER' as const };

describe('SQL Server settings and failures (no SQL Server runs here)', () => {
  it('builds tedious settings from fields, URL parameters and the SSL mode', async () => {
    const target = await resolveTarget({ ...base, host: 'db.example.com', user: 'CORP\\ann', password: 'pw', databaseName: 'sales', ssl: { mode: 'require' } }, 1433);
    const cfg = sqlServerConfig({ ...base, ssl: { mode: 'require' } }, target);
    expect(cfg).toMatchObject({ server: 'db.example.com', port: 1433, user: 'ann', domain: 'CORP', database: 'sales', arrayRowMode: true });
    expect(cfg.options).toMatchObject({ encrypt: true, trustServerCertificate: true, appName: 'AskDB' });
    const plain = sqlServerConfig(base, await resolveTarget({ ...base, host: 'h' }, 1433));
    expect(plain.options).toMatchObject({ encrypt: false });
    const full = sqlServerConfig({ ...base, ssl: { mode: 'verify-full' } }, await resolveTarget({ ...base, host: 'h' }, 1433));
    expect(full.options).toMatchObject({ encrypt: true, trustServerCertificate: false });
  });
  it('quotes identifiers with brackets through the dialect', () => {
    expect(dialectFor('SQLSERVER').quoteIdentifier('order details', true)).toBe('[order details]');
  });
  connectFailureTests(base);
});
