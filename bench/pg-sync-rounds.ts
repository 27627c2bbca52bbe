/**
 * The measured part shared by the PostgreSQL schema-sync benches: our sync (read both schemas through the
 * driver, diff, generate) against `pg_dump --schema-only` of both schemas, rounds interleaved; then, not
 * timed, the script is applied and the schemas read again, so a bench can check they came out equal.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { driverFor, type Catalog, type Connection, type ConnectionConfig } from '@askdb/drivers';
import { syncPlan } from '@askdb/schema-diff';
import { withClient } from './diff-pg.bench.js';

const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DUMP = process.env.ASKDB_PG_DUMP ?? '/usr/bin/pg_dump';
const execFileP = promisify(execFile);

export interface SyncRounds {
  /** Our time per round (read + diff + generate), ms. */
  ours: number[];
  /** pg_dump of both schemas per round, ms. */
  baseline: number[];
  /** Diff + generate only, ms. */
  diffTimes: number[];
  /** The script of the last round. */
  statements: string[];
  /** What a sync would still do after the script ran. */
  left: string[];
}

/** Syncs schema `src` of database `db` onto `tgt`, `rounds` times against the baseline. `read` reads one schema (default: the catalog). */
export async function pgSyncRounds(db: string, rounds: number, read?: (conn: Connection, schemaName: string) => Promise<Catalog>): Promise<SyncRounds> {
  const url = new URL(PG_URL);
  const config: ConnectionConfig = {
    alias: 'bench', type: 'POSTGRESQL', host: url.hostname, port: Number(url.port || 5432),
    user: decodeURIComponent(url.username || 'postgres'), password: decodeURIComponent(url.password), databaseName: db,
  };
  const readSchema = read ?? ((conn: Connection, schemaName: string) => conn.metadata.catalog({ databaseName: db, schemaName }));
  const driver = await driverFor('POSTGRESQL');
  let statements: string[] = [];
  const diffTimes: number[] = [];
  const ours = async () => {
    const t0 = performance.now();
    const [a, b] = await Promise.all([driver.connect(config), driver.connect(config)]);
    try {
      const [source, target] = await Promise.all([readSchema(a, 'src'), readSchema(b, 'tgt')]);
      const t1 = performance.now();
      statements = syncPlan(source, target, 'POSTGRESQL').statements;
      diffTimes.push(performance.now() - t1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    return performance.now() - t0;
  };
  const env = { ...process.env, PGHOST: url.hostname, PGPORT: url.port || '5432', PGUSER: decodeURIComponent(url.username || 'postgres'), PGPASSWORD: decodeURIComponent(url.password) };
  const dump = (schema: string) => execFileP(PG_DUMP, ['--schema-only', '-n', schema, '-f', '/dev/null', db], { env });
  const baseline = async () => {
    const t0 = performance.now();
    await Promise.all([dump('src'), dump('tgt')]);
    return performance.now() - t0;
  };
  await ours();
  await baseline();
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < rounds; r++) {
    a.push(await ours());
    b.push(await baseline());
  }
  await withClient(db, async (c) => {
    for (const st of statements) await c.query(st);
  });
  const check = await driver.connect(config);
  try {
    const left = syncPlan(await readSchema(check, 'src'), await readSchema(check, 'tgt'), 'POSTGRESQL').statements;
    return { ours: a, baseline: b, diffTimes, statements, left };
  } finally {
    await check.close();
  }
}
