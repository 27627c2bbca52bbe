import { describe, expect, it } from 'vitest';
import { duckdbHarness as harness, requireServices } from './harness.js';
import { pairsFor } from './mutations.js';
import { roundTrip } from './runner.js';

const missing = await harness.available();
if (missing && requireServices()) throw new Error(`DuckDB is required: ${missing}`);
const pairs = pairsFor('duckdb');

describe.skipIf(!!missing)('DuckDB schema sync round trip', () => {
  it('has at least 40 schema pairs', () => expect(pairs.length).toBeGreaterThanOrEqual(40));
  for (const pair of pairs) {
    if (pair.waitsFor) it.fails(`${pair.name} — waits for ${pair.waitsFor}`, () => roundTrip(harness, pair), 180_000);
    else it(pair.name, () => roundTrip(harness, pair), 180_000);
  }
});
