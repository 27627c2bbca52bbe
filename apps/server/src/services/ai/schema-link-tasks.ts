/**
 * Schema linking of big catalogs in a worker thread (issue 19 point 1): building the index of a
 * 30,000-table schema takes seconds and ranking it hundreds of milliseconds, which on the event loop
 * would stall every user. The worker keeps the indexes of the last few catalogs; the server sends a
 * catalog in slices (a few milliseconds of copying each, with the event loop free between them) the
 * first time, then only questions.
 */
import { buildSchemaIndex, rankTables, type CatalogTable, type LinkOptions, type LinkedTable, type SchemaIndex } from '@askdb/ai';

export type LinkTask =
  | { op: 'warm' }
  | { op: 'begin'; key: number }
  | { op: 'tables'; key: number; tables: CatalogTable[] }
  | { op: 'end'; key: number }
  | { op: 'rank'; key: number; question: string; options: LinkOptions };

export type LinkAnswer = { ok: true } | { ok: true; linked: LinkedTable[] } | { ok: false; missing: true };

/** Indexes kept at once (a 30,000-table index is a few hundred MB). */
export const KEPT_INDEXES = 2;

const pending = new Map<number, CatalogTable[]>();
/** key → index, least recently used first. */
const indexes = new Map<number, SchemaIndex>();

export function runLinkTask(t: LinkTask): LinkAnswer {
  switch (t.op) {
    case 'warm':
      return { ok: true };
    case 'begin':
      pending.set(t.key, []);
      return { ok: true };
    case 'tables': {
      const list = pending.get(t.key);
      if (!list) return { ok: false, missing: true };
      for (const table of t.tables) list.push(table);
      return { ok: true };
    }
    case 'end': {
      const tables = pending.get(t.key);
      pending.delete(t.key);
      if (!tables) return { ok: false, missing: true };
      indexes.set(t.key, buildSchemaIndex({ tables }));
      while (indexes.size > KEPT_INDEXES) indexes.delete(indexes.keys().next().value!);
      return { ok: true };
    }
    case 'rank': {
      const index = indexes.get(t.key);
      if (!index) return { ok: false, missing: true };
      indexes.delete(t.key);
      indexes.set(t.key, index);
      return { ok: true, linked: rankTables(index, t.question, t.options) };
    }
  }
}
