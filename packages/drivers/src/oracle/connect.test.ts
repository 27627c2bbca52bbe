import { describe, expect, it } from 'vitest';
import { dialectFor } from '@askdb/sql';
import { resolveTarget } from '../shared/endpoint.js';
import { connectFailureTests } from '../../test/connect-failures.js';
import { oracleAttributes } from './connect.js';

const base = { alias: 'ora', type: 'ORACLE' as const };

describe('Oracle settings and failures (no Oracle server runs here)', () => {
  it('builds an Easy Connect string from host, port and service name, TCPS under SSL, SID on request', async () => {
    const a = oracleAttributes(base, await resolveTarget({ ...base, host: 'ora.example.com', user: 'scott', password: 'tiger', databaseName: 'FREEPDB1', connectTimeoutMs: 5000 }, 1521));
    expect(a).toMatchObject({ user: 'scott', password: 'tiger', connectString: 'ora.example.com:1521/FREEPDB1', connectTimeout: 5 });
    const tls = oracleAttributes({ ...base, ssl: { mode: 'verify-full' } }, await resolveTarget({ ...base, host: 'h', databaseName: 'S' }, 1521));
    expect(tls).toMatchObject({ connectString: 'tcps://h:1521/S', sslServerDNMatch: true });
    const sid = oracleAttributes(base, await resolveTarget({ ...base, host: 'h', options: { sid: 'ORCL' } }, 1521));
    expect(sid.connectString).toBe('(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=h)(PORT=1521))(CONNECT_DATA=(SID=ORCL)))');
    const url = oracleAttributes(base, await resolveTarget({ ...base, url: 'oracle://u:p%40ss@db:1522/SALES' }, 1521));
    expect(url).toMatchObject({ user: 'u', password: 'p@ss', connectString: 'db:1522/SALES' });
  });
  it('quotes identifiers with double quotes through the dialect', () => {
    expect(dialectFor('ORACLE').quoteIdentifier('order', true)).toBe('"order"');
  });
  connectFailureTests(base);
});
