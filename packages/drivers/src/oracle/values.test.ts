import oracledb from 'oracledb';
import { describe, expect, it } from 'vitest';
import { oracleColumnType } from './metadata.js';
import { oracleCell, oracleFetchType, oracleNativeType } from './values.js';

describe('Oracle values as Oracle prints them', () => {
  it('fetches NUMBER and character LOBs as text and BLOBs as bytes', () => {
    expect(oracleFetchType({ dbType: oracledb.DB_TYPE_NUMBER })).toEqual({ type: oracledb.STRING });
    expect(oracleFetchType({ dbType: oracledb.DB_TYPE_CLOB })).toEqual({ type: oracledb.STRING });
    expect(oracleFetchType({ dbType: oracledb.DB_TYPE_BLOB })).toEqual({ type: oracledb.BUFFER });
    expect(oracleFetchType({ dbType: oracledb.DB_TYPE_DATE })).toBeUndefined();
  });
  it('prints dates, timestamps, intervals, raw and numbers', () => {
    const local = new Date(2024, 1, 29, 23, 59, 59, 123);
    expect(oracleCell(local, { name: 'd', dbTypeName: 'DATE' })).toBe('2024-02-29 23:59:59');
    expect(oracleCell(local, { name: 't', dbTypeName: 'TIMESTAMP' })).toBe('2024-02-29 23:59:59.123');
    expect(oracleCell(new Date(Date.UTC(2024, 1, 29, 15, 0, 0, 5)), { name: 'z', dbTypeName: 'TIMESTAMP WITH TIME ZONE' })).toBe('2024-02-29 15:00:00.005 +00:00');
    expect(oracleCell(new oracledb.IntervalYM({ years: 1, months: 2 }), { name: 'i', dbTypeName: 'INTERVAL YEAR TO MONTH' })).toBe('+01-02');
    expect(oracleCell(new oracledb.IntervalDS({ days: 3, hours: 4, minutes: 5, seconds: 6, fseconds: 789000000 }), { name: 'i', dbTypeName: 'INTERVAL DAY TO SECOND' })).toBe('+03 04:05:06.789000');
    expect(oracleCell('1234567890123456789012345678.1234567890', { name: 'n', dbTypeName: 'NUMBER' })).toBe('1234567890123456789012345678.1234567890');
    expect(oracleCell(Buffer.from([0xde, 0xad]), { name: 'r', dbTypeName: 'RAW' })).toBe('0xdead');
    expect(oracleCell(Math.fround(3.14), { name: 'f', dbTypeName: 'BINARY_FLOAT' })).toBe('3.14');
    expect(oracleCell(null, { name: 'x', dbTypeName: 'VARCHAR2' })).toBeNull();
  });
  it('names native types as Oracle does', () => {
    expect(oracleNativeType({ name: 'n', dbTypeName: 'NUMBER', precision: 12, scale: 2 })).toBe('NUMBER(12,2)');
    expect(oracleNativeType({ name: 'v', dbTypeName: 'VARCHAR2', byteSize: 200 })).toBe('VARCHAR2(200)');
    expect(oracleColumnType({ data_type: 'VARCHAR2', char_length: 50, char_used: 'C', precision: null, scale: null, length: 200 })).toBe('VARCHAR2(50 CHAR)');
    expect(oracleColumnType({ data_type: 'NUMBER', char_length: 0, char_used: null, precision: null, scale: 0, length: 22 })).toBe('INTEGER');
  });
});
