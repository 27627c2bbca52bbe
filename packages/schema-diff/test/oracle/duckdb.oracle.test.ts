/**
 * DuckDB schema sync against EXPORT DATABASE's schema.sql (issue 26): ENUM types arrive before the
 * tables that use them, and leave after them; both ways the exported structure is the same.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { syncPlan } from '../../src/sync.js';
import { catalogWithObjects, exec, oracleName, type OracleSide } from './oracle.js';
import { duckdbOracle, dumpDuckdb, loadDuckdb } from './oracle-duckdb.js';

const KITCHEN = fileURLToPath(new URL('./fixtures/duckdb-kitchen.sql', import.meta.url));

describe('DuckDB schema sync equals EXPORT DATABASE', () => {
  const sides: OracleSide[] = [];
  const open = async () => {
    const s = await duckdbOracle.open(oracleName('askdb_or'));
    sides.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of sides) await s.drop();
  });

  const syncAndCompare = async (source: OracleSide, target: OracleSide) => {
    const sourceCatalog = await catalogWithObjects(source);
    const plan = syncPlan(sourceCatalog, await catalogWithObjects(target), 'DUCKDB');
    for (const s of plan.statements) await exec(target, s);
    expect(await dumpDuckdb(target)).toEqual(await dumpDuckdb(source));
    expect(syncPlan(sourceCatalog, await catalogWithObjects(target), 'DUCKDB').statements, 'second diff').toEqual([]);
    return plan.statements;
  };

  it('an empty file becomes the kitchen sink: ENUM types before the tables using them', async () => {
    const kitchen = await open();
    await loadDuckdb(kitchen, KITCHEN);
    const statements = await syncAndCompare(kitchen, await open());
    const typeAt = statements.findIndex((s) => s.startsWith('CREATE TYPE') && s.includes('mood'));
    expect(typeAt).toBeGreaterThanOrEqual(0);
    expect(typeAt).toBeLessThan(statements.findIndex((s) => /CREATE TABLE \S*customer/.test(s)));
  }, 120_000);

  it('the kitchen sink becomes empty again: the types go after the tables', async () => {
    const target = await open();
    await loadDuckdb(target, KITCHEN);
    await syncAndCompare(await open(), target);
  }, 120_000);
});
