/**
 * One round trip: create source and target, fill the target, diff, run the script on the target;
 * then a second diff must be empty and every row of every kept column must still be there.
 */
import { dialectFor, splitStatements } from '@askdb/sql';
import { expect } from 'vitest';
import { syncPlan } from '../../src/sync.js';
import type { EngineHarness, Side } from './harness.js';
import type { Pair } from './mutations.js';
import { quoter, renderRows, renderSchema } from './render.js';

export async function roundTrip(h: EngineHarness, pair: Pair): Promise<{ statements: string[] }> {
  const source = await h.open();
  let target: Side | null = null;
  try {
    target = await h.open();
    for (const s of renderSchema(h.engine, pair.source)) await source.exec(s);
    for (const s of [...renderSchema(h.engine, pair.target), ...renderRows(h.engine, pair.target)]) await target.exec(s);
    const before = await snapshot(h, target, pair, 'target');

    const sourceCatalog = await source.catalog();
    const plan = syncPlan(sourceCatalog, await target.catalog(), h.type, pair.options);
    expect(plan.statements.length, 'the pair differs, so the script is not empty').toBeGreaterThan(0);
    // The script text the user sees splits back into the same statements.
    expect(splitStatements(plan.text, dialectFor(h.type)).map((s) => s.sql.trim())).toEqual(plan.statements.map((s) => s.trim()));

    for (const s of plan.statements) await target.exec(s);

    const again = syncPlan(sourceCatalog, await target.catalog(), h.type, pair.options);
    expect(again.statements, 'second diff after applying the script').toEqual([]);
    const after = await snapshot(h, target, pair, 'source');
    expect(after).toEqual(before);
    return { statements: plan.statements };
  } finally {
    await source.dispose();
    await target?.dispose();
  }
}

/**
 * Rows of the columns both schemas keep, per table, as sorted normalised text. Read from the
 * target before the script ('target' names) and after it ('source' names, following renames).
 */
async function snapshot(h: EngineHarness, side: Side, pair: Pair, names: 'target' | 'source'): Promise<Record<string, string[]>> {
  const q = quoter(h.engine);
  const out: Record<string, string[]> = {};
  for (const t of pair.target.tables) {
    const sourceName = pair.tableMap[t.name] ?? t.name;
    const s = pair.source.tables.find((x) => x.name === sourceName);
    if (!s) continue;
    const cols = t.columns.flatMap((c) => {
      const to = pair.columnMap[t.name]?.[c.name] ?? c.name;
      return s.columns.some((x) => x.name === to) ? [[c.name, to] as const] : [];
    });
    if (!cols.length) continue;
    const table = names === 'target' ? t.name : sourceName;
    const list = cols.map(([from, to]) => q(names === 'target' ? from : to)).join(', ');
    const rows = await side.rows(`SELECT ${list} FROM ${q(table)}`);
    out[t.name] = rows.map((r) => r.map(normalise).join(' | ')).sort();
  }
  return out;
}

/** Text forms that change with a type but not with the value: 1.50 / 1.5000, t / true / 1. */
function normalise(v: string | null): string {
  if (v === null) return 'NULL';
  if (/^-?\d+(\.\d+)?$/.test(v)) return v.includes('.') ? v.replace(/\.?0+$/, '') : v;
  if (/^(t|true)$/i.test(v)) return '1';
  if (/^(f|false)$/i.test(v)) return '0';
  return v;
}
