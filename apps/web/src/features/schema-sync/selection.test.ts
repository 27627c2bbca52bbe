import { describe, expect, it } from 'vitest';
import type { DataSourceSummary } from '@askdb/contracts';
import { completeSide, defaultChoice, describeSide } from './selection.js';

const ds = (type: DataSourceSummary['type'], extra: Partial<DataSourceSummary> = {}): DataSourceSummary =>
  ({ id: 7, alias: 'prod', type, hasPermission: true, isAdmin: true, spaceId: null, ...extra }) as DataSourceSummary;

describe('schema sync selection', () => {
  it("auto-chooses the data source's own value when listed, else the usual default, else the first", () => {
    expect(defaultChoice(['a', 'shop', 'z'], 'shop')).toBe('shop');
    expect(defaultChoice(['a', 'z'], 'shop')).toBe('a');
    expect(defaultChoice([], 'shop')).toBeNull();
    expect(defaultChoice(['analytics', 'public', 'pg_catalog'])).toBe('public');
    expect(defaultChoice(['analytics', 'public'], 'analytics')).toBe('analytics');
  });

  it('needs database and schema for PostgreSQL, database only for MySQL, schema only for Oracle', () => {
    expect(completeSide({ dataSourceId: 7, databaseName: 'shop' }, ds('POSTGRESQL'))).toBeNull();
    expect(completeSide({ dataSourceId: 7, databaseName: 'shop', schemaName: 'public' }, ds('POSTGRESQL'))).toEqual({ dataSourceId: 7, databaseName: 'shop', schemaName: 'public' });
    expect(completeSide({ dataSourceId: 7, databaseName: 'shop' }, ds('MYSQL'))).toEqual({ dataSourceId: 7, databaseName: 'shop', schemaName: null });
    expect(completeSide({ dataSourceId: 7, schemaName: 'HR' }, ds('ORACLE'))).toEqual({ dataSourceId: 7, databaseName: null, schemaName: 'HR' });
    expect(completeSide({ dataSourceId: 7 }, ds('ORACLE'))).toBeNull();
  });

  it('is incomplete without a data source, with another one, or without permission', () => {
    expect(completeSide({}, undefined)).toBeNull();
    expect(completeSide({ dataSourceId: 8, databaseName: 'x' }, ds('MYSQL'))).toBeNull();
    expect(completeSide({ dataSourceId: 7, databaseName: 'x' }, ds('MYSQL', { hasPermission: false }))).toBeNull();
  });

  it('names a side by the parts its engine has', () => {
    expect(describeSide({ dataSourceId: 7, databaseName: 'shop', schemaName: 'public' }, ds('POSTGRESQL'))).toBe('prod / shop / public');
    expect(describeSide({ dataSourceId: 7, databaseName: 'shop', schemaName: null }, ds('MYSQL'))).toBe('prod / shop');
  });
});
