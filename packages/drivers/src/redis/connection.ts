/**
 * A Redis "connection" for the console: each statement is one Redis command typed as in
 * redis-cli, sent with its arguments as bytes, and its reply rendered as rows. Cancel unblocks a
 * blocking command (CLIENT UNBLOCK) or kills a running script (SCRIPT KILL / FUNCTION KILL).
 */
import type Redis from 'ioredis';
import type { Dialect } from '@askdb/sql';
import type { ExecuteOptions, Metadata } from '../driver.js';
import { messageOf } from '../shared/network-errors.js';
import { positionFromOffset } from '../shared/position.js';
import type { Tunnel } from '../shared/ssh-tunnel.js';
import { StatementRunner, type BodyEvent, type BodySummary, type StatementFailure } from '../shared/statement-run.js';
import { headerOf } from '../values.js';
import { CommandSyntaxError, parseCommandLine } from './command-parser.js';
import { RedisMetadata } from './metadata.js';
import { replyTable } from './reply-rows.js';
import { RunnerConnection } from '../shared/runner-connection.js';

/** Commands that take the connection out of request/reply mode or close it. */
const NOT_IN_CONSOLE = new Set(['SUBSCRIBE', 'PSUBSCRIBE', 'SSUBSCRIBE', 'MONITOR', 'SYNC', 'PSYNC', 'QUIT', 'RESET']);
const SCRIPT_COMMANDS = new Set(['EVAL', 'EVALSHA', 'EVAL_RO', 'EVALSHA_RO']);
const FUNCTION_COMMANDS = new Set(['FCALL', 'FCALL_RO']);

export interface RedisConnectionDeps {
  redis: Redis;
  clientId: number;
  db: number;
  dialect: Dialect;
  tunnel: Tunnel | null;
  /** A second client to the same server (metadata, cancel). */
  duplicate: () => Promise<Redis>;
}

export class RedisConnection extends RunnerConnection {
  readonly metadata: Metadata;
  private closed = false;
  private currentDb: number;
  private requestedDb: string | null = null;
  private running: string | null = null;
  private cancelled = false;
  private side: Promise<Redis> | null = null;
  protected readonly runner: StatementRunner;

  constructor(private readonly deps: RedisConnectionDeps) {
    super();
    this.currentDb = deps.db;
    this.metadata = new RedisMetadata(async (db) => {
      const side = await this.sideClient();
      await side.select(db);
      return side;
    }, deps.dialect, () => this.currentDb);
    this.runner = new StatementRunner({
      body: (sql, options) => this.body(sql, options),
      cancel: () => this.cancelInDatabase(),
      describeError: (err, sql) => this.describeError(err, sql),
    });
  }

  get broken(): boolean {
    return this.closed || this.deps.redis.status !== 'ready' || (this.deps.tunnel?.closed ?? false);
  }

  /** Redis has no EXPLAIN; the console shows the command's documentation entry instead. */
  explainSql(sql: string): string {
    const name = sql.trim().split(/\s+/)[0] ?? '';
    return `COMMAND DOCS ${name}`;
  }

  private async cancelInDatabase(): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.cancelled = true;
    const side = await this.sideClient();
    if (SCRIPT_COMMANDS.has(running)) await side.call('SCRIPT', 'KILL').catch(() => undefined);
    else if (FUNCTION_COMMANDS.has(running)) await side.call('FUNCTION', 'KILL').catch(() => undefined);
    else await side.call('CLIENT', 'UNBLOCK', String(this.deps.clientId), 'ERROR');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.deps.redis.disconnect();
    if (this.side) (await this.side.catch(() => null))?.disconnect();
    await this.deps.tunnel?.close();
  }

  private sideClient(): Promise<Redis> {
    this.side ??= this.deps.duplicate();
    return this.side;
  }

  private async *body(sql: string, options: ExecuteOptions): AsyncGenerator<BodyEvent, BodySummary> {
    const args = parseCommandLine(sql);
    if (!args.length) throw new Error('Type a Redis command, e.g. GET key');
    const [nameBytes, ...rest] = args;
    const name = nameBytes!.toString('utf8');
    const upper = name.toUpperCase();
    if (NOT_IN_CONSOLE.has(upper)) throw new Error(`${upper} is not available in the console: it would take over the connection.`);
    await this.selectRequested(options.databaseName);
    this.running = upper;
    this.cancelled = false;
    let reply: unknown;
    try {
      reply = await this.deps.redis.callBuffer(name, ...rest);
    } finally {
      this.running = null;
    }
    if (upper === 'SELECT') this.currentDb = Number(rest[0]?.toString() ?? this.currentDb);
    const table = replyTable(upper, rest.map((b) => b.toString('utf8')), reply);
    yield { type: 'header', columns: table.columns.map((c) => headerOf(this.deps.dialect, c.name, c.type)) };
    if (table.rows.length) yield { type: 'rows', rows: table.rows };
    return { updateCount: null };
  }

  /** Switches database when the picker's choice changes (a typed SELECT stays in effect until then). */
  private async selectRequested(databaseName: string | null | undefined): Promise<void> {
    if (databaseName === undefined || databaseName === null || databaseName === this.requestedDb) return;
    const db = Number(databaseName);
    if (!Number.isInteger(db) || db < 0) throw new Error(`"${databaseName}" is not a Redis database number.`);
    if (db !== this.currentDb) await this.deps.redis.select(db);
    this.currentDb = db;
    this.requestedDb = databaseName;
  }

  private describeError(err: unknown, sql: string): StatementFailure {
    if (err instanceof CommandSyntaxError) return { message: err.message, errorPosition: positionFromOffset(sql, err.offset) };
    const text = messageOf(err);
    const cancelled = this.cancelled && /^UNBLOCKED|Script killed|function killed/i.test(text);
    return { message: text, cancelled };
  }
}
