/**
 * A MongoDB "connection": console text is parsed as mongosh commands (shell-parser.ts) and run
 * through the driver; documents stream from the cursor in batches. Every operation carries a
 * comment tag, so cancel can find it in currentOp and killOp it (and close the cursor).
 */
import { randomUUID } from 'node:crypto';
import type { AbstractCursor, Collection, Db, Document, MongoClient } from 'mongodb';
import type { ExecuteOptions, Metadata } from '../driver.js';
import { messageOf } from '../shared/network-errors.js';
import { positionFromOffset } from '../shared/position.js';
import type { Tunnel } from '../shared/ssh-tunnel.js';
import { StatementRunner, type BodyEvent, type BodySummary, type StatementFailure } from '../shared/statement-run.js';
import { MongoMetadata } from './metadata.js';
import { parseShell, ShellSyntaxError, type ShellCommand } from './shell-parser.js';
import { fieldTypes, fieldsOf, mongoCell, specTypeOfBson } from './values.js';
import { RunnerConnection } from '../shared/runner-connection.js';

const CHUNK = 500;
type Events = AsyncGenerator<BodyEvent, BodySummary>;

export class MongoConnection extends RunnerConnection {
  readonly metadata: Metadata;
  private closed = false;
  private currentDb: string;
  private running: { tag: string; cursor: AbstractCursor | null } | null = null;
  protected readonly runner: StatementRunner;

  constructor(private readonly client: MongoClient, private readonly tunnel: Tunnel | null, database: string) {
    super();
    this.currentDb = database;
    this.metadata = new MongoMetadata(client, () => this.currentDb);
    this.runner = new StatementRunner({
      body: (sql, options) => this.body(sql, options),
      cancel: () => this.cancelInDatabase(),
      describeError: (err, sql) => describeMongoError(err, sql),
    });
  }

  get broken(): boolean {
    return this.closed || (this.tunnel?.closed ?? false);
  }

