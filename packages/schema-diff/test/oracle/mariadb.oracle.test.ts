/**
 * MariaDB schema sync against mariadb-dump (issue 26): routines, triggers and events, ON UPDATE
 * columns, generated columns and the tables' engine and character set all arrive; the dumps agree.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mariadbOracle, oracleName, syncAndCompare, type OracleSide } from './oracle.js';

const KITCHEN = fileURLToPath(new URL('./fixtures/mariadb-kitchen.sql', import.meta.url));
const available = await mariadbOracle.open(oracleName('askdb_or_probe')).then((s) => s.drop().then(() => null), (e: Error) => e.message);
if (available && process.env.ASKDB_REQUIRE_SERVICES === '1') throw new Error(`MariaDB is required: ${available}`);

describe.skipIf(!!available)('MariaDB schema sync equals mariadb-dump', () => {
  const sides: OracleSide[] = [];
  const open = async () => {
    const s = await mariadbOracle.open(oracleName('askdb_or'));
    sides.push(s);
    return s;
  };
  let kitchen: OracleSide;
  beforeAll(async () => {
    kitchen = await open();
    kitchen.load(KITCHEN);
  }, 60_000);
  afterAll(async () => {
    for (const s of sides) await s.drop();
  });

  it('an empty database becomes the kitchen sink', async () => {
    const statements = await syncAndCompare(mariadbOracle, kitchen, await open());
    const text = statements.join('\n');
    for (const needle of ['CREATE FUNCTION', 'CREATE PROCEDURE', 'CREATE TRIGGER', 'CREATE EVENT', 'ON UPDATE current_timestamp()', 'DEFAULT CHARSET=latin1', 'ENGINE=MyISAM', 'VIRTUAL', 'STORED']) expect(text).toContain(needle);
  }, 120_000);

  it('the kitchen sink becomes empty again', async () => {
    const target = await open();
    target.load(KITCHEN);
    await syncAndCompare(mariadbOracle, await open(), target);
  }, 120_000);
});
