/**
 * Rows from a file into a table: a new table (column types inferred from the first rows) or an
 * existing one (file columns mapped to table columns). Rows go in batches, one transaction per
 * batch. A batch first goes through the database's own bulk loader (PostgreSQL `COPY … FROM STDIN`,
 * MySQL `LOAD DATA LOCAL INFILE`, values as loader data); a batch it refuses, or loads with any
 * warning or a short count, is rolled back and goes in as multi-row INSERTs with bound parameters,
 * and, if those are refused, row by row behind savepoints, so each bad row is reported and the good
 * ones land. Identifiers are quoted by the dialect. The stop flag is read before every batch: after a cancel nothing past the
 * last reported batch is committed, and `committedRows` says exactly how many rows landed.
 */
import type { Connection } from '@askdb/drivers';
import type { Dialect } from '@askdb/sql';
import { TASK_LIMITS, type TaskRowError } from '@askdb/contracts';
import { SPREADSHEET_LIMITS } from '../spreadsheet-limits.js';
import type { Cell, FileRecord, TableSource } from './readers.js';
import { bulkSql, loaderText } from './bulk-input.js';

export interface ImportTarget {
  conn: Connection;
  dialect: Dialect;
  databaseName: string | null;
  schemaName: string | null;
  tableName: string;
  mode: 'new' | 'existing';
  mapping?: { source: number; target: string }[];
  batchSize: number;
  skipBadRows: boolean;
}

export interface ImportCounters {
  processedRows: number;
  committedRows: number;
  failedRows: number;
  processedBytes: number;
  rowErrors: TaskRowError[];
}

export interface ImportHooks {
  shouldStop(): Promise<boolean>;
  report(c: ImportCounters): Promise<void>;
}

export type ImportOutcome = { state: 'DONE' | 'STOPPED' | 'FAILED'; error: string | null; counters: ImportCounters };

const isPg = (d: Dialect) => d.name === 'postgresql';
const SAMPLE = 1000;

/** A SQL type for the sampled values of a column (dialect family: PostgreSQL or MySQL). */
export function inferType(values: Cell[], d: Dialect): string {
  const seen = values.filter((v): v is string => v !== null);
  const pg = isPg(d);
  const text = () => {
    const max = seen.reduce((m, v) => Math.max(m, v.length), 0);
    return pg ? 'text' : max <= 255 ? 'varchar(1024)' : 'longtext';
  };
  if (seen.length === 0) return text();
  if (seen.every((v) => /^-?\d{1,18}$/.test(v))) return seen.every((v) => Math.abs(Number(v)) < 2 ** 31) ? (pg ? 'integer' : 'int') : 'bigint';
  if (seen.every((v) => /^-?\d{1,30}(\.\d{1,20})?$/.test(v))) {
    // PostgreSQL: numeric of any precision (nothing rounded). MySQL needs a scale: the sample's decimals plus two.
    if (pg) return 'numeric';
    const scale = Math.max(...seen.map((v) => (v.split('.')[1] ?? '').length));
    return `decimal(38,${Math.min(scale + 2, 20)})`;
  }
  if (seen.every((v) => /^(true|false)$/i.test(v))) return pg ? 'boolean' : 'tinyint(1)';
  if (seen.every((v) => /^\d{4}-\d{2}-\d{2}$/.test(v))) return 'date';
  if (seen.every((v) => /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?$/.test(v))) return pg ? 'timestamp' : 'datetime(6)';
  return text();
}

const boolCell = (v: Cell) => (v === null ? null : /^true$/i.test(v) ? '1' : /^false$/i.test(v) ? '0' : v);

export class TableImporter {
  private readonly c: ImportCounters = { processedRows: 0, committedRows: 0, failedRows: 0, processedBytes: 0, rowErrors: [] };
  private readonly q: (n: string) => string;
  private readonly qualified: string;
  private columns: string[] = [];
  /** For each target column, the index of its cell in a file record. */
  private picks: number[] = [];
  private converters: ((v: Cell) => Cell)[] = [];
  /** PostgreSQL: each target column's type, for one INSERT … SELECT FROM unnest(text arrays) per batch. */
  private pgTypes: string[] | null = null;
  /** The bulk loader statement while the loader is in use (off when unavailable or once it proves unusable). */
  private bulk: string | null = null;

