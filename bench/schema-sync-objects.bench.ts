/**
 * Schema sync with the full object model (issue 26): two PostgreSQL schemas of 1,000 tables (as in
 * diff-pg.bench.ts) plus 200 functions and 200 triggers each; 20 function bodies differ, 10 triggers
 * are missing and 10 functions exist only in the target. Ours: read both catalogs and schema objects
 * through the driver, diff, order and generate the script. Baseline: `pg_dump --schema-only` of both
 * schemas in the same run. Rounds interleaved; medians. Target (issue 26): ratio < 1.5.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { driverFor, type Catalog, type ConnectionConfig } from '@askdb/drivers';
import { syncPlan } from '@askdb/schema-diff';
import { schemaSql, TABLES, withClient } from './diff-pg.bench.js';
import { median, type BenchLine } from './lib.js';

const FUNCTIONS = 200;
const TRIGGERS = 200;
const ROUNDS = 5;
const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DUMP = process.env.ASKDB_PG_DUMP ?? '/usr/bin/pg_dump';
const execFileP = promisify(execFile);

function objectsSql(schema: string, differs: boolean): string {
  const out: string[] = [];
  for (let i = 0; i < FUNCTIONS; i++) {
    const step = differs && i % 10 === 0 ? i + 1 : i;
    out.push(`CREATE FUNCTION ${schema}.stamp_${i}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.qty := coalesce(NEW.qty, 0) + ${step}; RETURN NEW; END $$`);
  }
  if (differs) for (let i = 0; i < 10; i++) out.push(`CREATE FUNCTION ${schema}.leftover_${i}(x integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT x * ${i} $$`);
  for (let i = 0; i < TRIGGERS; i++) {
    if (differs && i % 20 === 5) continue;
    out.push(`CREATE TRIGGER t_${i}_stamp BEFORE INSERT OR UPDATE ON ${schema}.t_${i} FOR EACH ROW EXECUTE FUNCTION ${schema}.stamp_${i}()`);
  }
  return out.join(';\n');
}

export default async function run(): Promise<BenchLine[]> {
  const db = `askdb_bench_objects_${process.pid}`;
  const url = new URL(PG_URL);
  const admin = url.pathname.slice(1) || 'postgres';
  await withClient(admin, (c) => c.query(`CREATE DATABASE ${db}`));
  try {
    await withClient(db, async (c) => {
      await c.query(`${schemaSql('src', false)};\n${objectsSql('src', false)}`);
      await c.query(`${schemaSql('tgt', true)};\n${objectsSql('tgt', true)}`);
      await c.query('ANALYZE');
    });
    const config: ConnectionConfig = {
      alias: 'bench', type: 'POSTGRESQL', host: url.hostname, port: Number(url.port || 5432),
      user: decodeURIComponent(url.username || 'postgres'), password: decodeURIComponent(url.password), databaseName: db,
    };
    const driver = await driverFor('POSTGRESQL');
    const read = async (conn: Awaited<ReturnType<typeof driver.connect>>, schemaName: string): Promise<Catalog> => {
      const loc = { databaseName: db, schemaName };
      const catalog = await conn.metadata.catalog(loc);
      return { ...catalog, objects: (await conn.metadata.schemaObjects?.(loc)) ?? [] };
    };
    let statements: string[] = [];
    const diffTimes: number[] = [];
    const ours = async () => {
      const t0 = performance.now();
      const [a, b] = await Promise.all([driver.connect(config), driver.connect(config)]);
      try {
        const [source, target] = await Promise.all([read(a, 'src'), read(b, 'tgt')]);
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
    for (let r = 0; r < ROUNDS; r++) {
      a.push(await ours());
      b.push(await baseline());
    }
    // Not timed: the script must make the schemas equal, objects included.
    const script = statements;
    await withClient(db, async (c) => {
      for (const st of script) await c.query(st);
    });
    const check = await driver.connect(config);
    try {
      const left = syncPlan(await read(check, 'src'), await read(check, 'tgt'), 'POSTGRESQL').statements;
      const made = script.filter((s) => /CREATE (OR REPLACE )?FUNCTION|CREATE TRIGGER/.test(s)).length;
      if (made < 30 || left.length) throw new Error(`script of ${script.length} statements (${made} functions/triggers) left ${left.length} differences: ${left.slice(0, 3).join(' | ')}`);
    } finally {
      await check.close();
    }
    return [{
      name: `schema sync, full model: 2 × ${TABLES} PostgreSQL tables + ${FUNCTIONS} functions + ${TRIGGERS} triggers, read, diff, order, generate (${statements.length} statements)`,
      unit: 'ms',
      median: median(a),
      baselineName: 'pg_dump --schema-only of both schemas (in parallel)',
      baselineMedian: median(b),
      target: 'ratio < 1.5',
      extra: { 'diff+generate median ms': median(diffTimes).toFixed(0) },
    }];
  } finally {
    await withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`));
  }
}
