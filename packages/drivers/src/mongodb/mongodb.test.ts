import { describe, expect, it } from 'vitest';
import { Binary, Decimal128, Long, ObjectId } from 'mongodb';
import { connectFailureTests } from '../../test/connect-failures.js';
import { resolveTarget } from '../shared/endpoint.js';
import { mongoClientArgs, mongoTarget } from './index.js';
import { fieldTypes, fieldsOf, mongoCell } from './values.js';

const base = { alias: 'mongo', type: 'MONGODB' as const };

describe('MongoDB (no MongoDB server runs here)', () => {
  it('prints documents as mongosh does, exact for 64-bit and decimal numbers', () => {
    expect(mongoCell(new ObjectId('65a1b2c3d4e5f60718293a4b'))).toBe("ObjectId('65a1b2c3d4e5f60718293a4b')");
    expect(mongoCell(Long.fromString('9007199254740993'))).toBe('9007199254740993');
    expect(mongoCell(Decimal128.fromString('1234567890123456789012.123456789012'))).toBe('1234567890123456789012.123456789012');
    expect(mongoCell(new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 123)))).toBe('2024-02-29T23:59:59.123Z');
    expect(mongoCell(new Binary(Buffer.from([0xde, 0xad])))).toBe('0xdead');
    expect(mongoCell({ a: [1, 'x'], n: Long.fromString('5') })).toBe('{"a":[1,"x"],"n":5}');
    expect([mongoCell(null), mongoCell('NULL'), mongoCell('😀 中文')]).toEqual([null, 'NULL', '😀 中文']);
  });
  it('takes columns from the fields of a batch, _id first, with the most common BSON type', () => {
    const docs = [{ name: 'a', _id: 1, n: 1 }, { _id: 2, n: 'x', extra: true }, { _id: 3, n: 2 }];
    expect(fieldsOf(docs)).toEqual(['_id', 'name', 'n', 'extra']);
    expect(Object.fromEntries(fieldTypes(docs))).toEqual({ _id: 'int', name: 'string', n: 'int', extra: 'bool' });
  });
  it('builds a client URL for the fields (and the tunnel), keeps a user URL as given', async () => {
    const fields = mongoClientArgs(base, await resolveTarget({ ...base, host: 'm.example.com', user: 'ann', password: 'p@ss', schemaName: 'shop' }, 27017));
    expect(fields.url).toBe('mongodb://ann:p%40ss@m.example.com:27017/?directConnection=true&authSource=admin');
    expect(fields.database).toBe('test');
    const url = 'mongodb://a:b@h1:27017,h2:27017/sales?replicaSet=rs0';
    const target = await mongoTarget({ ...base, url });
    expect([target.serverHost, target.serverPort, target.user, target.database]).toEqual(['h1', 27017, 'a', 'sales']);
    const given = mongoClientArgs({ ...base, url, ssl: { mode: 'verify-full' } }, target);
    expect(given.url).toBe(url);
    expect(given.database).toBe('sales');
    expect(given.options).toMatchObject({ tls: true, tlsAllowInvalidCertificates: false, tlsAllowInvalidHostnames: false });
  });
  connectFailureTests(base);
});
