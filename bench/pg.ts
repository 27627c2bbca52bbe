/** PostgreSQL helpers shared by the benchmarks: connection URLs, one-off clients, big generated schemas. */
import pg from 'pg';

export const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server URL pointed at another database. */
export function pgUrlFor(db: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${db}`;
  return url.toString();
}

export async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/**
 * Tables t_00001 … t_<count> created server-side in PL/pgSQL, `batch` per transaction (lock table
 * limits). `loopBody` runs for each `i` and may use `lpad(i::text, 5, '0')` for the table number.
 */
export async function createNumberedTables(db: string, count: number, batch: number, loopBody: string): Promise<void> {
  await withPg(pgUrlFor(db), async (c) => {
    for (let from = 1; from <= count; from += batch) {
      await c.query(`DO $$ BEGIN
        FOR i IN ${from}..${Math.min(count, from + batch - 1)} LOOP
          ${loopBody}
        END LOOP; END $$`);
    }
    await c.query('ANALYZE');
  });
}

/** Two columns, every tenth table commented: the shape of the tree and table-list benchmarks. */
export const COMMENTED_TABLE_BODY = `EXECUTE format('CREATE TABLE t_%s (id int, name text)', lpad(i::text, 5, '0'));
          IF i % 10 = 0 THEN EXECUTE format('COMMENT ON TABLE t_%s IS %L', lpad(i::text, 5, '0'), 'table number ' || i); END IF;`;

/** t_00001 … t_30000: id, parent_id (FK to the previous table on every tenth), and 8 more columns: the completion benchmarks' shape. */
export const TIP_TABLE_BODY = `EXECUTE format('CREATE TABLE t_%s (id bigint PRIMARY KEY, parent_id bigint%s, name text, status text, amount numeric(12,2), created_at timestamptz, note text, code varchar(20), qty int, flag boolean)',
            lpad(i::text, 5, '0'),
            CASE WHEN i % 10 = 0 THEN format(' REFERENCES t_%s (id)', lpad((i - 1)::text, 5, '0')) ELSE '' END);`;
