/**
 * Builds the false-error corpus: statements from public test suites, kept only when the real database
 * accepts their syntax.
 *
 * From the repository root, with the servers of the test services running:
 *   node -e "import('./scripts/lib/steps.mjs').then((m) => m.bundleNode('packages/sql/test/corpus/build-corpus.ts', 'bench/dist/build-corpus.mjs'))"
 *   node bench/dist/build-corpus.mjs --pg <postgresql-15 src/test/regress/sql> --mysql <mariadb mysql-test/main>
 *     [--per-dialect 4000] [--out packages/sql/test/corpus]
 *
 * (The suites come with PostgreSQL's source and with MariaDB's mariadb-test-data package.)
 * Oracles, on scratch databases named askdb_oracle (created when missing, never written to):
 *  - PostgreSQL: `DO $tag$ BEGIN RETURN; <statement>; END $tag$` with check_function_bodies on. PL/pgSQL
 *    compiles the block before running it and, in that mode, passes every SQL statement of the body through
 *    the server's raw parser (a syntax error fails the DO); RETURN comes first, so nothing runs. Statements
 *    PL/pgSQL reads as its own commands (FETCH, EXECUTE, COMMIT, SELECT … INTO …) are left out: the server
 *    would not parse them as SQL there.
 *  - MariaDB: `PREPARE s FROM ?` parses without running; error 1064/1149 is a syntax error, a missing table
 *    or column means the syntax was accepted.
 * Both are checked: a statement counts as accepted only if the same statement followed by a stray `)` is a
 * syntax error, which shows the server's SQL parser read it to its end.
 * Output: <dialect>.json.gz = { dialect, oracle, server, sources, statements: [[sourceIndex, sql], …],
 * rejected: [[sourceIndex, sql], …] } — `rejected` holds statements the server refused with a syntax error
 * (a sample), to show the parser still catches real errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import mysql from 'mysql2/promise';
import { mysqltestStatements, psqlStatements } from './extract.js';

const args = new Map<string, string>();
for (let k = 2; k < process.argv.length; k += 2) args.set(process.argv[k]!.replace(/^--/, ''), process.argv[k + 1] ?? '');
const PER_DIALECT = Number(args.get('per-dialect') ?? 4000);
const OUT = args.get('out') ?? 'packages/sql/test/corpus';
const MAX_LEN = 2000;
const REJECTED_SAMPLE = 600;
const TAG = '$askdb_oracle$';
/** First words PL/pgSQL takes as its own statements (not handed to the SQL parser). */
const PLPGSQL_OWN = /^(<<|(fetch|move|close|open|execute|commit|rollback|begin|end|start|savepoint|release|perform|get|raise|return|if|case|loop|while|for|foreach|exit|continue|assert|declare|null|call|do|abort|exception|when|then|else|elsif|elseif)\b)/i;

interface Candidate { source: string; sql: string }

function gather(dir: string, ext: string, read: (text: string) => string[]): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(ext)).sort()) {
    for (const sql of read(fs.readFileSync(path.join(dir, f), 'latin1'))) {
      const key = sql.replace(/\s+/g, ' ').toLowerCase();
      if (sql.length > MAX_LEN || seen.has(key)) continue;
      seen.add(key);
      out.push({ source: f, sql });
    }
  }
  return out;
}

/** Deterministic spread: every k-th accepted statement, so each source file keeps its share. */
function sample<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  const step = items.length / n;
  return Array.from({ length: n }, (_, k) => items[Math.floor(k * step)]!);
}

interface Verdicts { accepted: Candidate[]; rejected: Candidate[]; server: string }

async function pgOracle(cands: Candidate[]): Promise<Verdicts> {
  const admin = new pg.Client({ host: '127.0.0.1', user: 'postgres', database: 'postgres' });
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'askdb_oracle'");
  if (!exists.rowCount) await admin.query('CREATE DATABASE askdb_oracle');
  await admin.end();
  const c = new pg.Client({ host: '127.0.0.1', user: 'postgres', database: 'askdb_oracle' });
  await c.connect();
  await c.query('SET check_function_bodies = on');
  const server = (await c.query('SHOW server_version')).rows[0].server_version as string;
  const accepted: Candidate[] = [];
  const rejected: Candidate[] = [];
  let unparsed = 0;
  for (const cand of cands) {
    // (SELECT … INTO x fails to compile: PL/pgSQL reads it as an assignment to an unknown variable.)
    if (PLPGSQL_OWN.test(cand.sql) || cand.sql.includes(TAG)) continue;
    try {
      await c.query(`DO ${TAG} BEGIN RETURN; ${cand.sql}\n; END ${TAG}`);
      // Proof that the server's SQL parser read it: the same statement with a stray `)` must fail.
      if (await pgAccepts(c, `${cand.sql}\n)`)) unparsed++;
      else accepted.push(cand);
    } catch (e) {
      // Not in the corpus; a plain syntax error goes to the rejected sample (not PL/pgSQL's own complaints).
      const err = e as { code?: string; message?: string };
      if (err.code === '42601' && /^syntax error/.test(err.message ?? '')) rejected.push(cand);
    }
  }
  await c.end();
  console.error(`postgresql: ${accepted.length} of ${cands.length} accepted (${unparsed} more passed without being parsed as SQL: left out)`);
  return { accepted, rejected, server };
}

