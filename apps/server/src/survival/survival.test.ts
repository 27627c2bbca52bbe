/**
 * The server survives a public corpus sent through the console (issue 23.1): a sample of MariaDB's
 * own regression suite (package mariadb-test, mysqltest commands dropped) as a user limited to a
 * scratch database, and the PostgreSQL corpus (COPY in every direction, the command reference's
 * examples) as a non-superuser. After each file GET /api/system answers; no request gets a 5xx.
 * The whole corpus runs in the soak: `npm run soak -w bench`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/helpers.js';
import { MYSQL_TEST_DIR, mysqlTestFiles, pgCorpusFiles, surviveFile, type SurvivalApi } from './runner.js';
import { scratchMariadb, scratchPostgres, type Scratch } from './scratch.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MARIADB_SAMPLE = ['main/alias.test', 'main/kill.test', 'main/loaddata.test', 'main/sp-error.test'];
const PG_SAMPLE = ['000-setup.sql', '001-copy-all-directions.sql', '002-missing-forms.sql', 'copy.sql', 'create-function.sql', 'select.sql', 'alter-table.sql'];
const mariadbTests = mysqlTestFiles(MYSQL_TEST_DIR);
if (!mariadbTests.length) console.warn(`[skip] MariaDB survival sample: no mysql-test files at ${MYSQL_TEST_DIR} (install the Debian package mariadb-test)`);

describe('survival: corpus files through the console API', () => {
  let t: TestApp;
  const scratches: Scratch[] = [];
  const api = (): SurvivalApi => ({
    async execute(body) {
      const res = await t.app.inject({ method: 'POST', url: '/api/rdb/dml/execute', payload: body });
      let parsed: unknown = null;
      try { parsed = res.json(); } catch { /* not JSON */ }
      return { status: res.statusCode, body: parsed };
    },
    system: async () => (await t.app.inject({ method: 'GET', url: '/api/system' })).statusCode,
  });
  const source = async (s: Scratch) => {
    scratches.push(s);
    const r = await t.json('POST', '/api/connection/datasource/create', s.source);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    return r.body.data as number;
  };

  beforeAll(async () => { t = await testApp(); }, 60_000);
  afterAll(async () => {
    await t?.close();
    for (const s of scratches) await s.drop();
  });

  it('PostgreSQL corpus (COPY in every direction, reference examples) as a non-superuser: no 5xx, the server answers after each file', async () => {
    const id = await source(await scratchPostgres());
    const files = pgCorpusFiles(root).filter((f) => PG_SAMPLE.includes(path.basename(f)));
    expect(files).toHaveLength(PG_SAMPLE.length);
    for (const f of files) {
      const o = await surviveFile(api(), id, f);
      expect(o.faults, f).toEqual([]);
      expect(o.systemStatus, f).toBe(200);
      if (path.basename(f) !== '001-copy-all-directions.sql') continue;
      // The data of the COPY blocks arrived (as psql loads them: not the failing ones, the rolled-back transaction, the FREEZE on an old table, or the block after a \\copy line), and COPY TO STDOUT answers with its lines.
      const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: 'select count(*) from country; select string_agg(id::text, \',\' order by id) from copy_t; copy (select country_code from country order by 1 limit 2) to stdout' });
      expect(r.body.data.map((x: { dataList: unknown }) => x.dataList)).toEqual([[['5']], [['1,2,3,4,5,6,101']], [['AF'], ['AL']]]);
    }
  });

  it.runIf(mariadbTests.length > 0)('MariaDB regression sample as a user limited to a scratch database: no 5xx, the server answers after each file', async () => {
    const id = await source(await scratchMariadb());
    let statements = 0;
    for (const rel of MARIADB_SAMPLE) {
      const o = await surviveFile(api(), id, path.join(MYSQL_TEST_DIR, rel));
      statements += o.statements;
      expect(o.faults, rel).toEqual([]);
      expect(o.systemStatus, rel).toBe(200);
    }
    expect(statements).toBeGreaterThan(500);
    const r = await t.json('POST', '/api/rdb/dml/execute', { dataSourceId: id, sql: 'select 1' });
    expect(r.body.data[0].dataList).toEqual([['1']]);
  });
});
