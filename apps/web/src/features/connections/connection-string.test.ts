import { describe, expect, it } from 'vitest';
import { parseConnectionString } from './connection-string';

describe('parseConnectionString', () => {
  it('fills host, port, user, password, database and options', () => {
    expect(parseConnectionString('postgresql://alice:s%40cret@db.example.com:6543/shop?sslmode=require')).toEqual({
      host: 'db.example.com', port: 6543, user: 'alice', password: 's@cret', databaseName: 'shop', options: { sslmode: 'require' },
    });
  });
  it('accepts a jdbc prefix, port 80 and no credentials', () => {
    expect(parseConnectionString('jdbc:mysql://10.0.0.5:80/app')).toEqual({ host: '10.0.0.5', port: 80, user: undefined, password: undefined, databaseName: 'app', options: {} });
  });
  it('reads IPv6 hosts and no port', () => {
    const r = parseConnectionString('redis://[::1]/2');
    expect(r?.host).toBe('::1');
    expect(r?.port).toBeUndefined();
    expect(r?.databaseName).toBe('2');
  });
  it('rejects text that is not a URL', () => {
    expect(parseConnectionString('host=localhost dbname=x')).toBeNull();
  });
});
