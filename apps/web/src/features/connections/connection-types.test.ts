import { describe, expect, it } from 'vitest';
import { DATABASE_TYPES } from '@askdb/contracts';
import { CONNECTION_TYPES, hasDriver } from './connection-types';

// That `hasDriver` agrees with the server's driver registry is asserted in packages/drivers/src/registry.test.ts.
describe('connection dialog type list (issue 29 item 4)', () => {
  it('offers every database type of the spec, once', () => {
    expect(CONNECTION_TYPES.map((t) => t.type).sort()).toEqual([...DATABASE_TYPES].sort());
  });

  it('says which ones this build cannot connect to', () => {
    expect(CONNECTION_TYPES.filter((t) => !hasDriver(t.type)).map((t) => t.type)).toEqual(
      expect.arrayContaining(['DB2', 'SNOWFLAKE', 'HIVE', 'PRESTO', 'DM', 'H2', 'ELASTICSEARCH', 'OCEANBASE_ORACLE', 'BIGQUERY']),
    );
    expect(hasDriver('KINGBASE')).toBe(true);
    expect(hasDriver('TIDB')).toBe(true);
  });
});