async function pgAccepts(c: pg.Client, sql: string): Promise<boolean> {
  try {
    await c.query(`DO ${TAG} BEGIN RETURN; ${sql}; END ${TAG}`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The statement with a stray `)` is not a syntax error: the server did not read the statement to its end
 * (MariaDB raises some errors, such as an unknown system variable, while parsing), so its syntax is unproven.
 */
async function myAccepts(c: mysql.Connection, sql: string): Promise<boolean> {
  try {
    await c.query('PREPARE askdb_oracle_s FROM ?', [`${sql}\n)`]);
    return true;
  } catch (e) {
    const code = (e as { errno?: number }).errno;
    return code !== 1064 && code !== 1149;
  }
}

async function mysqlOracle(cands: Candidate[]): Promise<Verdicts> {
  const c = await mysql.createConnection({ host: '127.0.0.1', user: 'root', multipleStatements: false });
  await c.query('CREATE DATABASE IF NOT EXISTS askdb_oracle');
  await c.query('USE askdb_oracle');
  const [rows] = await c.query('SELECT VERSION() AS v');
  const server = (rows as { v: string }[])[0]!.v;
  const accepted: Candidate[] = [];
  const rejected: Candidate[] = [];
  const codes = new Map<number, number>();
  let unparsed = 0;
  for (const cand of cands) {
    if (/^\s*(prepare|execute|deallocate)\b/i.test(cand.sql)) continue;
    try {
      await c.query('PREPARE askdb_oracle_s FROM ?', [cand.sql]);
      if (await myAccepts(c, cand.sql)) unparsed++;
      else accepted.push(cand);
    } catch (e) {
      const code = (e as { errno?: number }).errno ?? 0;
      codes.set(code, (codes.get(code) ?? 0) + 1);
      if (code === 0 || (e as { fatal?: boolean }).fatal) throw e;
      if (code !== 1064 && code !== 1149) {
        if (await myAccepts(c, cand.sql)) unparsed++;
        else accepted.push(cand);
      }
      else rejected.push(cand);
    }
  }
  await c.query('DEALLOCATE PREPARE askdb_oracle_s').catch(() => undefined);
  await c.end();
  const top = [...codes].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k}:${v}`).join(' ');
  console.error(`mysql: ${accepted.length} of ${cands.length} accepted (${unparsed} more left out: the server stopped before their end); errors by code ${top}`);
  return { accepted, rejected, server };
}

function write(dialect: string, oracle: string, v: Verdicts): void {
  const picked = sample(v.accepted, PER_DIALECT);
  const refused = sample(v.rejected, REJECTED_SAMPLE);
  const sources = [...new Set([...picked, ...refused].map((p) => p.source))];
  const index = new Map(sources.map((s, k) => [s, k]));
  const rows = (list: Candidate[]) => list.map((p) => [index.get(p.source)!, p.sql]);
  const body = { dialect, oracle, server: v.server, sources, statements: rows(picked), rejected: rows(refused) };
  const file = path.join(OUT, `${dialect}.json.gz`);
  fs.writeFileSync(file, zlib.gzipSync(JSON.stringify(body), { level: 9 }));
  console.error(`${file}: ${picked.length} accepted and ${refused.length} rejected statements from ${sources.length} files, ${fs.statSync(file).size} bytes`);
}

if (args.get('pg')) {
  const v = await pgOracle(gather(args.get('pg')!, '.sql', psqlStatements));
  write('postgresql', 'PL/pgSQL DO block compiled with check_function_bodies (RETURN first)', { ...v, server: `PostgreSQL ${v.server}` });
}
if (args.get('mysql')) {
  const v = await mysqlOracle(gather(args.get('mysql')!, '.test', mysqltestStatements));
  write('mysql', 'PREPARE (errors 1064/1149 rejected)', { ...v, server: `MariaDB ${v.server}` });
}
