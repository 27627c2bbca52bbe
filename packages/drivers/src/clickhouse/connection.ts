/**
 * A ClickHouse "connection": HTTP requests in one server session (so SET and USE persist as in
 * clickhouse-client), rows read as TabSeparatedWithNamesAndTypes (ClickHouse's own text), cancel
 * by aborting the request and KILL QUERY on its query id.
 */
import { randomUUID } from 'node:crypto';
import type { ClickHouseClient } from '@clickhouse/client';
import type { Dialect } from '@askdb/sql';
import type { ExecuteOptions, Metadata } from '../driver.js';
import { messageOf } from '../shared/network-errors.js';
import type { Tunnel } from '../shared/ssh-tunnel.js';
import { StatementRunner, type BodyEvent, type BodySummary, type StatementFailure } from '../shared/statement-run.js';
import { headerOf, type Cell } from '../values.js';
import { ClickHouseMetadata } from './metadata.js';
import { hasOwnFormat, returnsRows, tsvRow } from './tsv.js';
import { RunnerConnection } from '../shared/runner-connection.js';

export class ClickHouseConnection extends RunnerConnection {
  readonly metadata: Metadata;
  private closed = false;
  private running: { id: string; abort: AbortController } | null = null;
  private appliedDb: string;
  protected readonly runner: StatementRunner;

  constructor(private readonly client: ClickHouseClient, private readonly dialect: Dialect, private readonly tunnel: Tunnel | null, database: string) {
    super();
    this.appliedDb = database;
    this.metadata = new ClickHouseMetadata(async <T>(sql: string, params?: Record<string, unknown>) => {
      const rs = await client.query({ query: sql, query_params: params, format: 'JSONEachRow' });
      return (await rs.json()) as T[];
    }, dialect, () => this.appliedDb);
    this.runner = new StatementRunner({
      body: (sql, options) => this.body(sql, options),
      cancel: () => this.cancelInDatabase(),
      describeError: (err) => describeClickHouseError(err),
    });
  }

  get broken(): boolean {
    return this.closed || (this.tunnel?.closed ?? false);
  }

  private async cancelInDatabase(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.abort.abort();
    await this.client.command({ query: 'KILL QUERY WHERE query_id = {id:String}', query_params: { id: running.id }, session_id: randomUUID() }).catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close().catch(() => undefined);
    await this.tunnel?.close();
  }

  private async *body(sql: string, options: ExecuteOptions): AsyncGenerator<BodyEvent, BodySummary> {
    const db = options.schemaName || options.databaseName;
    if (db && db !== this.appliedDb) {
      await this.client.command({ query: `USE ${this.dialect.quoteIdentifier(db, true)}` });
      this.appliedDb = db;
    }
    const running = { id: randomUUID(), abort: new AbortController() };
    this.running = running;
    try {
      if (!returnsRows(sql)) {
        await this.client.command({ query: sql, query_id: running.id, abort_signal: running.abort.signal });
        return { updateCount: null };
      }
      if (hasOwnFormat(sql)) {
        const rs = await this.client.exec({ query: sql, query_id: running.id, abort_signal: running.abort.signal });
        yield { type: 'header', columns: [headerOf(this.dialect, 'result', 'String')] };
        let rest = '';
        for await (const chunk of rs.stream as AsyncIterable<Buffer>) {
          const lines = (rest + chunk.toString('utf8')).split('\n');
          rest = lines.pop() ?? '';
          if (lines.length) yield { type: 'rows', rows: lines.map((l) => [l]) };
        }
        if (rest) yield { type: 'rows', rows: [[rest]] };
        return { updateCount: null };
      }
      const rs = await this.client.query({ query: sql, format: 'TabSeparatedWithNamesAndTypes', query_id: running.id, abort_signal: running.abort.signal });
      let names: string[] | null = null;
      let headerSent = false;
      for await (const batch of rs.stream() as AsyncIterable<{ text: string }[]>) {
        const rows: Cell[][] = [];
        for (const row of batch) {
          if (!names) { names = row.text.split('\t').map((n) => String(tsvRow(n)[0])); continue; }
          if (!headerSent) {
            const types = tsvRow(row.text).map(String);
            yield { type: 'header', columns: names.map((n, i) => headerOf(this.dialect, n, types[i] ?? 'String')) };
            headerSent = true;
            continue;
          }
          rows.push(tsvRow(row.text));
        }
        if (rows.length) yield { type: 'rows', rows };
      }
      return { updateCount: null };
    } finally {
      this.running = null;
    }
  }
}

/** ClickHouse names the place of a syntax error: `(line 2, col 5)`. */
function describeClickHouseError(err: unknown): StatementFailure {
  const text = messageOf(err);
  if (/abort|QUERY_WAS_CANCELLED|Code: 394/i.test(text)) return { message: 'The statement was cancelled.', cancelled: true };
  const at = /\(line (\d+), col (\d+)\)/.exec(text);
  return { message: text, errorPosition: at ? { line: Number(at[1]), column: Number(at[2]) } : null };
}
