import mssql from 'mssql';
import { describe, expect, it } from 'vitest';
import { nativeTypeOf, sqlServerCell, typeText } from './values.js';

const col = (type: unknown, extra: Record<string, unknown> = {}) => ({ name: 'c', type, ...extra }) as Parameters<typeof sqlServerCell>[1];

describe('SQL Server values as SQL Server prints them', () => {
  it('keeps datetime2 fraction digits from the Date plus tedious nanosecondsDelta', () => {
    const d = new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 123));
    Object.defineProperty(d, 'nanosecondsDelta', { value: 0.0004567 });
    expect(sqlServerCell(d, col(mssql.DateTime2, { scale: 7 }))).toBe('2024-02-29 23:59:59.1234567');
    expect(sqlServerCell(d, col(mssql.DateTime2, { scale: 3 }))).toBe('2024-02-29 23:59:59.123');
    expect(sqlServerCell(d, col(mssql.DateTime))).toBe('2024-02-29 23:59:59.123');
    expect(sqlServerCell(d, col(mssql.Date))).toBe('2024-02-29');
    expect(sqlServerCell(d, col(mssql.SmallDateTime))).toBe('2024-02-29 23:59:59');
    expect(sqlServerCell(d, col(mssql.DateTimeOffset, { scale: 2 }))).toBe('2024-02-29 23:59:59.12 +00:00');
  });
  it('prints numbers with their declared scale, bit as 1/0, binary as 0x hex, bigint exact', () => {
    expect(sqlServerCell(12.5, col(mssql.Decimal, { precision: 10, scale: 2 }))).toBe('12.50');
    expect(sqlServerCell(3, col(mssql.Money))).toBe('3.0000');
    expect(sqlServerCell(0.1, col(mssql.Float))).toBe('0.1');
    expect(sqlServerCell(1, col(mssql.Float))).toBe('1');
    expect(sqlServerCell(Math.fround(3.14), col(mssql.Real))).toBe('3.14');
    expect(sqlServerCell(true, col(mssql.Bit))).toBe('1');
    expect(sqlServerCell(Buffer.from([0xde, 0xad]), col(mssql.VarBinary))).toBe('0xdead');
    expect(sqlServerCell('9007199254740993', col(mssql.BigInt))).toBe('9007199254740993');
    expect(sqlServerCell(null, col(mssql.NVarChar))).toBeNull();
    expect(sqlServerCell('NULL', col(mssql.NVarChar))).toBe('NULL');
    expect(sqlServerCell('😀 中文', col(mssql.NVarChar))).toBe('😀 中文');
  });
  it('names native types as SSMS does', () => {
    expect(nativeTypeOf(col(mssql.NVarChar, { length: 100 }))).toBe('nvarchar(50)');
    expect(nativeTypeOf(col(mssql.VarBinary, { length: 0 }))).toBe('varbinary(max)');
    expect(nativeTypeOf(col(mssql.Decimal, { precision: 38, scale: 10 }))).toBe('decimal(38,10)');
    expect(typeText('datetime2', 8, 27, 7)).toBe('datetime2(7)');
    expect(typeText('nvarchar', -1, 0, 0)).toBe('nvarchar(max)');
  });
});