  constructor(private readonly t: ImportTarget, private readonly src: TableSource, private readonly hooks: ImportHooks) {
    this.q = (n) => t.dialect.quoteIdentifier(n, true);
    const ns = isPg(t.dialect) ? t.schemaName ?? null : t.databaseName ?? null;
    this.qualified = (ns ? `${this.q(ns)}.` : '') + this.q(t.tableName);
  }

  private exec(sql: string, params: unknown[] = []): Promise<number> {
    return this.t.conn.runBound!(sql, params, { databaseName: this.t.databaseName });
  }

  private rowError(row: number, message: string): void {
    this.c.failedRows++;
    if (this.c.rowErrors.length < TASK_LIMITS.rowErrors) this.c.rowErrors.push({ row, message: message.slice(0, 500) });
  }

  async run(): Promise<ImportOutcome> {
    // The batch being written while the next one is read: its error (if any) once settled, never unhandled.
    let pending: Promise<unknown> | null = null;
    const settle = async (): Promise<void> => {
      if (!pending) return;
      const err = await pending;
      pending = null;
      if (err) throw err;
      this.c.processedBytes = this.src.progress.bytes;
      await this.hooks.report({ ...this.c });
    };
    try {
      if (!this.t.conn.runBound) return this.fail('this database type cannot be an import target');
      const it = this.src.runs ?? singles(this.src.records);
      const sample: FileRecord[] = [];
      if (this.t.mode === 'new') {
        while (sample.length < SAMPLE) {
          const n = await it.next();
          if (n.done) break;
          for (const r of n.value) sample.push(r);
        }
        await this.createTable(sample.slice(0, SAMPLE));
      } else await this.mapExisting();
      await this.chooseBulk();
      let batch: { row: number; cells: Cell[] }[] = [];
      // A wide table's batches hold fewer rows: at most batchCells cells wait in memory.
      const batchRows = Math.max(1, Math.min(this.t.batchSize, Math.floor(SPREADSHEET_LIMITS.batchCells / Math.max(1, this.src.columns.length))));
      // Unreadable rows of the batch being read, reported after the previous batch's refused rows (row order kept).
      let held: { row: number; error: string }[] = [];
      // Before each batch: the previous one committed and reported, then the stop flag. The batch is
      // written while the next one is read; a stop leaves nothing uncommitted past the last report.
      const flush = async (): Promise<boolean> => {
        await settle();
        for (const h of held) this.rowError(h.row, h.error);
        held = [];
        if (await this.hooks.shouldStop()) return false;
        if (batch.length) {
          const b = batch;
          pending = this.insertBatch(b).then(() => null, (e: unknown) => e ?? new Error('insert failed'));
        }
        batch = [];
        return true;
      };
      /** A run of records: false when the task was stopped. */
      const consume = async (run: FileRecord[]): Promise<boolean> => {
        for (const r of run) {
          this.c.processedRows++;
          if (r.error !== undefined) {
            if (!this.t.skipBadRows) {
              await settle(); // an earlier batch's failure comes first
              this.rowError(r.row, r.error);
              throw new BadRow(r.row, r.error);
            }
            held.push(r);
          } else batch.push(r);
          if (batch.length >= batchRows && !(await flush())) return false;
        }
        return true;
      };
      if (!(await consume(sample))) return this.end('STOPPED');
      for (;;) {
        const n = await it.next();
        if (n.done) break;
        if (!(await consume(n.value))) return this.end('STOPPED');
      }
      if (!(await flush())) return this.end('STOPPED');
      if (pending) await settle();
      else await this.hooks.report({ ...this.c, processedBytes: this.src.progress.bytes });
      return this.end('DONE');
    } catch (e) {
      // A batch still being written lands (or fails) before the task ends, so the counts stay exact.
      const earlier = pending ? await pending : null;
      if (earlier) e = earlier;
      if (e instanceof BadRow) return this.fail(`row ${e.row}: ${e.message}; rows before its batch were committed`);
      return this.fail(e instanceof Error ? e.message : String(e));
    } finally {
      this.src.close();
    }
  }

  private end(state: 'DONE' | 'STOPPED'): ImportOutcome {
    this.c.processedBytes = this.src.progress.bytes;
    return { state, error: null, counters: { ...this.c } };
  }
  private fail(error: string): ImportOutcome {
    this.c.processedBytes = this.src.progress.bytes;
    return { state: 'FAILED', error, counters: { ...this.c } };
  }

