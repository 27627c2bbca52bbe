/**
 * Schema objects beyond tables, views and sequences (issue 26): which to create, replace or drop, and
 * in what order. Objects are compared by identity (kind, name, signature or table) and by the text the
 * engine itself writes for them; the order is a topological one over the dependencies the engine
 * reports (pg_depend, routine bodies, the tables a trigger or policy hangs on), within the phase the
 * object belongs to (before tables, after tables, after views).
 */
import type { SchemaObjectInfo } from '@askdb/drivers';

export type SchemaObjectModel = SchemaObjectInfo;

export interface ObjectChanges {
  /** To create (new, or changed and not replaceable in place), dependencies first. */
  create: SchemaObjectModel[];
  /** To drop (only in the target, or changed and not replaceable), dependants first. */
  drop: SchemaObjectModel[];
  /** Identities that exist only in the target: the destructive part of the script. */
  destructive: string[];
}

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
export const sameObject = (a: SchemaObjectModel, b: SchemaObjectModel) =>
  a.create.length === b.create.length && a.create.every((s, i) => squeeze(s) === squeeze(b.create[i]!));

/**
 * `recreate`: identities whose object is dropped implicitly by the table script (a trigger or index on
 * a view that is re-created): they are created again even when unchanged.
 */
export function diffObjects(source: SchemaObjectModel[], target: SchemaObjectModel[], opts: { noDrops?: boolean; recreate?: (o: SchemaObjectModel) => boolean } = {}): ObjectChanges {
  const targetBy = new Map(target.map((o) => [o.identity, o]));
  const sourceIds = new Set(source.map((o) => o.identity));
  const create: SchemaObjectModel[] = [];
  const drop: SchemaObjectModel[] = [];
  for (const s of source) {
    const t = targetBy.get(s.identity);
    if (!t) create.push(s);
    else if (!sameObject(s, t)) {
      if (!s.replaceable) drop.push(t);
      create.push(s);
    } else if (opts.recreate?.(t)) create.push(s);
  }
  const destructive: string[] = [];
  if (!opts.noDrops) {
    for (const t of target) {
      if (sourceIds.has(t.identity)) continue;
      drop.push(t);
      destructive.push(t.identity);
    }
  }
  return { create: topological(create), drop: topological(drop).reverse(), destructive };
}

/** Dependencies first; a cycle (which the engine would refuse anyway) keeps the input order for its members. */
export function topological(objects: SchemaObjectModel[]): SchemaObjectModel[] {
  const by = new Map(objects.map((o) => [o.identity, o]));
  const state = new Map<string, 'visiting' | 'done'>();
  const out: SchemaObjectModel[] = [];
  const visit = (o: SchemaObjectModel) => {
    const st = state.get(o.identity);
    if (st) return;
    state.set(o.identity, 'visiting');
    for (const d of o.dependsOn) {
      const dep = by.get(d);
      if (dep && dep !== o && state.get(d) !== 'visiting') visit(dep);
    }
    state.set(o.identity, 'done');
    out.push(o);
  };
  for (const o of objects) visit(o);
  return out;
}

/** The schema token in an object's text, written as the target's qualifier (or nothing, unqualified). */
export function placeSchema(text: string, token: string, schema: string | null, quote: (name: string) => string): string {
  if (!text.includes(token)) return text;
  if (schema === null) return text.split(`${token}.`).join('').split(token).join('public');
  const q = quote(schema);
  return text.split(token).join(q);
}
