/**
 * Schema sync with the full object model (issue 26): two PostgreSQL schemas of 1,000 tables (as in
 * diff-pg.bench.ts) plus 200 functions and 200 triggers each; 20 function bodies differ, 10 triggers
 * are missing and 10 functions exist only in the target. Ours: read both catalogs and schema objects
 * through the driver, diff, order and generate the script. Baseline: `pg_dump --schema-only` of both
 * schemas in the same run. Rounds interleaved; medians. Target (issue 26): ratio < 1.5.
 */
import type { Catalog, Connection } from '@askdb/drivers';
import { schemaSql, TABLES, withClient } from './diff-pg.bench.js';
import { median, type BenchLine } from './lib.js';
import { pgSyncRounds } from './pg-sync-rounds.js';

const FUNCTIONS = 200;
const TRIGGERS = 200;
const ROUNDS = 5;
const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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
    const read = async (conn: Connection, schemaName: string): Promise<Catalog> => {
      const loc = { databaseName: db, schemaName };
      const catalog = await conn.metadata.catalog(loc);
      return { ...catalog, objects: (await conn.metadata.schemaObjects?.(loc)) ?? [] };
    };
    const { ours, baseline, diffTimes, statements, left } = await pgSyncRounds(db, ROUNDS, read);
    // The script must make the schemas equal, objects included.
    const made = statements.filter((s) => /CREATE (OR REPLACE )?FUNCTION|CREATE TRIGGER/.test(s)).length;
    if (made < 30 || left.length) throw new Error(`script of ${statements.length} statements (${made} functions/triggers) left ${left.length} differences: ${left.slice(0, 3).join(' | ')}`);
    return [{
      name: `schema sync, full model: 2 × ${TABLES} PostgreSQL tables + ${FUNCTIONS} functions + ${TRIGGERS} triggers, read, diff, order, generate (${statements.length} statements)`,
      unit: 'ms',
      median: median(ours),
      baselineName: 'pg_dump --schema-only of both schemas (in parallel)',
      baselineMedian: median(baseline),
      target: 'ratio < 1.5',
      extra: { 'diff+generate median ms': median(diffTimes).toFixed(0) },
    }];
  } finally {
    await withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`));
  }
}
