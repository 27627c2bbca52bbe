/**
 * A PostgreSQL-wire Connection. A PostgreSQL backend is bound to the database it logged into, so
 * the connection keeps one session per database: the one it opened with, and others opened on
 * first use when a statement or a metadata call names another database (and closed with it).
 */
import type pg from 'pg';
import type { Dialect } from '@askdb/sql';
import type { Connection, ExecuteOptions, Location, Metadata } from '../driver.js';
import { StatementRunner } from '../shared/statement-run.js';
import type { Tunnel } from '../shared/ssh-tunnel.js';
import { PgSession } from './session.js';
import type { TextRows } from './read-only-round.js';
import { RunnerConnection } from '../shared/runner-connection.js';

export interface PgConnectionDeps {
  client: pg.Client;
  database: string;
  dialect: Dialect;
  tunnel: Tunnel | null;
  defaultSchema: string;
  /** Opens a client on the same server, in `database` (default: the connection's own). */
  open: (database?: string) => Promise<pg.Client>;
}

export class PgConnection extends RunnerConnection {
  readonly metadata: Metadata;
  private readonly main: PgSession;
  private readonly others = new Map<string, Promise<PgSession>>();
  private active: PgSession | null = null;
  private closed = false;
  protected readonly runner: StatementRunner;

  constructor(private readonly deps: PgConnectionDeps) {
    super();
    this.main = this.newSession(deps.client);
    this.metadata = routedMetadata((database) => this.session(database).then((s) => s.metadata));
    this.runner = new StatementRunner({
      body: (sql, options) => this.body(sql, options),
      cancel: () => this.cancelInDatabase(),
      describeError: (err, sql) => (this.active ?? this.main).describeError(err, sql),
    });
  }

  get broken(): boolean {
    return this.closed || this.main.broken || (this.deps.tunnel?.closed ?? false);
  }

  /** The backend process id (pg_backend_pid) of the connection's own session. */
  get processId(): number {
    return this.main.processId;
  }

  private async cancelInDatabase(): Promise<void> {
    await this.active?.cancel();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const others = await Promise.all([...this.others.values()].map((p) => p.catch(() => null)));
    await Promise.all([this.main, ...others].map((s) => s?.close()));
    await this.deps.tunnel?.close();
  }

  private async *body(sql: string, options: ExecuteOptions) {
    const session = await this.session(options.databaseName);
    this.active = session;
    try {
      return yield* session.body(sql, options);
    } finally {
      this.active = null;
    }
  }

  async runBound(sql: string, params: unknown[], options?: { databaseName?: string | null }): Promise<number> {
    return (await this.session(options?.databaseName)).runBound(sql, params);
  }

  /** Statements in one read-only transaction, one round trip (read-only-round.ts), in `databaseName`'s session. */
  async readOnlyRound(statements: string[], options: { databaseName?: string | null; schemaName?: string | null; timeoutMs?: number | null } = {}): Promise<TextRows[]> {
    return (await this.session(options.databaseName)).readOnlyRound(statements, options);
  }

  async runWithInput(sql: string, input: Buffer, options?: { databaseName?: string | null }): Promise<{ rows: number; warnings: number }> {
    return (await this.session(options?.databaseName)).runWithInput(sql, input);
  }

  private newSession(client: pg.Client): PgSession {
    const session = new PgSession({ client, dialect: this.deps.dialect, defaultSchema: this.deps.defaultSchema, openSide: () => this.deps.open() });
    this.clients.set(session, client);
    return session;
  }

  private readonly clients = new WeakMap<PgSession, pg.Client>();

  /** Whether a session of this connection is inside a transaction block (the status of pg's last ReadyForQuery). */
  async inTransaction(): Promise<boolean> {
    const others = await Promise.all([...this.others.values()].map((p) => p.catch(() => null)));
    return [this.main, ...others].some((s) => s !== null && !s.broken && (this.clients.get(s)?.getTransactionStatus() ?? 'I') !== 'I');
  }

  /** The session for a database: the connection's own, or one opened (and kept) for another. */
  private async session(database: string | null | undefined): Promise<PgSession> {
    if (!database || database === this.deps.database) return this.main;
    let pending = this.others.get(database);
    if (pending) {
      const existing = await pending.catch(() => null);
      if (existing && !existing.broken) return existing;
      this.others.delete(database);
    }
    pending = this.deps.open(database).then((client) => this.newSession(client));
    this.others.set(database, pending);
    pending.catch(() => this.others.delete(database));
    return pending;
  }
}

/** A Metadata whose every call runs on the session of the database its location names. */
function routedMetadata(sessionFor: (database: string | null | undefined) => Promise<Metadata>): Metadata {
  const on = async <K extends keyof Metadata>(database: string | null | undefined, method: K, args: unknown[]) => {
    const m = await sessionFor(database);
    return (m[method] as (...a: unknown[]) => unknown).apply(m, args);
  };
  const byLoc = <K extends keyof Metadata>(method: K) => ((loc: Location, ...rest: unknown[]) => on(loc?.databaseName, method, [loc, ...rest])) as unknown as Metadata[K];
  return {
    databases: () => on(null, 'databases', []) as ReturnType<Metadata['databases']>,
    schemas: (databaseName) => on(databaseName, 'schemas', [databaseName]) as ReturnType<Metadata['schemas']>,
    tables: byLoc('tables'),
    columns: byLoc('columns'),
    keys: byLoc('keys'),
    indexes: byLoc('indexes'),
    views: byLoc('views'),
    viewColumns: byLoc('viewColumns'),
    functions: byLoc('functions'),
    procedures: byLoc('procedures'),
    triggers: byLoc('triggers'),
    tableDdl: byLoc('tableDdl'),
    routineDefinition: byLoc('routineDefinition'),
    sequences: byLoc('sequences'),
    catalog: byLoc('catalog'),
    columnsOf: byLoc('columnsOf'),
    schemaObjects: byLoc('schemaObjects'),
  };
}
