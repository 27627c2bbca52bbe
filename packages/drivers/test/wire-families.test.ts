/**
 * Issue 29 item 4: the wire-compatible types go through their family's driver. Each one connects to
 * the real server of its family here (PostgreSQL wire: Kingbase, openGauss, GaussDB, CockroachDB,
 * Redshift; MySQL wire: TiDB, OceanBase (MySQL mode), Doris, StarRocks), lists the tables of a fresh
 * database and runs a query, with the type the user picked in the dialog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseType } from '@askdb/contracts';
import { driverFor } from '../src/registry.js';
import { postgresFixture } from './engines/postgres.js';
import { mariadbFixture } from './engines/mariadb.js';
import type { EngineFixture } from './engines/fixture.js';
import { must } from './run-sql.js';

const families: { fixture: EngineFixture; types: DatabaseType[]; create: string; schema: string | null }[] = [
  { fixture: postgresFixture, types: ['KINGBASE', 'OPENGAUSS', 'GAUSSDB', 'COCKROACHDB', 'REDSHIFT'], create: 'CREATE TABLE public.wire_orders (id int PRIMARY KEY, total numeric(10,2))', schema: 'public' },
  { fixture: mariadbFixture, types: ['TIDB', 'OCEANBASE', 'DORIS', 'STARROCKS'], create: 'CREATE TABLE wire_orders (id int PRIMARY KEY, total decimal(10,2))', schema: null },
];

for (const family of families) {
  describe(`${family.fixture.name} wire family`, async () => {
    const available = await family.fixture.available();
    let sandbox: Awaited<ReturnType<EngineFixture['sandbox']>>;
    beforeAll(async () => {
      if (!available) return;
      sandbox = await family.fixture.sandbox();
      const setup = await (await driverFor(family.fixture.type)).connect(sandbox.config);
      try {
        await must(setup, family.create);
        await must(setup, 'INSERT INTO wire_orders VALUES (1, 12.50), (2, 7.25)', { databaseName: sandbox.config.databaseName, schemaName: family.schema });
      } finally {
        await setup.close();
      }
    });
    afterAll(async () => {
      if (sandbox) await sandbox.cleanup();
    });

    for (const type of family.types) {
      it.skipIf(!available)(`${type}: connects, lists the tables and runs a query`, async () => {
        const driver = await driverFor(type);
        expect(driver.types).toContain(type);
        const conn = await driver.connect({ ...sandbox.config, type, alias: type.toLowerCase() });
        try {
          const loc = { databaseName: sandbox.config.databaseName, schemaName: family.schema };
          const tables = await conn.metadata.tables(loc);
          expect(tables.data.map((t) => t.name)).toContain('wire_orders');
          const r = await must(conn, 'SELECT SUM(total) AS total FROM wire_orders', loc);
          expect(r.header?.[0]?.name.toLowerCase()).toBe('total');
          expect(r.rows).toEqual([['19.75']]);
        } finally {
          await conn.close();
        }
      });
    }
  });
}
