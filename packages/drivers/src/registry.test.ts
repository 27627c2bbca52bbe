import { DATABASE_TYPES } from '@askdb/contracts';
import { describe, expect, it } from 'vitest';
import { translate } from '@askdb/contracts';
import { driverMessages } from './messages.js';
import { driverFor, isSupported } from './registry.js';
import { CONNECTION_TYPES, hasDriver } from '../../../apps/web/src/features/connections/connection-types.js';

describe('driverFor', () => {
  it('gives the PostgreSQL and MySQL wire families one driver each', async () => {
    const pg = await driverFor('POSTGRESQL');
    for (const t of ['COCKROACHDB', 'REDSHIFT', 'OPENGAUSS', 'KINGBASE', 'GAUSSDB'] as const) expect(await driverFor(t)).toBe(pg);
    const my = await driverFor('MYSQL');
    for (const t of ['MARIADB', 'TIDB', 'OCEANBASE', 'DORIS', 'STARROCKS'] as const) expect(await driverFor(t)).toBe(my);
    expect(pg.types).toContain('GAUSSDB');
  });

  it('has a driver for every supported type whose types list names it', async () => {
    for (const t of DATABASE_TYPES.filter(isSupported)) expect((await driverFor(t)).types).toContain(t);
    expect(DATABASE_TYPES.filter(isSupported)).toHaveLength(19);
  });

  it('the connection dialog offers every type and marks as driverless exactly those without a driver here', () => {
    expect(CONNECTION_TYPES.map((t) => t.type).sort()).toEqual([...DATABASE_TYPES].sort());
    for (const t of DATABASE_TYPES) expect({ t, driver: hasDriver(t) }).toEqual({ t, driver: isSupported(t) });
  });

  it('refuses the other types with UNSUPPORTED, in the three languages', async () => {
    await expect(driverFor('DB2')).rejects.toMatchObject({ code: 'UNSUPPORTED', message: 'DB2 is not supported yet: AskDB has no driver for it.' });
    const err = await driverFor('SNOWFLAKE').catch((e) => e);
    expect(translate(driverMessages, err.code, 'zh-CN', err.params)).toBe('暂不支持 SNOWFLAKE：AskDB 尚无该数据库的驱动。');
    expect(translate(driverMessages, err.code, 'ja-JP', err.params)).toContain('SNOWFLAKE');
  });
});
