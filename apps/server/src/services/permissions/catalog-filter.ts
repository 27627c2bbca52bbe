/**
 * The catalog a member with table-level grants works with in the editor (completion, hover,
 * keywords): only the tables and views they may open. Table objects are kept by reference (a catalog
 * read in stages fills their columns later) and each filtered copy is built once per catalog object
 * and set of grants, so completion's per-catalog index is not rebuilt on every keystroke.
 */
import type { SchemaCatalog } from '@askdb/sql';

const copies = new WeakMap<object, Map<string, SchemaCatalog>>();

export function catalogFor<C extends SchemaCatalog>(catalog: C, allowed: (name: string) => boolean, signature: string): C {
  let bySignature = copies.get(catalog);
  if (!bySignature) {
    bySignature = new Map();
    copies.set(catalog, bySignature);
  }
  let copy = bySignature.get(signature);
  if (!copy) {
    copy = { ...catalog, tables: catalog.tables.filter((t) => allowed(t.name)), views: catalog.views?.filter((v) => allowed(v.name)) };
    if (bySignature.size > 50) bySignature.clear();
    bySignature.set(signature, copy);
  }
  return copy as C;
}

/**
 * The databases a member under grants sees in the tree (issue 24 point 5): only those they may
 * browse — never the rest of the server's databases tagged (the spec tags data sources, not
 * databases). On a source set to one database, that one, plus any other a grant names by name.
 */
export function browsableDatabases<T extends { name: string }>(rows: T[], may: { browse: (name: string) => boolean; named: (name: string) => boolean }, configured: string | null): T[] {
  return rows.filter((r) => may.browse(r.name) && (!configured || r.name === configured || may.named(r.name)));
}
