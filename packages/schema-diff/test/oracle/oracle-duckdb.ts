/**
 * The DuckDB side of the oracle: the engine's own structure dump is EXPORT DATABASE's schema.sql
 * (every CREATE statement DuckDB would run to rebuild the database), read through the side's own
 * connection (the file is locked to it). Normalised: nothing but the export folder's path.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { driverFor } from '@askdb/drivers';
import { dialectFor, splitStatements } from '@askdb/sql';
import { exec, type OracleEngine, type OracleSide } from './oracle.js';

export const duckdbOracle: OracleEngine = {
  type: 'DUCKDB',
  async open(name) {
    const dir = mkdtempSync(join(tmpdir(), 'askdb-or-duck-'));
    const file = join(dir, `${name}.duckdb`);
    const conn = await (await driverFor('DUCKDB')).connect({ alias: name, type: 'DUCKDB', filePath: file, options: { create: 'true' } });
    let exports = 0;
    const side: OracleSide = {
      name, conn, loc: { databaseName: name, schemaName: 'main' },
      load: () => { throw new Error('use loadDuckdb (DuckDB has no shell here)'); },
      dump: () => { throw new Error('use dumpDuckdb (EXPORT DATABASE runs through the connection)'); },
      async drop() {
        await conn.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
    (side as OracleSide & { exportDir: () => string }).exportDir = () => join(dir, `export_${++exports}`);
    return side;
  },
};

export async function loadDuckdb(side: OracleSide, script: string): Promise<void> {
  for (const s of splitStatements(readFileSync(script, 'utf8'), dialectFor('DUCKDB'))) if (s.sql.trim()) await exec(side, s.sql);
}

export async function dumpDuckdb(side: OracleSide): Promise<string> {
  const out = (side as OracleSide & { exportDir: () => string }).exportDir();
  await exec(side, `EXPORT DATABASE '${out}'`);
  const text = readFileSync(join(out, 'schema.sql'), 'utf8');
  rmSync(out, { recursive: true, force: true });
  return text.trim();
}
