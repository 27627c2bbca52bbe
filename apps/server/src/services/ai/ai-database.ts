/**
 * What the AI chat reads from a real database, through the server's pooled connections: the
 * catalog (shared cache), a few sample rows, the engine's EXPLAIN of a statement, and the dry run
 * used to check the model's SQL. Every call is bounded in time and rows; nothing the model wrote
 * is executed except as an EXPLAIN of a read-only statement.
 */
import { catalogFromDriver, type Catalog, type CatalogTable } from '@askdb/ai';
import type { Catalog as DriverCatalog, ResultEvent } from '@askdb/drivers';
import { dialectFor } from '@askdb/sql';
import type { AppDeps } from '../../deps.js';
import type { DataSourceRecord } from '../../store/data-sources.js';
import type { AuditActor } from '../../http/audit-actor.js';
import { StatementAudit } from '../audit/statement-audit.js';

export interface Location {
  databaseName?: string | null;
  schemaName?: string | null;
  /** Who asked: the statements run for them (samples, EXPLAIN, dry runs) go to the SQL audit. */
  actor?: AuditActor | null;
}

/** Engine names as users know them, for prompts. */
const ENGINE_NAMES: Record<string, string> = {
  POSTGRESQL: 'PostgreSQL', MYSQL: 'MySQL', MARIADB: 'MariaDB', SQLITE: 'SQLite', DUCKDB: 'DuckDB', SQLSERVER: 'SQL Server',
  ORACLE: 'Oracle', CLICKHOUSE: 'ClickHouse', TIDB: 'TiDB', OCEANBASE: 'OceanBase (MySQL mode)', OCEANBASE_ORACLE: 'OceanBase (Oracle mode)',
  COCKROACHDB: 'CockroachDB', REDSHIFT: 'Amazon Redshift', OPENGAUSS: 'openGauss', KINGBASE: 'KingbaseES', GAUSSDB: 'GaussDB',
  DORIS: 'Apache Doris', STARROCKS: 'StarRocks', SNOWFLAKE: 'Snowflake', BIGQUERY: 'BigQuery', HIVE: 'Hive', PRESTO: 'Presto',
  DB2: 'Db2', DM: 'DM (Dameng)', H2: 'H2', MONGODB: 'MongoDB', REDIS: 'Redis', TDENGINE: 'TDengine',
};
export function engineName(type: string): string {
  return ENGINE_NAMES[type] ?? type.charAt(0) + type.slice(1).toLowerCase();
}

const SAMPLE_ROWS = 20;
const TIMEOUT_MS = 10_000;
const MAX_PLAN_CHARS = 12_000;

export async function driverCatalog(deps: AppDeps, record: DataSourceRecord, loc: Location): Promise<DriverCatalog> {
  return deps.catalogs.get(record, loc.databaseName, loc.schemaName);
}

/**
 * The AI's view of a driver catalog, made once per catalog object: the catalog cache hands out the same
 * object until the schema is read again, so schema linking keeps its index (schema-linker.ts) for it.
 */
const aiCatalogs = new WeakMap<DriverCatalog, Catalog>();
export async function aiCatalog(deps: AppDeps, record: DataSourceRecord, loc: Location): Promise<Catalog> {
  const driver = await driverCatalog(deps, record, loc);
  let catalog = aiCatalogs.get(driver);
  if (!catalog) aiCatalogs.set(driver, (catalog = catalogFromDriver(driver)));
  return catalog;
}

/** Run one statement on a pooled connection and collect at most `maxRows` rows (the rest is not read). */
async function runBounded(
  deps: AppDeps, record: DataSourceRecord, loc: Location, sql: string, maxRows: number, signal?: AbortSignal,
): Promise<{ ok: boolean; message: string; header: string[]; rows: (string | null)[][] }> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  return deps.connections.with(record, async (conn) => {
    const out = { ok: true, message: '', header: [] as string[], rows: [] as (string | null)[][] };
    const audit = loc.actor ? new StatementAudit(deps.audit.log, loc.actor, { dataSourceId: record.id, dbType: record.input.type, databaseName: loc.databaseName ?? record.input.databaseName ?? null, schemaName: loc.schemaName ?? record.input.schemaName ?? null }, sql) : null;
    audit?.begin(Date.now());
    const it = conn.execute(sql, { signal: combined, pageSize: maxRows, databaseName: loc.databaseName, schemaName: loc.schemaName })[Symbol.asyncIterator]();
    try {
      for (;;) {
        const n = await it.next();
        if (n.done) break;
        const ev: ResultEvent = n.value;
        audit?.see(ev);
        if (ev.type === 'header') out.header = ev.columns.map((c) => c.name);
        else if (ev.type === 'rows') {
          out.rows.push(...ev.rows.slice(0, maxRows - out.rows.length));
          if (out.rows.length >= maxRows) break;
        } else if (ev.type === 'done') {
          out.ok = ev.success;
          out.message = ev.message;
        }
      }
    } catch (e) {
      audit?.see({ type: 'done', success: false, updateCount: null, durationMs: 0, message: (e as Error)?.message ?? String(e) });
      throw e;
    } finally {
      audit?.finish();
      await it.return?.();
    }
    return out;
  });
}

