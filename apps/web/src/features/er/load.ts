/** Reads a schema's tables, columns and foreign keys for the ER diagram (a few requests at a time, up to a cap). */
import { metaApi, type Location } from '../workspace/meta-api';
import type { ErEdge, ErTable } from './layout';

export const ER_TABLE_CAP = 300;

export async function loadEr(loc: Location, onProgress: (done: number, total: number) => void, signal: { cancelled: boolean }): Promise<{ tables: ErTable[]; edges: ErEdge[]; total: number }> {
  const page = await metaApi.tables(loc);
  const names = page.data.map((t) => t.name).slice(0, ER_TABLE_CAP);
  const comments = new Map(page.data.map((t) => [t.name, t.comment]));
  const tables: ErTable[] = [];
  const edges: ErEdge[] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < names.length && !signal.cancelled) {
      const name = names[next++]!;
      const l = { ...loc, tableName: name };
      const [cols, keys] = await Promise.all([metaApi.columns(l).catch(() => []), metaApi.keys(l).catch(() => [])]);
      const fkCols = new Set(keys.filter((k) => k.type === 'FOREIGN').flatMap((k) => k.columns));
      tables.push({ name, comment: comments.get(name), columns: cols.map((c) => ({ name: c.name, type: c.columnType, pk: c.primaryKey, fk: fkCols.has(c.name) })) });
      for (const k of keys) {
        if (k.type === 'FOREIGN' && k.referencedTable && (!k.referencedSchema || !loc.schemaName || k.referencedSchema === loc.schemaName)) {
          edges.push({ from: name, fromColumns: k.columns, to: k.referencedTable, toColumns: k.referencedColumns ?? [] });
        }
      }
      onProgress(++done, names.length);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  tables.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
  return { tables, edges, total: page.total };
}
