/**
 * MariaDB schema sync against mariadb-dump (issue 26): routines, triggers and events, ON UPDATE
 * columns, generated columns and the tables' engine and character set all arrive; the dumps agree.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mariadbOracle, oracleSides, syncAndCompare, unavailable } from './oracle.js';

const KITCHEN = fileURLToPath(new URL('./fixtures/mariadb-kitchen.sql', import.meta.url));
const missing = await unavailable(mariadbOracle, 'MariaDB');

describe.skipIf(!!missing)('MariaDB schema sync equals mariadb-dump', () => {
  const { open, kitchen } = oracleSides(mariadbOracle, KITCHEN);

  it('an empty database becomes the kitchen sink', async () => {
    const statements = await syncAndCompare(mariadbOracle, kitchen(), await open());
    const text = statements.join('\n');
    for (const needle of ['CREATE FUNCTION', 'CREATE PROCEDURE', 'CREATE TRIGGER', 'CREATE EVENT', 'ON UPDATE current_timestamp()', 'DEFAULT CHARSET=latin1', 'ENGINE=MyISAM', 'VIRTUAL', 'STORED']) expect(text).toContain(needle);
  }, 120_000);

  it('the kitchen sink becomes empty again', async () => {
    const target = await open();
    target.load(KITCHEN);
    await syncAndCompare(mariadbOracle, await open(), target);
  }, 120_000);
});