function limitedSelect(type: string, table: string, rows = SAMPLE_ROWS): string {
  const d = dialectFor(type);
  const t = d.quoteIdentifier(table, true);
  if (d.name === 'sqlserver') return `SELECT TOP ${rows} * FROM ${t}`;
  if (d.name === 'oracle') return `SELECT * FROM ${t} FETCH FIRST ${rows} ROWS ONLY`;
  return `SELECT * FROM ${t} LIMIT ${rows}`;
}

/** The values of the first `rows` rows of a table, column by column (for the schema-linking value index); none when unreadable. */
export async function sampleColumnValues(
  deps: AppDeps, record: DataSourceRecord, loc: Location, table: string, rows: number, signal?: AbortSignal,
): Promise<{ column: string; values: (string | null)[] }[]> {
  if (['REDIS', 'MONGODB'].includes(record.input.type)) return [];
  try {
    const r = await runBounded(deps, record, loc, limitedSelect(record.input.type, table, rows), rows, signal);
    return r.ok ? r.header.map((column, i) => ({ column, values: r.rows.map((row) => row[i] ?? null) })) : [];
  } catch {
    return [];
  }
}

/** Fill up to 3 distinct non-empty sample values per column of the given tables (privacy SCHEMA_AND_SAMPLES only). */
export async function fillSamples(deps: AppDeps, record: DataSourceRecord, loc: Location, tables: CatalogTable[], signal?: AbortSignal): Promise<void> {
  if (['REDIS', 'MONGODB'].includes(record.input.type)) return;
  for (const table of tables) {
    try {
      const r = await runBounded(deps, record, loc, limitedSelect(record.input.type, table.name), SAMPLE_ROWS, signal);
      if (!r.ok) continue;
      table.columns.forEach((c) => {
        const i = r.header.indexOf(c.name);
        if (i < 0) return;
        const seen = new Set<string>();
        for (const row of r.rows) {
          const v = row[i];
          if (v !== null && v !== undefined && v !== '' && !seen.has(v)) seen.add(v);
          if (seen.size >= 3) break;
        }
        c.samples = [...seen];
      });
    } catch {
      /* samples are a nicety: a table we cannot read simply has none */
    }
  }
}

/** The engine's EXPLAIN of a statement as text, or its error. */
export async function explainText(deps: AppDeps, record: DataSourceRecord, loc: Location, sql: string, signal?: AbortSignal): Promise<{ ok: boolean; text: string }> {
  const explain = await deps.connections.with(record, async (conn) => conn.explainSql(sql));
  const r = await runBounded(deps, record, loc, explain, 500, signal);
  if (!r.ok) return { ok: false, text: r.message };
  const lines = [r.header.join('\t'), ...r.rows.map((row) => row.map((v) => v ?? 'NULL').join('\t'))].join('\n');
  return { ok: true, text: lines.length > MAX_PLAN_CHARS ? lines.slice(0, MAX_PLAN_CHARS) + '\n…' : lines };
}

/** Dry run for the SQL check: null when EXPLAIN accepts the statement, else the database's message. */
export async function dryRun(deps: AppDeps, record: DataSourceRecord, loc: Location, sql: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const r = await explainText(deps, record, loc, sql, signal);
    return r.ok ? null : r.text || 'EXPLAIN failed';
  } catch (e) {
    return (e as Error).message;
  }
}

/** Indexes of the named tables from the driver catalog, one line each. */
export function indexesText(catalog: DriverCatalog, tables: string[]): string {
  const wanted = new Set(tables.map((t) => t.toLowerCase().split('.').pop()!));
  return catalog.tables
    .filter((t) => wanted.has(t.name.toLowerCase()))
    .flatMap((t) => t.indexes.map((ix) => `${t.name}: ${ix.name} (${ix.columns.map((c) => c.expression ?? c.name).join(', ')})${ix.primary ? ' PRIMARY' : ix.unique ? ' UNIQUE' : ''}${ix.where ? ` WHERE ${ix.where}` : ''}`))
    .join('\n');
}
