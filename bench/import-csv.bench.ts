/**
 * Importing a 1,000,000-row CSV (id, name with quotes and commas, decimal, date) into a new table:
 * our import (the task's reader and TableImporter: batches of 5,000 rows, one transaction each,
 * each batch through COPY FROM STDIN / LOAD DATA LOCAL INFILE with the INSERT fallback ready, the
 * next batch read while one is written) against the database's own bulk loader reading the same
 * file in the same run — PostgreSQL `COPY … FROM` (server-side file) and MariaDB
 * `LOAD DATA LOCAL INFILE`. Prints the time ratio and our RSS growth (bounded memory).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import mysql from 'mysql2';
import { driverFor, type Connection } from '@askdb/drivers';
import { dialectFor } from '@askdb/sql';
import { median, type BenchLine } from './lib.js';
import { delimitedSource } from '../apps/server/src/services/tasks/readers.js';
import { TableImporter } from '../apps/server/src/services/tasks/import-table.js';

const ROWS = Number(process.env.ASKDB_BENCH_IMPORT_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.ASKDB_BENCH_ROUNDS ?? 1);
const PG_URL = process.env.ASKDB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MYSQL_URL = new URL(process.env.ASKDB_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306');
const DB = `askdb_bench_import_${process.pid}`;

function writeCsv(file: string): void {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, 'id,name,amount,created\n');
  let buf: string[] = [];
  for (let i = 1; i <= ROWS; i++) {
    buf.push(`${i},"name ${i}, the ""${i % 7}""",${(i * 1.25).toFixed(2)},2024-01-${String((i % 28) + 1).padStart(2, '0')}`);
    if (buf.length === 10_000) {
      fs.writeSync(fd, buf.join('\n') + '\n');
      buf = [];
    }
  }
  if (buf.length) fs.writeSync(fd, buf.join('\n') + '\n');
  fs.closeSync(fd);
}

async function pgAdmin(sql: string, database?: string): Promise<void> {
  const url = new URL(PG_URL);
  if (database) url.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
}

function myQuery(sql: string, opts: Record<string, unknown> = {}): Promise<unknown> {
  const c = mysql.createConnection({ host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306), user: decodeURIComponent(MYSQL_URL.username || 'root'), password: decodeURIComponent(MYSQL_URL.password), flags: ['+LOCAL_FILES'] });
  return new Promise((resolve, reject) => c.query({ sql, ...opts }, (err, res) => { c.end(); if (err) reject(err); else resolve(res); }));
}

async function ours(conn: Connection, type: 'POSTGRESQL' | 'MARIADB', file: string, table: string): Promise<{ ms: number; rssMb: number; rows: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 20);
  const t0 = performance.now();
  const src = await delimitedSource(file, { delimiter: ',', encoding: 'utf-8', header: true });
  const out = await new TableImporter(
    { conn, dialect: dialectFor(type), databaseName: type === 'MARIADB' ? DB : null, schemaName: type === 'POSTGRESQL' ? 'public' : null, tableName: table, mode: 'new', batchSize: 5000, skipBadRows: true },
    src,
    { shouldStop: async () => false, report: async () => undefined },
  ).run();
  const ms = performance.now() - t0;
  clearInterval(timer);
  if (out.state !== 'DONE' || out.counters.committedRows !== ROWS) throw new Error(`import ended ${out.state}: ${out.error} (${out.counters.committedRows} rows)`);
  return { ms, rssMb: (peak - before) / 1024 / 1024, rows: out.counters.committedRows };
}

export default async function run(): Promise<BenchLine[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'askdb-bench-import-'));
  fs.chmodSync(dir, 0o755);
  const file = path.join(dir, 'rows.csv');
  writeCsv(file);
  fs.chmodSync(file, 0o644);
  const lines: BenchLine[] = [];
  try {
    // PostgreSQL
    await pgAdmin(`CREATE DATABASE ${DB}`);
    const server = new URL(PG_URL);
    const pgConn = await (await driverFor('POSTGRESQL')).connect({ alias: 'bench', type: 'POSTGRESQL', host: server.hostname, port: Number(server.port || 5432), user: decodeURIComponent(server.username || 'postgres'), password: decodeURIComponent(server.password), databaseName: DB });
    const oursPg: number[] = [], copyPg: number[] = [];
    let rssPg = 0;
    try {
      for (let r = 0; r < ROUNDS; r++) {
        const o = await ours(pgConn, 'POSTGRESQL', file, `ours_${r}`);
        oursPg.push(o.ms);
        rssPg = Math.max(rssPg, o.rssMb);
        await pgAdmin(`CREATE TABLE copy_${r} (id integer, name text, amount decimal(38,4), created date)`, DB);
        const t0 = performance.now();
        await pgAdmin(`COPY copy_${r} FROM '${file}' WITH (FORMAT csv, HEADER true)`, DB);
        copyPg.push(performance.now() - t0);
      }
    } finally {
      await pgConn.close();
      await pgAdmin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    }
    lines.push({ name: `import-csv: ${ROWS} rows into PostgreSQL (our import task)`, unit: 'ms', median: median(oursPg), baselineName: 'COPY FROM file', baselineMedian: median(copyPg), extra: { rounds: ROUNDS, rssGrowthMb: rssPg.toFixed(0), rowsPerSecond: Math.round(ROWS / (median(oursPg) / 1000)) } });

    // MariaDB
    await myQuery(`DROP DATABASE IF EXISTS ${DB}`);
    await myQuery(`CREATE DATABASE ${DB}`);
    await myQuery('SET GLOBAL local_infile = 1').catch(() => undefined);
    const myConn = await (await driverFor('MARIADB')).connect({ alias: 'bench', type: 'MARIADB', host: MYSQL_URL.hostname, port: Number(MYSQL_URL.port || 3306), user: decodeURIComponent(MYSQL_URL.username || 'root'), password: decodeURIComponent(MYSQL_URL.password) });
    const oursMy: number[] = [], loadMy: number[] = [];
    let rssMy = 0;
    try {
      for (let r = 0; r < ROUNDS; r++) {
        const o = await ours(myConn, 'MARIADB', file, `ours_${r}`);
        oursMy.push(o.ms);
        rssMy = Math.max(rssMy, o.rssMb);
        await myQuery(`CREATE TABLE ${DB}.load_${r} (id int, name longtext, amount decimal(38,4), created date)`);
        const t0 = performance.now();
        await myQuery(`LOAD DATA LOCAL INFILE 'rows.csv' INTO TABLE ${DB}.load_${r} FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '"' ESCAPED BY '' LINES TERMINATED BY '\\n' IGNORE 1 LINES`, { infileStreamFactory: () => fs.createReadStream(file) });
        loadMy.push(performance.now() - t0);
      }
    } finally {
      await myConn.close();
      await myQuery(`DROP DATABASE IF EXISTS ${DB}`);
    }
    lines.push({ name: `import-csv: ${ROWS} rows into MariaDB (our import task)`, unit: 'ms', median: median(oursMy), baselineName: 'LOAD DATA LOCAL INFILE', baselineMedian: median(loadMy), extra: { rounds: ROUNDS, rssGrowthMb: rssMy.toFixed(0), rowsPerSecond: Math.round(ROWS / (median(oursMy) / 1000)) } });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}
