/**
 * Schema sync on two PostgreSQL schemas of 1,000 tables each (10 columns, 2 indexes, a foreign key
 * per table; 100 tables differ: a type, a dropped or added column, a missing index, an FK action,
 * a nullability): read both catalogs through our driver, diff, and generate the script, against
 * `pg_dump --schema-only` of both schemas in the same run. Rounds are interleaved; medians reported.
 * Targets (issue 8): ≤ 3 s, ratio ≤ 1.5.
 */
import pg from 'pg';
import { median, type BenchLine } from './lib.js';
import { pgSyncRounds } from './pg-sync-rounds.js';

export const TABLES = 1000;
const ROUNDS = 5;
const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function schemaSql(schema: string, differs: boolean): string {
  const out = [`CREATE SCHEMA ${schema}`];
  for (let i = 0; i < TABLES; i++) {
    const v = differs && i % 10 === 0 ? (i / 10) % 5 : -1;
    const cols = [
      'id bigint PRIMARY KEY',
      'parent_id bigint',
      'name varchar(100) NOT NULL',
      'code varchar(20)',
      `amount numeric(${v === 0 ? 14 : 12},2) DEFAULT 0`,
      `qty integer ${v === 0 ? '' : 'NOT NULL '}DEFAULT 1`,
      'created_at timestamptz DEFAULT now()',
      'active boolean DEFAULT true',
      ...(v === 1 ? [] : ['note text']),
      'ref_id bigint',
      ...(v === 3 ? ['extra integer'] : []),
    ];
    out.push(`CREATE TABLE ${schema}.t_${i} (${cols.join(', ')})`);
    if (v !== 2) out.push(`CREATE INDEX t_${i}_code_ix ON ${schema}.t_${i} (code)`);
    out.push(`CREATE UNIQUE INDEX t_${i}_name_ux ON ${schema}.t_${i} (name, id)`);
    out.push(`COMMENT ON TABLE ${schema}.t_${i} IS 'table ${i}'`);
  }
  for (let i = 1; i < TABLES; i++) {
    const cascade = differs && i % 10 === 0 && (i / 10) % 5 === 4 ? ' ON DELETE CASCADE' : '';
    out.push(`ALTER TABLE ${schema}.t_${i} ADD CONSTRAINT t_${i}_parent_fk FOREIGN KEY (parent_id) REFERENCES ${schema}.t_${i - 1} (id)${cascade}`);
  }
  return out.join(';\n');
}

export async function withClient<T>(database: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try { return await fn(c); } finally { await c.end(); }
}

export default async function run(): Promise<BenchLine[]> {
  const db = `askdb_bench_diff_${process.pid}`;
  const url = new URL(PG_URL);
  await withClient(url.pathname.slice(1) || 'postgres', (c) => c.query(`CREATE DATABASE ${db}`));
  try {
    await withClient(db, async (c) => {
      await c.query(schemaSql('src', false));
      await c.query(schemaSql('tgt', true));
      await c.query('ANALYZE');
    });
    const { ours, baseline, diffTimes, statements, left } = await pgSyncRounds(db, ROUNDS);
    // The script must actually make the schemas equal.
    if (statements.length < 100 || left.length) throw new Error(`script of ${statements.length} statements left ${left.length} differences`);
    return [{
      name: `schema sync: read 2 × ${TABLES} PostgreSQL tables, diff, generate (${statements.length} statements)`,
      unit: 'ms',
      median: median(ours),
      baselineName: 'pg_dump --schema-only of both schemas (in parallel)',
      baselineMedian: median(baseline),
      target: '≤ 3000 ms, ratio ≤ 1.5',
      extra: { 'diff+generate median ms': median(diffTimes).toFixed(0) },
    }];
  } finally {
    await withClient(url.pathname.slice(1) || 'postgres', (c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`));
  }
}
