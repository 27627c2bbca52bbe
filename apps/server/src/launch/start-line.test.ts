/** Issue 24 point 3: the start line says where the server really listens, with the token once when one is needed. */
import { describe, expect, it } from 'vitest';
import { startLine } from './start-line.js';

const base = { version: '1.0.0', mode: 'local' as const, home: '/h', accessToken: null };

describe('start line', () => {
  it('loopback: the plain address, as before', () => {
    expect(startLine({ ...base, host: '127.0.0.1' }, 10824, ['192.168.1.5'])).toBe('AskDB 1.0.0 (local mode) is running at http://127.0.0.1:10824  home=/h');
  });

  it('every interface: says so and names the addresses; the token is in the URL', () => {
    const line = startLine({ ...base, host: '0.0.0.0', accessToken: 'abc123' }, 10824, ['192.168.1.5', 'fe80::1']);
    expect(line).toContain('running at http://127.0.0.1:10824/?token=abc123');
    expect(line).toContain('listening on 0.0.0.0:10824: every network interface, also 192.168.1.5, [fe80::1]');
  });

  it('one network address: that address, with the token', () => {
    expect(startLine({ ...base, host: '10.0.0.7', accessToken: 't' }, 80, [])).toContain('running at http://10.0.0.7:80/?token=t');
  });
});
