import { describe, expect, it } from 'vitest';
import { BSONRegExp, Decimal128, Long, ObjectId } from 'mongodb';
import { parseShell, ShellSyntaxError } from './shell-parser.js';

describe('parseShell', () => {
  it('reads a find with a chain, unquoted keys, single quotes and shell constructors', () => {
    const c = parseShell("db.orders.find({status: 'A', _id: ObjectId('65a1b2c3d4e5f60718293a4b'), total: {$gt: NumberDecimal('10.50')}}, {_id: 0}).sort({ts: -1}).limit(10);");
    expect(c.kind).toBe('collection');
    if (c.kind !== 'collection') return;
    expect([c.collection, c.method, c.chain.map((x) => x.method)]).toEqual(['orders', 'find', ['sort', 'limit']]);
    const filter = c.args[0] as Record<string, unknown>;
    expect(filter.status).toBe('A');
    expect((filter._id as ObjectId).toHexString()).toBe('65a1b2c3d4e5f60718293a4b');
    expect(((filter.total as Record<string, unknown>).$gt as Decimal128).toString()).toBe('10.50');
    expect(c.chain[0]!.args).toEqual([{ ts: -1 }]);
  });
  it('reads getCollection, aggregate pipelines, regexes, dates and longs', () => {
    const c = parseShell(`db.getCollection("my.logs").aggregate([{ $match: { msg: /err(or)?/i, at: { $gte: ISODate("2024-02-29T00:00:00Z") } } }, { $count: "n" }])`);
    if (c.kind !== 'collection') throw new Error(c.kind);
    expect(c.collection).toBe('my.logs');
    const match = ((c.args[0] as unknown[])[0] as { $match: { msg: BSONRegExp; at: { $gte: Date } } }).$match;
    expect([match.msg.pattern, match.msg.options]).toEqual(['err(or)?', 'i']);
    expect(match.at.$gte.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    const long = parseShell('db.t.insertOne({n: NumberLong("9007199254740993")})');
    if (long.kind !== 'collection') throw new Error(long.kind);
    expect(((long.args[0] as { n: Long }).n).toString()).toBe('9007199254740993');
  });
  it('reads show, use, db methods, dotted collection names and bare command documents', () => {
    expect(parseShell('show dbs')).toEqual({ kind: 'show', what: 'dbs' });
    expect(parseShell('use shop')).toEqual({ kind: 'use', database: 'shop' });
    expect(parseShell('db.runCommand({ping: 1})')).toEqual({ kind: 'db', method: 'runCommand', args: [{ ping: 1 }] });
    expect(parseShell('{"listCollections": 1}')).toEqual({ kind: 'command', document: { listCollections: 1 } });
    const dotted = parseShell('db.logs.archive.find()');
    expect(dotted.kind === 'collection' && dotted.collection).toBe('logs.archive');
  });
  it('points at the mistake', () => {
    expect(() => parseShell('db.orders.find({a: 1')).toThrow(ShellSyntaxError);
    try { parseShell('db.orders.find({a: @})'); } catch (e) { expect((e as ShellSyntaxError).offset).toBe(19); }
    expect(() => parseShell('db.orders.find({a: Foo(1)})')).toThrow(/Unknown constructor Foo/);
  });
});
