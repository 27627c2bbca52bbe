import { describe, expect, it } from 'vitest';
import { defaultValues, toInput, typeSwitchPatch } from './form-model';

describe('connection form → DataSourceInput', () => {
  it('creating leaves empty fields and the password out', () => {
    const v = { ...defaultValues('POSTGRESQL'), alias: ' pg ', databaseName: '' };
    const input = toInput(v, { editing: false, urlTouched: false });
    expect(input).toMatchObject({ alias: 'pg', type: 'POSTGRESQL', host: '127.0.0.1', port: 5432, user: 'postgres' });
    expect(input.password).toBeUndefined();
    expect(input.databaseName).toBeUndefined();
    expect(input.ssh).toBeUndefined();
  });
  it('editing keeps the stored password when the field is empty and leaves the redacted URL alone', () => {
    const v = { ...defaultValues('MYSQL'), alias: 'm', url: 'mysql://root:***@h/db', password: '' };
    const input = toInput(v, { editing: true, urlTouched: false });
    expect('password' in input && input.password !== undefined).toBe(false);
    expect(input.url).toBeUndefined();
    expect(toInput({ ...v, password: 'new' }, { editing: true, urlTouched: true })).toMatchObject({ password: 'new', url: 'mysql://root:***@h/db' });
  });
  it('file engines send only the path', () => {
    const input = toInput({ ...defaultValues('SQLITE'), alias: 'f', filePath: ' /tmp/a.db ' }, { editing: false, urlTouched: false });
    expect(input).toEqual({ alias: 'f', type: 'SQLITE', visibility: 'PRIVATE', options: {}, filePath: '/tmp/a.db' });
  });
  it('driver options become a record', () => {
    const input = toInput({ ...defaultValues('POSTGRESQL'), alias: 'x', options: [{ key: 'application_name', value: 'me' }, { key: ' ', value: 'skip' }] }, { editing: false, urlTouched: false });
    expect(input.options).toEqual({ application_name: 'me' });
  });
  it('switching type gives untouched fields the new defaults and keeps typed ones', () => {
    const pg = defaultValues('POSTGRESQL');
    expect(typeSwitchPatch(pg, 'MARIADB', new Set())).toEqual({ host: '127.0.0.1', port: 3306, user: 'root' });
    expect(typeSwitchPatch(pg, 'SQLSERVER', new Set())).toMatchObject({ port: 1433, user: 'sa' });
    expect(typeSwitchPatch(pg, 'CLICKHOUSE', new Set())).toMatchObject({ port: 8123, user: 'default' });
    expect(typeSwitchPatch({ ...pg, host: 'db.local', user: 'alice' }, 'MYSQL', new Set(['host', 'user']))).toEqual({ host: 'db.local', port: 3306, user: 'alice' });
    expect(typeSwitchPatch({ ...pg, user: '' }, 'MYSQL', new Set(['user']))).toMatchObject({ user: 'root' });
    expect(typeSwitchPatch(pg, 'SQLITE', new Set()).host).toBeUndefined();
  });
});
