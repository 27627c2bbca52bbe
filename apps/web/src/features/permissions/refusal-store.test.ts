import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { prefillOf, useRefusals } from './refusal-store';

afterEach(() => useRefusals.setState({ refusal: null, applying: null }));

describe('permissions restricted', () => {
  it('prefills the apply form from the refusal data', () => {
    expect(prefillOf('NO_SCRIPT_PERMISSION', { applyType: 'script', script: 'DELETE FROM t', dataSourceId: 4, dataSourceName: 'prod', databaseName: 'shop', schemaName: 'public' })).toEqual({
      applyType: 'script', script: 'DELETE FROM t', dataSourceId: 4, dataSourceName: 'prod', databaseName: 'shop', schemaName: 'public',
    });
  });
  it('carries the refused tables and columns, dropping malformed entries', () => {
    const p = prefillOf('NO_DATA_ACCESS_PERMISSION', {
      applyType: 'data', dataSourceId: 4, script: 'select secret from orders',
      tables: [{ databaseName: 'shop', schemaName: 'public', tableName: 'orders', columns: ['secret'], actions: ['READ'] }, { tableName: 3 }, { tableName: 'customers', columns: null }],
    });
    expect(p.tables).toEqual([
      { databaseName: 'shop', schemaName: 'public', tableName: 'orders', columns: ['secret'], actions: ['READ'] },
      { databaseName: null, schemaName: null, tableName: 'customers', columns: null, actions: ['READ'] },
    ]);
    expect(p.script).toBe('select secret from orders');
  });
  it('falls back on the code for the type and drops malformed fields', () => {
    expect(prefillOf('NO_SCRIPT_PERMISSION', { dataSourceId: 'x', schemaName: 3 })).toEqual({ applyType: 'script', script: undefined, dataSourceId: undefined, dataSourceName: undefined, databaseName: undefined, schemaName: undefined });
    expect(prefillOf('NO_DATA_ACCESS_PERMISSION', null).applyType).toBe('data');
  });
  it('shows one dialog for a burst of refusals, and apply carries its prefill to the form', () => {
    const s = useRefusals.getState();
    s.report(new ApiError('No access to prod', 'NO_DATA_ACCESS_PERMISSION', 403, undefined, { applyType: 'data', dataSourceId: 4 }));
    s.report(new ApiError('No access to other', 'NO_DATA_ACCESS_PERMISSION', 403, undefined, { applyType: 'data', dataSourceId: 9 }));
    expect(useRefusals.getState().refusal).toMatchObject({ message: 'No access to prod', prefill: { dataSourceId: 4 } });
    useRefusals.getState().openApply();
    expect(useRefusals.getState()).toMatchObject({ refusal: null, applying: { applyType: 'data', dataSourceId: 4 } });
    useRefusals.getState().closeApply(true);
    expect(useRefusals.getState()).toMatchObject({ applying: null, submitted: 1 });
  });
  it("a Run's refusal naming its tables replaces an open one that names none (the dialog a background request raised)", () => {
    const s = useRefusals.getState();
    s.report(new ApiError('No access to Warehouse', 'NO_DATA_ACCESS_PERMISSION', 403, undefined, { applyType: 'data', dataSourceId: 4 }));
    s.report(new ApiError('No access to orders', 'NO_DATA_ACCESS_PERMISSION', 403, undefined, { applyType: 'data', dataSourceId: 4, tables: [{ tableName: 'orders', columns: ['id'] }] }));
    expect(useRefusals.getState().refusal?.prefill.tables).toEqual([{ databaseName: null, schemaName: null, tableName: 'orders', columns: ['id'], actions: ['READ'] }]);
    // A later one without tables does not take its place.
    useRefusals.getState().report(new ApiError('No access to Warehouse', 'NO_DATA_ACCESS_PERMISSION', 403, undefined, { applyType: 'data', dataSourceId: 4 }));
    expect(useRefusals.getState().refusal?.message).toBe('No access to orders');
  });
});