  explainSql(sql: string): string {
    return /\)\s*;?\s*$/.test(sql) ? `${sql.replace(/;\s*$/, '')}.explain()` : sql;
  }

  private async cancelInDatabase(): Promise<void> {
    const running = this.running;
    if (!running) return;
    await running.cursor?.close().catch(() => undefined);
    const admin = this.client.db('admin');
    const ops = await admin.command({ currentOp: true, 'command.comment': running.tag }).catch(() => ({ inprog: [] }));
    for (const op of (ops.inprog ?? []) as { opid: unknown }[]) await admin.command({ killOp: 1, op: op.opid }).catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close().catch(() => undefined);
    await this.tunnel?.close();
  }

  private async *body(sql: string, options: ExecuteOptions): Events {
    const command = parseShell(sql);
    const picked = options.schemaName || options.databaseName;
    if (picked) this.currentDb = picked;
    const tag = `askdb:${randomUUID()}`;
    this.running = { tag, cursor: null };
    try {
      return yield* this.run(command, this.client.db(this.currentDb), tag);
    } finally {
      this.running = null;
    }
  }

  private async *run(c: ShellCommand, db: Db, comment: string): Events {
    switch (c.kind) {
      case 'use':
        this.currentDb = c.database;
        return { updateCount: null, message: `switched to db ${c.database}` };
      case 'show': {
        if (c.what === 'dbs' || c.what === 'databases') {
          const { databases } = await this.client.db('admin').admin().listDatabases();
          return yield* documents(databases as Document[]);
        }
        if (c.what === 'collections' || c.what === 'tables') {
          const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((x) => ({ name: x.name })).sort((a, b) => a.name.localeCompare(b.name));
          return yield* documents(names);
        }
        throw new Error(`show ${c.what} is not supported; try show dbs or show collections.`);
      }
      case 'command':
        return yield* documents([await db.command(c.document)]);
      case 'db':
        return yield* this.dbMethod(c.method, c.args, db);
      case 'collection':
        return yield* this.collectionMethod(db.collection(c.collection), c, comment);
    }
  }

  private async *dbMethod(method: string, args: unknown[], db: Db): Events {
    switch (method) {
      case 'runCommand': return yield* documents([await db.command(args[0] as Document)]);
      case 'adminCommand': return yield* documents([await this.client.db('admin').command(args[0] as Document)]);
      case 'getCollectionNames': return yield* documents((await db.listCollections({}, { nameOnly: true }).toArray()).map((x) => ({ name: x.name })));
      case 'createCollection': await db.createCollection(String(args[0]), (args[1] ?? {}) as Document); return { updateCount: null, message: 'ok' };
      case 'dropDatabase': await db.dropDatabase(); return { updateCount: null, message: `dropped ${db.databaseName}` };
      case 'stats': return yield* documents([await db.command({ dbStats: 1 })]);
      default: throw new Error(`db.${method}() is not supported in the console.`);
    }
  }

  private async *collectionMethod(col: Collection, c: Extract<ShellCommand, { kind: 'collection' }>, comment: string): Events {
    const [a, b, d] = c.args as [Document | undefined, Document | undefined, Document | undefined];
    const opts = (extra?: Document) => ({ ...(extra ?? {}), comment });
    switch (c.method) {
      case 'find': {
        let cursor = col.find(a ?? {}, opts(b ? { projection: b } : {}));
        for (const step of c.chain) {
          const v = step.args[0] as never;
          if (step.method === 'sort') cursor = cursor.sort(v);
          else if (step.method === 'limit') cursor = cursor.limit(Number(v));
          else if (step.method === 'skip') cursor = cursor.skip(Number(v));
          else if (step.method === 'projection' || step.method === 'project') cursor = cursor.project(v);
          else if (step.method === 'hint') cursor = cursor.hint(v);
          else if (step.method === 'batchSize') cursor = cursor.batchSize(Number(v));
          else if (step.method === 'maxTimeMS') cursor = cursor.maxTimeMS(Number(v));
          else if (step.method === 'collation') cursor = cursor.collation(v);
          else if (step.method === 'count') return yield* documents([{ count: await col.countDocuments(a ?? {}, opts()) }]);
          else if (step.method === 'explain') return yield* documents([await cursor.explain()]);
          else if (step.method !== 'toArray' && step.method !== 'pretty') throw new Error(`.${step.method}() is not supported after find().`);
        }
        return yield* this.fromCursor(cursor);
      }
      case 'findOne': return yield* documents(compact([await col.findOne(a ?? {}, opts(b ? { projection: b } : {}))]));
      case 'aggregate': {
        const cursor = col.aggregate((a ?? []) as unknown as Document[], opts({ allowDiskUse: true, ...(b ?? {}) }));
        if (c.chain.some((s) => s.method === 'explain')) return yield* documents([await cursor.explain()]);
        return yield* this.fromCursor(cursor);
      }
      case 'countDocuments': case 'count': return yield* documents([{ count: await col.countDocuments(a ?? {}, opts()) }]);
      case 'estimatedDocumentCount': return yield* documents([{ count: await col.estimatedDocumentCount(opts()) }]);
      case 'distinct': return yield* documents((await col.distinct(String(a), (b ?? {}) as Document, opts())).map((value) => ({ value })));
      case 'insertOne': { const r = await col.insertOne(a ?? {}, opts()); return yield* written(1, { insertedId: r.insertedId }); }
      case 'insertMany': { const r = await col.insertMany((a ?? []) as unknown as Document[], opts()); return yield* written(r.insertedCount, { insertedCount: r.insertedCount }); }
      case 'updateOne': case 'updateMany': case 'replaceOne': {
        const r = c.method === 'updateOne' ? await col.updateOne(a ?? {}, b ?? {}, opts(d))
          : c.method === 'updateMany' ? await col.updateMany(a ?? {}, b ?? {}, opts(d)) : await col.replaceOne(a ?? {}, b ?? {}, opts(d));
        return yield* written(r.modifiedCount, { matchedCount: r.matchedCount, modifiedCount: r.modifiedCount, upsertedId: r.upsertedId ?? null });
      }
      case 'deleteOne': case 'deleteMany': {
        const r = c.method === 'deleteOne' ? await col.deleteOne(a ?? {}, opts()) : await col.deleteMany(a ?? {}, opts());
        return yield* written(r.deletedCount, { deletedCount: r.deletedCount });
      }
      case 'createIndex': return yield* documents([{ name: await col.createIndex((a ?? {}) as never, (b ?? {}) as Document) }]);
      case 'dropIndex': await col.dropIndex(String(a)); return { updateCount: null, message: 'ok' };
      case 'getIndexes': return yield* documents(await col.listIndexes().toArray());
      case 'drop': await col.drop(); return { updateCount: null, message: `dropped ${col.collectionName}` };
      case 'stats': return yield* documents([await col.db.command({ collStats: col.collectionName })]);
      default: throw new Error(`db.collection.${c.method}() is not supported in the console.`);
    }
  }

  private async *fromCursor(cursor: AbstractCursor): Events {
    if (this.running) this.running.cursor = cursor;
    let fields: string[] | null = null;
    let chunk: Document[] = [];
    const flush = function* (docs: Document[]): Generator<BodyEvent> {
      if (!fields) {
        fields = fieldsOf(docs);
        const types = fieldTypes(docs);
        yield { type: 'header', columns: fields.map((f) => ({ name: f, columnType: types.get(f) ?? 'null', dataType: specTypeOfBson(types.get(f) ?? 'null') })) };
      }
      if (docs.length) yield { type: 'rows', rows: docs.map((doc) => fields!.map((f) => mongoCell(doc[f]))) };
    };
    try {
      for await (const doc of cursor) {
        chunk.push(doc);
        if (chunk.length >= CHUNK) { yield* flush(chunk); chunk = []; }
      }
      yield* flush(chunk);
      return { updateCount: null };
    } finally {
      await cursor.close().catch(() => undefined);
    }
  }
}

function compact<T>(list: (T | null)[]): T[] {
  return list.filter((x): x is T => x !== null);
}

async function* documents(docs: Document[]): Events {
  const fields = fieldsOf(docs);
  const types = fieldTypes(docs);
  yield { type: 'header', columns: fields.map((f) => ({ name: f, columnType: types.get(f) ?? 'null', dataType: specTypeOfBson(types.get(f) ?? 'null') })) };
  if (docs.length) yield { type: 'rows', rows: docs.map((doc) => fields.map((f) => mongoCell(doc[f]))) };
  return { updateCount: null };
}

async function* written(count: number, result: Document): Events {
  yield* documents([result]);
  return { updateCount: count };
}

function describeMongoError(err: unknown, sql: string): StatementFailure {
  if (err instanceof ShellSyntaxError) return { message: err.message, errorPosition: positionFromOffset(sql, err.offset) };
  const e = err as { code?: number; codeName?: string };
  const text = messageOf(err);
  const cancelled = e.code === 11601 || e.codeName === 'Interrupted' || /cursor (was )?(killed|closed)|interrupted/i.test(text);
  return { message: e.codeName ? `${e.codeName}: ${text}` : text, cancelled };
}
