/**
 * The tables a statement names, read from the cursor context completion uses: on a big schema the
 * server reads the columns of these first, before the rest of the catalog.
 */
import type { CursorContext } from './context.js';

const PLACEHOLDER = 'zz_askdb_cursor';

/**
 * Table names (as written, unquoted) of the statement at the cursor that may live in the bound schema
 * (`bound`: the schema, or the database for engines without schemas): unqualified names that are not
 * CTEs, names qualified with the bound one, and the `q` of `q.|`.
 */
export function namedTables(ctx: CursorContext, bound?: string | null): string[] {
  const out = new Set<string>();
  const b = bound?.toLowerCase();
  const ctes = new Set<string>();
  for (const s of ctx.analysis?.scopes ?? []) for (const c of s.ctes) ctes.add(c.name.toLowerCase());
  for (const t of ctx.analysis?.tables ?? []) {
    const parts = t.path.parts;
    const name = parts[parts.length - 1];
    if (!name || name === PLACEHOLDER) continue;
    if (parts.length === 1 && ctes.has(name.toLowerCase())) continue;
    if (parts.length >= 2 && parts[parts.length - 2]!.toLowerCase() !== b) continue;
    out.add(name);
  }
  // `customers.|` with no FROM yet names a table; `t.|` where t is an alias does not.
  const q = ctx.qualifier;
  const aliases = new Set((ctx.analysis?.tables ?? []).map((t) => t.alias?.toLowerCase()));
  if (q && (q.length === 1 ? !aliases.has(q[0]!.toLowerCase()) : q[q.length - 2]!.toLowerCase() === b)) out.add(q[q.length - 1]!);
  return [...out];
}