  private async createTable(sample: FileRecord[]): Promise<void> {
    const names = uniqueNames(this.src.columns);
    if (names.length === 0) throw new Error('the file has no columns');
    const good = sample.filter((r): r is { row: number; cells: Cell[] } => r.error === undefined);
    const types = names.map((_, i) => inferType(good.map((r) => r.cells[i] ?? null), this.t.dialect));
    const body = names.map((n, i) => `${this.q(n)} ${types[i]}`).join(', ');
    await this.exec(`CREATE TABLE ${this.qualified} (${body})`);
    this.columns = names;
    this.picks = names.map((_, i) => i);
    this.converters = types.map((t) => (t === 'tinyint(1)' ? boolCell : (v: Cell) => v));
    if (isPg(this.t.dialect)) this.pgTypes = types;
  }

  private async mapExisting(): Promise<void> {
    const cols = await this.t.conn.metadata.columns({ databaseName: this.t.databaseName, schemaName: this.t.schemaName, tableName: this.t.tableName });
    if (cols.length === 0) throw new Error(`table ${this.t.tableName} not found`);
    const byName = new Map(cols.map((c) => [c.name.toLowerCase(), c.name]));
    const pairs: { source: number; target: string }[] = [];
    if (this.t.mapping?.length) {
      for (const m of this.t.mapping) {
        const target = byName.get(m.target.toLowerCase());
        if (!target) throw new Error(`column ${m.target} is not in ${this.t.tableName}`);
        if (m.source >= this.src.columns.length) throw new Error(`the file has no column ${m.source + 1}`);
        pairs.push({ source: m.source, target });
      }
    } else {
      this.src.columns.forEach((n, i) => {
        const target = byName.get(n.toLowerCase());
        if (target) pairs.push({ source: i, target });
      });
    }
    if (pairs.length === 0) throw new Error('no file column matches a column of the table');
    this.columns = pairs.map((p) => p.target);
    this.picks = pairs.map((p) => p.source);
    const bools = new Set(cols.filter((c) => /^(tinyint\(1\)|bool|boolean|bit\(1\))$/i.test(c.columnType)).map((c) => c.name));
    this.converters = this.columns.map((n) => (!isPg(this.t.dialect) && bools.has(n) ? boolCell : (v: Cell) => v));
    if (isPg(this.t.dialect)) {
      const typeOf = new Map(cols.map((c) => [c.name, c.columnType]));
      // Character types are cast to text: an explicit cast to varchar(n) / char(n) would cut a long value
      // silently, while the assignment into the column refuses it (and the row is reported).
      this.pgTypes = this.columns.map((n) => {
        const t = typeOf.get(n) ?? 'text';
        return /^(character|char|bpchar|character varying|varchar|bit|bit varying)\b/i.test(t) ? 'text' : t;
      });
    }
  }

  /** One statement for a whole batch: every column's values as a text array, cast to the column's type. */
  private async insertUnnest(rows: { cells: Cell[] }[]): Promise<void> {
    const types = this.pgTypes!;
    const arrays: Cell[][] = this.columns.map(() => new Array<Cell>(rows.length));
    for (let r = 0; r < rows.length; r++) {
      const cells = rows[r]!.cells;
      for (let i = 0; i < this.picks.length; i++) arrays[i]![r] = cells[this.picks[i]!] ?? null;
    }
    const alias = this.columns.map((_, i) => `c${i}`);
    const sql = `INSERT INTO ${this.qualified} (${this.columns.map(this.q).join(', ')}) SELECT ${alias.map((a, i) => `${a}::${types[i]}`).join(', ')} FROM unnest(${alias.map((_, i) => `$${i + 1}::text[]`).join(', ')}) AS u(${alias.join(', ')})`;
    await this.exec(sql, arrays);
  }

  private insertSql(rows: number): string {
    const cols = this.columns.length;
    const pg = isPg(this.t.dialect);
    const tuples: string[] = [];
    let p = 1;
    for (let r = 0; r < rows; r++) {
      const ph: string[] = [];
      for (let i = 0; i < cols; i++) ph.push(pg ? `$${p++}` : '?');
      tuples.push(`(${ph.join(', ')})`);
    }
    return `INSERT INTO ${this.qualified} (${this.columns.map(this.q).join(', ')}) VALUES ${tuples.join(', ')}`;
  }

