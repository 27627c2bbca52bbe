/** The binding rule on its own (issue 24 point 2): which edits keep a saved secret and which need it typed again. */
import { describe, expect, it } from 'vitest';
import type { DataSourceInput } from '@askdb/contracts';
import { mergeUpdate } from './data-sources.js';
import { redactUrl, restoreRedacted } from './secret-binding.js';

const saved: DataSourceInput = {
  alias: 'a', type: 'POSTGRESQL', host: 'db.internal', port: 5432, user: 'app', password: 'pw',
  ssh: { enabled: true, host: 'jump', port: 22, user: 'me', authType: 'password', password: 'ssh-pw' },
  options: { sslpassword: 'key-pw', application_name: 'x' },
};

describe('mergeUpdate binds secrets to their destination', () => {
  it('same destination: everything kept', () => {
    const m = mergeUpdate(saved, { alias: 'b', host: 'DB.internal', options: { application_name: 'y' } });
    expect(m.mustRetype).toEqual([]);
    expect(m.input).toMatchObject({ password: 'pw', ssh: { password: 'ssh-pw' }, options: { sslpassword: 'key-pw', application_name: 'y' } });
  });

  it('a new SSH jump host needs the SSH password and the database password (the tunnel changed)', () => {
    const m = mergeUpdate(saved, { ssh: { ...saved.ssh!, host: 'evil', password: undefined } });
    expect(m.mustRetype.sort()).toEqual(['options.sslpassword', 'password', 'ssh.password']);
    expect(m.input.password).toBeUndefined();
  });

  it('a destination option (options.host) counts as the destination', () => {
    expect(mergeUpdate(saved, { options: { ...saved.options, host: 'elsewhere' } }).mustRetype).toContain('password');
  });

  it('typed again, nothing is missing', () => {
    expect(mergeUpdate(saved, { host: 'new', password: 'new-pw', options: { sslpassword: 'k2' } }).mustRetype).toEqual([]);
  });
});

describe('URL secrets', () => {
  it('redacts the password and secret-looking parameters, and refills them from the saved URL', () => {
    const url = 'postgres://u:p%40ss@h:5432/db?sslmode=require&access_token=T0k&password=x';
    const shown = redactUrl(url);
    expect(shown).toBe('postgres://u:***@h:5432/db?sslmode=require&access_token=***&password=***');
    expect(restoreRedacted(shown.replace('sslmode=require', 'sslmode=disable'), url)).toBe('postgres://u:p%40ss@h:5432/db?sslmode=disable&access_token=T0k&password=x');
    expect(restoreRedacted('postgres://u:typed@h/db', url)).toBeNull();
  });
});
