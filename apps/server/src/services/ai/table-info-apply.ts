/**
 * "Change AI table info" applied to the AI's catalog (pure; no I/O): excluded columns are removed
 * — with every key that names them, in their table or pointing at it — so they reach neither schema
 * linking nor a prompt nor the sampled values; AI names become aliases and lead the comments; the
 * AI comment replaces the database's comment for the AI; enum values and example data join the
 * column's comment (always rendered) and its samples; a foreign key the user names is added.
 */
import type { Catalog, CatalogColumn, CatalogForeignKey, CatalogTable } from '@askdb/ai';
import type { AiColumnInfo, AiTableInfo } from './table-info-schema.js';

const lastPart = (name: string) => name.toLowerCase().split('.').pop()!;

/** Looks a table's info up by exact name, else by its unqualified name in any case. */
export function infoLookup(infos: Map<string, AiTableInfo>): (tableName: string) => AiTableInfo | undefined {
  const loose = new Map<string, AiTableInfo>();
  for (const [name, info] of infos) if (!loose.has(lastPart(name))) loose.set(lastPart(name), info);
  return (name) => infos.get(name) ?? loose.get(lastPart(name));
}

/** An AI name may list several ("buyer, client"): each is an alias of its own. */
const namesIn = (s: string | undefined) => (s ?? '').split(/[,;，、；]/).map((x) => x.trim()).filter(Boolean);

function excludedOf(info: AiTableInfo | undefined): Set<string> {
  return new Set((info?.columns ?? []).filter((c) => c.excluded).map((c) => c.name));
}

/**
 * The column's comment for the AI. The AI names are not in it: linking reads them as names
 * (`aliases`), and a label in every comment would make "name" match every aliased column;
 * `promptView` puts them in front for the prompt.
 */
function columnComment(original: string | undefined, c: AiColumnInfo): string | undefined {
  const parts = [
    c.aliasComment ?? original ?? '',
    c.enumValues?.length ? `values: ${c.enumValues.join(', ')}` : '',
    c.exampleData ? `e.g. ${c.exampleData}` : '',
    c.exampleFunction ? `use: ${c.exampleFunction}` : '',
    c.extraAttribute ?? '',
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : undefined;
}

function exampleValues(c: AiColumnInfo): string[] {
  const examples = (c.exampleData ?? '').split(/[\n,;]/).map((s) => s.trim()).filter(Boolean);
  return [...new Set([...(c.enumValues ?? []), ...examples])].slice(0, 20);
}

function applyColumn(col: CatalogColumn, c: AiColumnInfo | undefined): CatalogColumn {
  if (!c) return col;
  const comment = columnComment(col.comment, c);
  const samples = exampleValues(c);
  return {
    ...col,
    ...(comment ? { comment } : {}),
    ...(c.aliasName ? { aliases: [...new Set([...(col.aliases ?? []), ...namesIn(c.aliasName)])] } : {}),
    ...(samples.length ? { samples } : {}),
  };
}

function tableComment(original: string | undefined, info: AiTableInfo): string | undefined {
  return info.aiTableComment ?? original;
}

const labelled = (aliases: string[] | undefined, comment: string | undefined, sep: string) =>
  aliases?.length ? [`AI name: ${aliases.join(', ')}`, comment].filter(Boolean).join(sep) : comment;

/**
 * The tables a prompt may show (the first `max` of `linked`, and every mentioned one), with their AI
 * names written in front of their comments ("AI name: patients. one row per patient"): the model
 * reads names only as text. Other tables are left out (the prompt never shows them).
 */
export function promptView(catalog: Catalog, linked: { tableName: string; mentioned?: boolean }[], max = 50): Catalog {
  const wanted = new Set(linked.filter((l, i) => l.mentioned || i < max).map((l) => l.tableName));
  return { ...catalog, tables: catalog.tables.filter((t) => wanted.has(t.name)).map(promptTable) };
}

/** One table as promptView writes it (also for a table-bound question's DDL). */
export function promptTable(t: CatalogTable): CatalogTable {
  if (!t.aliases?.length && !t.columns.some((c) => c.aliases?.length)) return t;
  const comment = labelled(t.aliases, t.comment, '. ');
  const { comment: _c, ...rest } = t;
  return {
    ...rest,
    ...(comment ? { comment } : {}),
    columns: t.columns.map((c) => {
      if (!c.aliases?.length) return c;
      const { comment: _cc, ...col } = c;
      return { ...col, comment: labelled(c.aliases, c.comment, '; ')! };
    }),
  };
}

/**
 * The catalog as the AI should see it. `infoOf` answers a table's info in effect (null when none);
 * tables without info keep their object (and the catalog is the same object when no table has any).
 */
export function applyTableInfo(catalog: Catalog, infoOf: (tableName: string) => AiTableInfo | undefined): Catalog {
  const infos = catalog.tables.map((t) => infoOf(t.name));
  if (infos.every((i) => !i)) return catalog;
  const excludedByTable = new Map<string, Set<string>>();
  catalog.tables.forEach((t, i) => {
    const ex = excludedOf(infos[i]);
    if (ex.size) excludedByTable.set(lastPart(t.name), ex);
  });
  // A key that names an excluded column (here, or as the column it references) goes with it.
  const fkKept = (excluded: Set<string>) => (fk: CatalogForeignKey) =>
    !fk.columns.some((c) => excluded.has(c)) && !fk.referencedColumns.some((c) => excludedByTable.get(lastPart(fk.referencedTable))?.has(c));
  const tables = catalog.tables.map((t, i): CatalogTable => {
    const info = infos[i];
    const excluded = excludedByTable.get(lastPart(t.name)) ?? new Set<string>();
    const referencesExcluded = (t.foreignKeys ?? []).some((fk) => !fkKept(excluded)(fk));
    if (!info && !referencesExcluded) return t;
    const byCol = new Map((info?.columns ?? []).map((c) => [c.name, c]));
    const columns = t.columns.filter((c) => !excluded.has(c.name)).map((c) => applyColumn(c, byCol.get(c.name)));
    const keptNames = new Set(columns.map((c) => c.name));
    const foreignKeys = [...(t.foreignKeys ?? [])];
    for (const c of info?.columns ?? []) {
      if (!c.foreignTable || !keptNames.has(c.name) || foreignKeys.some((fk) => fk.columns.length === 1 && fk.columns[0] === c.name)) continue;
      foreignKeys.push({ columns: [c.name], referencedTable: c.foreignTable, referencedColumns: c.foreignColumn ? [c.foreignColumn] : [] });
    }
    const comment = info ? tableComment(t.comment, info) : t.comment;
    const { comment: _old, aliases: _aliases, ...rest } = t;
    return {
      ...rest,
      ...(comment ? { comment } : {}),
      ...(info?.aiTableName || t.aliases?.length ? { aliases: [...new Set([...(t.aliases ?? []), ...namesIn(info?.aiTableName)])] } : {}),
      columns,
      foreignKeys: foreignKeys.filter(fkKept(excluded)),
    };
  });
  return { ...catalog, tables };
}