  private values(rows: { cells: Cell[] }[]): Cell[] {
    const out: Cell[] = [];
    for (const r of rows) for (let i = 0; i < this.picks.length; i++) out.push(this.converters[i]!(r.cells[this.picks[i]!] ?? null));
    return out;
  }

  /**
   * The loader is used when the driver has it and a rollback undoes a batch: always on PostgreSQL,
   * on MySQL only for InnoDB tables (a MyISAM load could not be taken back before the fallback).
   */
  private async chooseBulk(): Promise<void> {
    if (!this.t.conn.runWithInput) return;
    if (!isPg(this.t.dialect)) {
      const loc = { databaseName: this.t.databaseName, schemaName: this.t.schemaName, tableName: this.t.tableName };
      const ddl = await this.t.conn.metadata.tableDdl(loc).catch(() => '');
      if (!/\bENGINE\s*=\s*InnoDB\b/i.test(ddl)) return;
    }
    this.bulk = bulkSql(this.t.dialect, this.qualified, this.columns);
  }

  /** The batch through the bulk loader in its own transaction; false (nothing committed) when it must be retried. */
  private async bulkBatch(batch: { row: number; cells: Cell[] }[]): Promise<boolean> {
    const input = loaderText({ rows: batch, picks: this.picks, converters: this.converters });
    await this.exec('BEGIN');
    try {
      const r = await this.t.conn.runWithInput!(this.bulk!, input, { databaseName: this.t.databaseName });
      // MySQL's LOCAL load turns refusals into warnings and skipped rows: only a clean, complete load counts.
      if (r.rows === batch.length && r.warnings === 0) {
        await this.exec('COMMIT');
        this.c.committedRows += batch.length;
        return true;
      }
    } catch {
      // refused: rolled back below, then retried statement by statement
    }
    await this.exec('ROLLBACK').catch(() => 0);
    return false;
  }

  private async insertBatch(batch: { row: number; cells: Cell[] }[]): Promise<void> {
    if (this.bulk) {
      if (await this.bulkBatch(batch)) return;
      const failedBefore = this.c.failedRows;
      await this.insertStatements(batch);
      // Every row went in without the loader: the loader itself is unusable here (disabled, not allowed, …).
      if (this.c.failedRows === failedBefore) this.bulk = null;
      return;
    }
    await this.insertStatements(batch);
  }

  private async insertStatements(batch: { row: number; cells: Cell[] }[]): Promise<void> {
    const per = Math.max(1, Math.min(1000, Math.floor(30_000 / this.columns.length)));
    await this.exec('BEGIN');
    try {
      if (this.pgTypes) await this.insertUnnest(batch);
      else for (let i = 0; i < batch.length; i += per) {
        const part = batch.slice(i, i + per);
        await this.exec(this.insertSql(part.length), this.values(part));
      }
      await this.exec('COMMIT');
      this.c.committedRows += batch.length;
      return;
    } catch {
      await this.exec('ROLLBACK').catch(() => 0);
    }
    // Row by row behind savepoints: every refused row is reported, the others land in one transaction.
    await this.exec('BEGIN');
    let landed = 0;
    try {
      const one = this.insertSql(1);
      for (const r of batch) {
        await this.exec('SAVEPOINT askdb_row');
        try {
          await this.exec(one, this.values([r]));
          await this.exec('RELEASE SAVEPOINT askdb_row');
          landed++;
        } catch (e) {
          await this.exec('ROLLBACK TO SAVEPOINT askdb_row');
          this.rowError(r.row, e instanceof Error ? e.message : String(e));
          if (!this.t.skipBadRows) throw new BadRow(r.row, e instanceof Error ? e.message : String(e));
        }
      }
      await this.exec('COMMIT');
      this.c.committedRows += landed;
    } catch (e) {
      await this.exec('ROLLBACK').catch(() => 0);
      throw e;
    }
  }
}

async function* singles(records: AsyncGenerator<FileRecord>): AsyncGenerator<FileRecord[]> {
  for await (const r of records) yield [r];
}

class BadRow extends Error {
  constructor(readonly row: number, message: string) {
    super(message);
  }
}

function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw, i) => {
    let n = raw.trim().slice(0, 60) || `col_${i + 1}`;
    let k = 2;
    while (seen.has(n.toLowerCase())) n = `${raw.slice(0, 56)}_${k++}`;
    seen.add(n.toLowerCase());
    return n;
  });
}
